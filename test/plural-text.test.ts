import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No "(s)" in what the dashboard says: a count takes its noun in the right number through
 * lib/format/plural.ts ("1 patent", "2 patents"). Read from the source of app/, components/ and
 * lib/ (tests and comments aside; "http(s)" is not a plural).
 */
describe('the words of the dashboard', () => {
  it('never write a plural as "(s)"', () => {
    const root = join(import.meta.dirname, '..');
    const found: string[] = [];
    for (const dir of ['app', 'components', 'lib'])
      for (const path of readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })) {
        if (!/\.tsx?$/.test(path) || /\.test\.tsx?$/.test(path)) continue;
        readFileSync(join(root, dir, path), 'utf8')
          .split('\n')
          .forEach((line, index) => {
            if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
            if (/[A-Za-z]\(s\)/.test(line.replaceAll('http(s)', '')))
              found.push(`${dir}/${path}:${index + 1}: ${line.trim()}`);
          });
      }
    expect(found).toEqual([]);
  });
});
