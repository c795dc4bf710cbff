import { describe, expect, it } from 'vitest';
import { csvHeaderProblem, importRows, matchImport, mergeTags, normalizeTag, splitTags } from './tags';

describe('tags', () => {
  it('are one spelling whatever the case and spaces, and refuse what is no tag', () => {
    expect(normalizeTag('  Core ')).toBe('core');
    expect(normalizeTag('Product   X-1')).toBe('product x-1');
    expect(normalizeTag('Lizenz: Müller & Co')).toBe('lizenz: müller & co');
    expect(normalizeTag('')).toBeNull();
    expect(normalizeTag('<script>')).toBeNull();
    expect(normalizeTag('x'.repeat(41))).toBeNull();
  });

  it('split a cell on ; , or | and keep what is not a tag apart', () => {
    expect(splitTags('Core; licensed|core, litigation')).toEqual({
      tags: ['core', 'licensed', 'litigation'],
      invalid: [],
    });
    expect(splitTags('core; <b>').invalid).toEqual(['<b>']);
  });

  it('a patent shows its own and its family’s once each', () => {
    expect(mergeTags(['core', 'x'], ['core', 'licensed'], undefined)).toEqual(['core', 'licensed', 'x']);
  });
});

describe('a CSV import', () => {
  const patents = [
    { id: 'p1', providerId: 'PRV-1', clientCaseReference: 'ACME-EP' },
    { id: 'p2', providerId: null, clientCaseReference: 'ACME-US' },
    { id: 'p3', providerId: 'PRV-3', clientCaseReference: 'ACME-US' },
  ];

  it('matches by provider id first, then case reference, and reports each line that matches none', () => {
    const read = importRows(
      [
        { 'Provider ID': 'PRV-1', 'Case reference': 'ignored', Tags: 'Core' },
        { 'Provider ID': '', 'Case reference': 'ACME-US', Tags: 'licensed', Note: 'Licensed to Foo' },
        { 'Provider ID': 'NOPE', 'Case reference': '', Tags: 'core' },
        { 'Provider ID': '', 'Case reference': '', Tags: 'core' },
        { 'Provider ID': 'PRV-3', 'Case reference': '', Tags: '' },
        { 'Provider ID': 'PRV-3', 'Case reference': '', Tags: 'ok; <bad>' },
      ],
      ['Provider ID', 'Case reference', 'Tags', 'Note'],
    );
    if ('problem' in read) throw new Error(read.problem);
    const { matched, unmatched } = matchImport(read.rows, patents);
    expect(matched).toEqual([
      { line: 2, key: 'PRV-1', matchedBy: 'providerId', patentIds: ['p1'], tags: ['core'], note: null },
      {
        line: 3,
        key: 'ACME-US',
        matchedBy: 'caseReference',
        patentIds: ['p2', 'p3'],
        tags: ['licensed'],
        note: 'Licensed to Foo',
      },
    ]);
    expect(unmatched).toEqual([
      { line: 4, key: 'NOPE', reason: 'no patent has this provider id or case reference' },
      { line: 5, key: '', reason: 'no provider id or case reference' },
      { line: 6, key: 'PRV-3', reason: 'no tag or note to set' },
      { line: 7, key: 'PRV-3', reason: 'not a tag: <bad>' },
    ]);
  });

  it('names what its header lacks', () => {
    expect(csvHeaderProblem('providerId,tags\nPRV-1,core')).toBeNull();
    expect(csvHeaderProblem('\uFEFF"case_reference";"Notes"\n')).toBeNull();
    expect(csvHeaderProblem('name,tags\n')).toMatch(/providerId/);
    expect(csvHeaderProblem('providerId,colour\n')).toMatch(/tags/);
  });
});
