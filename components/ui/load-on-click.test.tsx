import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { clickLoaded, LoadOnClick } from './load-on-click';

describe('an action loaded on its first click', () => {
  it("is the page's own button in the first HTML, its code not yet asked for", () => {
    let asked = 0;
    const Part = clickLoaded(async () => {
      asked += 1;
      return () => <p>loaded</p>;
    });
    for (const beside of [false, true]) {
      const html = renderToString(
        <LoadOnClick
          part={Part}
          props={{}}
          beside={beside}
          button={(load, loading) => (
            <button type="button" onClick={load}>
              {loading ? 'Refreshing…' : 'Refresh now'}
            </button>
          )}
        />,
      );
      expect(html).toBe('<button type="button">Refresh now</button>');
    }
    expect(asked).toBe(0);
  });
});
