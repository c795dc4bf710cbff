import { describe, expect, it } from 'vitest';
import type { AnnuityClient } from '@/lib/annuity/client';
import { DEFAULT_CONNECTION } from '@/lib/server/connection/default-connection';
import { patentTagsAndNotes } from '@/lib/server/tags/tags';
import { jsonRequest } from './app-harness';
import { setUpTwoClients } from './client-grants';

/**
 * Tags and notes per client (spec: rule 2): a family reference is the client's own, and two
 * clients may use the same one. A tag or a note set on one client's family never shows on the
 * other client's family of the same reference, in any list, filter or patent page.
 */

const SECOND = 'second';
const app = setUpTwoClients({
  first: { patents: 40, seed: 31 },
  second: { patents: 40, seed: 32 },
  secondClient: 'Second',
  sync: true,
  grants: { paralegal: [SECOND] },
});

/** Each client's patents by family reference. */
async function familiesOf(service: AnnuityClient): Promise<Map<string, string[]>> {
  const families = new Map<string, string[]>();
  const { data } = await service.getPatents({ itemsPerPage: 100 });
  for (const patent of data.data)
    if (patent.clientFamilyReference)
      families.set(patent.clientFamilyReference, [
        ...(families.get(patent.clientFamilyReference) ?? []),
        patent.id,
      ]);
  return families;
}

describe('tags and notes of a family reference two clients share', () => {
  it('belong to the client they were set for, and never show on the other client’s family', async () => {
    const [ours, theirs] = await Promise.all([
      familiesOf(app.services.first),
      familiesOf(app.services.second),
    ]);
    const shared = [...ours.keys()].find((reference) => theirs.has(reference));
    expect(shared, 'the two generated portfolios share a family reference').toBeDefined();
    const reference = shared as string;

    const { POST: tag, GET: tags } = await import('@/app/api/tags/route');
    const setTag = (body: Record<string, unknown>) =>
      tag(jsonRequest('/api/tags', { method: 'POST', cookie: app.cookies.manager, body }));
    // The manager works for both clients: which family is meant must be said.
    const ambiguous = await setTag({ scope: 'family', targets: [reference], add: ['core'] });
    expect(ambiguous.status).toBe(400);
    expect(((await ambiguous.json()) as { errors: { field: string }[] }).errors[0]?.field).toBe('client');
    expect(
      (await setTag({ scope: 'family', targets: [reference], add: ['core'], client: DEFAULT_CONNECTION }))
        .status,
    ).toBe(200);
    const { PUT: note } = await import('@/app/api/notes/route');
    const noted = await note(
      jsonRequest('/api/notes', {
        method: 'PUT',
        cookie: app.cookies.manager,
        body: {
          scope: 'family',
          target: reference,
          note: 'First client’s strategy',
          client: DEFAULT_CONNECTION,
        },
      }),
    );
    expect(noted.status).toBe(200);

    // The first client's members carry the tag; the second client's family of that reference does not.
    const tagged = (await (
      await tags(jsonRequest('/api/tags?tag=core', { cookie: app.cookies.manager }))
    ).json()) as { patentIds: string[] };
    expect(new Set(tagged.patentIds)).toEqual(new Set(ours.get(reference)));
    const theirPatent = theirs.get(reference)?.[0] as string;
    expect(await patentTagsAndNotes(theirPatent, reference, SECOND)).toEqual([
      { scope: 'patent', target: theirPatent, heading: 'This patent', tags: [], note: null },
      { scope: 'family', target: reference, heading: `Family ${reference}`, tags: [], note: null },
    ]);
    const ourPatent = ours.get(reference)?.[0] as string;
    expect((await patentTagsAndNotes(ourPatent, reference, DEFAULT_CONNECTION))[1]).toMatchObject({
      tags: ['core'],
      note: 'First client’s strategy',
    });

    // A paralegal of the second client sees no such tag anywhere.
    const summary = (await (
      await tags(jsonRequest('/api/tags', { cookie: app.cookies.paralegal }))
    ).json()) as {
      tags: { tag: string }[];
    };
    expect(summary.tags.map((entry) => entry.tag)).not.toContain('core');
    const theirsTagged = (await (
      await tags(jsonRequest('/api/tags?tag=core', { cookie: app.cookies.paralegal }))
    ).json()) as { patentIds: string[] };
    expect(theirsTagged.patentIds).toEqual([]);
    // Nor can they change the first client's: for them, the reference is their own family.
    expect(
      (
        await tag(
          jsonRequest('/api/tags', {
            method: 'POST',
            cookie: app.cookies.paralegal,
            body: { scope: 'family', targets: [reference], remove: ['core'] },
          }),
        )
      ).status,
    ).toBe(200);
    expect((await patentTagsAndNotes(ourPatent, reference, DEFAULT_CONNECTION))[1]?.tags).toEqual(['core']);
  });
});
