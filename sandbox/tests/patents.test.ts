import { beforeAll, describe, expect, it } from 'vitest';
import { strict } from '../../lib/annuity/schemas';
import { expectStrict, problemOf, serviceForSuite } from './harness';

type PatentPage = { pagination: Record<string, unknown>; data: { id: string; [field: string]: unknown }[] };

describe('patents list: pagination (spec: Limits 1, Pagination envelope)', () => {
  const h = serviceForSuite();

  const page = async (query: string) => {
    const response = await h.call(`/patents${query}`);
    expect(response.status).toBe(200);
    return expectStrict(strict.page(strict.patent), await response.json()) as PatentPage;
  };

  it('defaults to 10 items on page 1 with the exact envelope', async () => {
    const body = await page('');
    expect(Object.keys(body).sort()).toEqual(['data', 'pagination']);
    expect(body.pagination).toEqual({
      totalItems: 2000,
      currentPage: 1,
      itemsPerPage: 10,
      totalPages: 200,
      hasMore: true,
    });
    expect(body.data).toHaveLength(10);
  });

  it('clamps a larger page size to 100 silently', async () => {
    const body = await page('?itemsPerPage=1000');
    expect(body.pagination).toMatchObject({ itemsPerPage: 100, totalPages: 20 });
    expect(body.data).toHaveLength(100);
  });

  it('is 1-based, ends with hasMore false, and answers an empty page past the end', async () => {
    const first = await page('?itemsPerPage=7&currentPage=1');
    const second = await page('?itemsPerPage=7&currentPage=2');
    const all = await page('?itemsPerPage=14');
    expect([...first.data, ...second.data].map((patent) => patent.id)).toEqual(
      all.data.map((patent) => patent.id),
    );
    const last = await page('?itemsPerPage=7&currentPage=286');
    expect(last.pagination).toMatchObject({ currentPage: 286, totalPages: 286, hasMore: false });
    expect(last.data).toHaveLength(2000 - 285 * 7);
    const beyond = await page('?itemsPerPage=7&currentPage=400');
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination).toMatchObject({ currentPage: 400, hasMore: false, totalItems: 2000 });
  });

  it('rejects page inputs that are not whole numbers from 1, with pointers', async () => {
    for (const [query, pointer] of [
      ['?itemsPerPage=0', '/itemsPerPage'],
      ['?itemsPerPage=-5', '/itemsPerPage'],
      ['?itemsPerPage=ten', '/itemsPerPage'],
      ['?itemsPerPage=2.5', '/itemsPerPage'],
      ['?currentPage=0', '/currentPage'],
      ['?currentPage=x', '/currentPage'],
    ] as const) {
      const response = await h.call(`/patents${query}`);
      expect(response.status, query).toBe(400);
      expect((await problemOf(response)).errors?.map((error) => error.pointer)).toEqual([pointer]);
    }
  });
});

describe('patents list: sort and providerId (spec: Endpoints 1)', () => {
  const h = serviceForSuite({ demo: false });
  let key: string;
  beforeAll(async () => {
    ({ key } = await h.tenantWithKey({ name: 'sorting', patents: 240, seed: 99 }));
  });

  const all = async (query: string) => {
    const items: PatentPage['data'] = [];
    for (let current = 1; ; current++) {
      const response = await h.call(`/patents?itemsPerPage=100&currentPage=${current}${query}`, { key });
      expect(response.status).toBe(200);
      const body = (await response.json()) as PatentPage;
      items.push(...body.data);
      if (!body.pagination.hasMore) return items;
    }
  };

  it('sorts ascending and descending on each of the five fields, nulls last ascending', async () => {
    for (const field of ['clientCaseReference', 'office', 'applicationDate', 'publicationNumber', 'status']) {
      const ascending = await all(`&sort=${field}`);
      const descending = await all(`&sort=-${field}`);
      expect(ascending).toHaveLength(240);
      const values = ascending.map((patent) => patent[field] as string | null);
      const present = values.filter((value): value is string => value !== null);
      expect(present).toEqual([...present].sort());
      // Every null comes after every value.
      expect(values.slice(present.length).every((value) => value === null)).toBe(true);
      expect(descending.map((patent) => patent.id)).toEqual(ascending.map((patent) => patent.id).reverse());
    }
    // A field with nulls in this portfolio, so the null rule is exercised.
    expect(
      (await all('&sort=clientCaseReference')).some((patent) => patent.clientCaseReference === null),
    ).toBe(true);
  });

  it('rejects any other field, a multi-field sort and an empty sort with 400 validation_failed', async () => {
    for (const sort of ['title', '-owner', 'office,status', '', '+office', 'Office']) {
      const response = await h.call(`/patents?sort=${encodeURIComponent(sort)}`, { key });
      expect(response.status, sort).toBe(400);
      const problem = await problemOf(response);
      expect(problem.code).toBe('validation_failed');
      expect(problem.errors?.[0]?.pointer).toBe('/sort');
    }
  });

  it('matches providerId exactly: one patent, or an empty page (200) when unknown', async () => {
    const tenant = h.service.tenantByName('sorting');
    const patent = tenant?.patents.find((candidate) => candidate.providerId !== null);
    if (!patent?.providerId) throw new Error('no providerId');
    const found = (await (
      await h.call(`/patents?providerId=${patent.providerId}`, { key })
    ).json()) as PatentPage;
    expect(found.data.map((item) => item.id)).toEqual([patent.id]);
    expect(found.pagination).toMatchObject({ totalItems: 1, totalPages: 1, hasMore: false });
    for (const unknown of [
      'PAM-0000000',
      patent.providerId.toLowerCase(),
      `${patent.providerId} `,
      patent.providerId.slice(0, -1),
    ]) {
      const response = await h.call(`/patents?providerId=${encodeURIComponent(unknown)}`, { key });
      expect(response.status).toBe(200);
      const body = (await response.json()) as PatentPage;
      expect(body).toEqual({
        pagination: { totalItems: 0, currentPage: 1, itemsPerPage: 10, totalPages: 0, hasMore: false },
        data: [],
      });
    }
    // Through the typed client too.
    const viaClient = await h.client(key).getPatents({ providerId: patent.providerId });
    expect(viaClient.data.data[0]?.id).toBe(patent.id);
  });

  it('gets one patent by id; a malformed id is 400 and an unknown one 404', async () => {
    const patent = h.service.tenantByName('sorting')?.patents[5];
    const response = await h.call(`/patents/${patent?.id.toUpperCase()}`, { key });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { id: string }).id).toBe(patent?.id);
    const malformed = await h.call('/patents/not-a-uuid', { key });
    expect(malformed.status).toBe(400);
    expect((await problemOf(malformed)).errors?.[0]?.pointer).toBe('/patentId');
    expect((await h.call('/patents/6f1c2a9e-5b7d-4e21-9c3a-0d8e6f4b2a11', { key })).status).toBe(404);
  });
});
