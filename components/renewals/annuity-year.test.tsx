import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AnnuityYear } from './annuity-year';

const text = (html: string) => html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '');

describe('an annuity year', () => {
  it('reads "year 11 (payment 8)" with its space, as text and not only on screen', () => {
    expect(
      text(
        renderToString(
          <p>
            year <AnnuityYear year={11} paymentSequence={8} />
          </p>,
        ),
      ),
    ).toBe('year 11 (payment 8)');
    expect(text(renderToString(<AnnuityYear year={11} paymentSequence={null} />))).toBe('11');
  });
});
