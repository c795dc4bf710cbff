import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PatentEvent } from '@/lib/annuity/schemas';
import { resetEnvForTests } from '@/lib/env';
import { addMonths } from '@/lib/format/dates';
import { upstreamClient } from '@/lib/server/connection/upstream';
import { officialReceiptsOnFile } from '@/lib/server/documents/official-receipts';
import { jsonRequest, signIn } from './app-harness';
import { eventsBetween, startUpstreamHarness, type UpstreamHarness } from './upstream-harness';

/**
 * Documents byte for byte (spec: Endpoints 6 to 8), through a gateway in front of the real
 * stand-in service: one that gzips the PDF (its Content-Length counting the compressed bytes, as
 * gateways do), and one that answers 200 with an HTML page instead.
 */
let up: UpstreamHarness;
let gateway: Server;
let mode: 'pass' | 'gzip' | 'html' = 'pass';
/** The bytes the service last sent the gateway (a PDF carries its creation time, so each differs). */
let lastFromService = new Uint8Array(0);
let cookie: string;
let fulfilled: PatentEvent;

beforeAll(async () => {
  up = await startUpstreamHarness({ name: 'documents', patents: 200, seed: 4242 }, { profile: 'default' });
  const events = await eventsBetween(
    up.client,
    addMonths(up.currentMonth, -8),
    addMonths(up.currentMonth, 0),
  );
  const found = events.find((e) => e.processingStatus === 'FULFILLED' && e.appliedDecision === 'PROCEED');
  if (!found) throw new Error('no fulfilled renewal in the history');
  fulfilled = found;
  const service = up.sandbox.baseUrl;
  gateway = createServer(async (request, response) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string' && name !== 'host' && name !== 'accept-encoding')
        headers.set(name, value);
    }
    const upstream = await fetch(`${service}${request.url}`, { method: request.method, headers });
    const body = Buffer.from(await upstream.arrayBuffer());
    lastFromService = new Uint8Array(body);
    const pdf = upstream.headers.get('content-type') === 'application/pdf';
    const out: Record<string, string> = {};
    upstream.headers.forEach((value, name) => {
      if (name !== 'content-length' && name !== 'transfer-encoding' && name !== 'connection')
        out[name] = value;
    });
    if (pdf && mode === 'html') {
      const page = Buffer.from('<!doctype html><html><body>Please sign in to the gateway</body></html>');
      response.writeHead(200, { 'content-type': 'text/html', 'content-length': String(page.byteLength) });
      return response.end(page);
    }
    if (pdf && mode === 'gzip') {
      const compressed = gzipSync(body);
      response.writeHead(upstream.status, {
        ...out,
        'content-encoding': 'gzip',
        'content-length': String(compressed.byteLength),
      });
      return response.end(compressed);
    }
    response.writeHead(upstream.status, { ...out, 'content-length': String(body.byteLength) });
    response.end(body);
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  process.env.ANNUITY_API_URL = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
  resetEnvForTests();
  cookie = await signIn(up.app.users.paralegal.email);
}, 180_000);

afterAll(async () => {
  await new Promise((resolve) => gateway?.close(resolve));
  await up?.stop();
});

async function download(kind: 'instruction-receipt' | 'official-receipt', event: PatentEvent) {
  const { GET } = await import('@/app/api/documents/[patentId]/[eventId]/[kind]/route');
  const params = { patentId: event.patent.id, eventId: event.id, kind };
  return GET(jsonRequest(`/api/documents/${event.patent.id}/${event.id}/${kind}`, { cookie }), {
    params: Promise.resolve(params),
  });
}

describe('event documents behind a gateway', () => {
  it('sends exactly the PDF the service sent when a gateway gzips it, with no compressed length', async () => {
    mode = 'gzip';
    const answer = await download('instruction-receipt', fulfilled);
    expect(answer.status).toBe(200);
    const bytes = new Uint8Array(await answer.arrayBuffer());
    expect(bytes.byteLength).toBeGreaterThan(100);
    expect(Buffer.from(bytes).equals(Buffer.from(lastFromService))).toBe(true);
    // A Content-Length is only ever the length of the bytes sent (a compressed one cut it short).
    const length = answer.headers.get('content-length');
    if (length !== null) expect(Number(length)).toBe(bytes.byteLength);
    mode = 'pass';
    const plain = await download('instruction-receipt', fulfilled);
    expect(Number(plain.headers.get('content-length'))).toBe(bytes.byteLength);
  });

  it('refuses a 2xx that is not a PDF with a clear error, never relabelled as one', async () => {
    mode = 'html';
    try {
      const answer = await download('instruction-receipt', fulfilled);
      expect(answer.status).toBe(502);
      expect(answer.headers.get('content-type')).toContain('application/problem+json');
      const problem = (await answer.json()) as { code: string; detail: string };
      expect(problem.code).toBe('upstream_not_a_pdf');
      expect(problem.detail).toContain('text/html');
    } finally {
      mode = 'pass';
    }
  });

  it('counts an official receipt on file only once a PDF was received', async () => {
    const target = [{ eventId: fulfilled.id, patentId: fulfilled.patent.id }];
    const receiptsAt = (at: Date) =>
      officialReceiptsOnFile(upstreamClient('test-receipts'), target, 'test-receipts', at);
    mode = 'html';
    const now = new Date();
    try {
      const first = await receiptsAt(now);
      expect(first.found.has(fulfilled.id)).toBe(false);
      expect(first.failed.get(fulfilled.id)).toContain('no PDF');
    } finally {
      mode = 'pass';
    }
    const later = new Date(now.getTime() + 2 * 3_600_000);
    const second = await receiptsAt(later);
    expect(second.found.has(fulfilled.id)).toBe(true);
  });
});
