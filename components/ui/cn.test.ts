import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn } from './cn';

/**
 * `cn` carries a reduced tailwind-merge config (bench: JS per route). A component's `className`
 * must still override its defaults exactly as the full config would: checked on every class
 * written in the dashboard's source, in pairs, with and without a variant.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    // cn.ts's own strings are group names, not classes.
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && entry.name !== 'cn.ts')
      yield full;
  }
}

/** Every word of every string literal in app/ and components/ that tailwind-merge knows as a class. */
function classesInSource(): string[] {
  const words = new Set<string>();
  for (const dir of ['app', 'components']) {
    for (const file of sourceFiles(path.join(root, dir))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/(['"`])((?:[^'"`\n\\]|\\.)*?)\1/g)) {
        for (const word of (match[2] ?? '').split(/\s+/)) if (word) words.add(word);
      }
    }
  }
  // A class the full config recognises collapses when repeated; other words (prose, paths) do not.
  return [...words].filter((word) => twMerge(`${word} ${word}`) === word).sort();
}

describe('cn', () => {
  const classes = classesInSource();

  it('finds the classes the components use', () => {
    expect(classes).toContain('px-3');
    expect(classes).toContain('text-muted-foreground');
    expect(classes.length).toBeGreaterThan(200);
  });

  it('knows every class the components use as the full config does', () => {
    const unknown = classes.filter((word) => cn(word, word) !== word);
    expect(unknown).toEqual([]);
  });

  it('lets a later class override an earlier one exactly as the full config does, for every pair', () => {
    const differing: string[] = [];
    for (const first of classes) {
      for (const second of classes) {
        if (first === second) continue;
        const input = `${first} ${second}`;
        if (cn(input) !== twMerge(input)) differing.push(`"${input}": ${cn(input)} ≠ ${twMerge(input)}`);
        if (differing.length > 20) break;
      }
    }
    expect(differing).toEqual([]);
  });

  it('keeps what a caller adds and drops the default it overrides', () => {
    expect(cn('h-9 w-full', 'h-5 w-48')).toBe('h-5 w-48');
    expect(cn('px-3 py-2', 'p-0')).toBe('p-0');
    expect(cn('text-sm text-muted-foreground', 'text-xs')).toBe('text-muted-foreground text-xs');
    expect(cn('border-b', false, 'border-0')).toBe('border-0');
  });
});
