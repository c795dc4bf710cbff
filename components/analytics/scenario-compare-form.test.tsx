import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SavedViewItem } from '@/lib/views/pages';
import { ScenarioCompareForm } from './scenario-compare-form';

const view = (id: string, name: string, mine: boolean): SavedViewItem => ({
  id,
  page: 'scenarios',
  name,
  query: '',
  shared: !mine,
  mine,
  ownerName: 'Ada',
});

describe('picking two scenarios to compare', () => {
  it('offers the scenario in the address on the left only, and names a colleague’s scenario with its owner', () => {
    const html = renderToString(
      <ScenarioCompareForm
        views={[view('v1', 'Drop old DE', true), view('v2', 'Keep US', false)]}
        rule={{ offices: ['DE'], families: [], tags: [], minAnnuityYear: null, scoreBelow: null }}
        left={null}
        right="v2"
      />,
    );
    const [left, right] = html.split('id="compare-right"');
    expect(left).toContain('name="left"');
    expect(left).toContain('This scenario');
    expect(right).not.toContain('This scenario');
    expect(right).toContain('Keep US (Ada)');
    expect(right).toContain('>Drop old DE<');
    expect(html).toContain('name="office" value="DE"');
  });
});
