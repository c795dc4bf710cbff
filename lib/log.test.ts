import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './log';
import { REDACTED, redact, registerSecret } from './redact';

function captureLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  return { lines, stream };
}

describe('log redaction', () => {
  const apiKey = 'f00d'.repeat(16);
  registerSecret(apiKey);

  it('replaces secret-named fields at any depth', () => {
    const out = redact({
      req: { headers: { 'x-api-key': apiKey, Cookie: 'session=abc', accept: 'json' } },
      body: { user: { email: 'a@b.c', password: 'hunter22' } },
    }) as { req: { headers: Record<string, string> }; body: { user: Record<string, string> } };
    expect(out.req.headers['x-api-key']).toBe(REDACTED);
    expect(out.req.headers.Cookie).toBe(REDACTED);
    expect(out.req.headers.accept).toBe('json');
    expect(out.body.user.password).toBe(REDACTED);
    expect(out.body.user.email).toBe('a@b.c');
  });

  it('masks a registered secret inside free text and errors', () => {
    const out = redact({ msg: `calling with ${apiKey}`, err: new Error(`bad key ${apiKey}`) });
    expect(JSON.stringify(out)).not.toContain(apiKey);
  });

  it('never writes the key through the real logger, whatever is logged', () => {
    const { lines, stream } = captureLogger();
    const log = createLogger(stream, 'info');
    log.info(
      { headers: new Headers({ 'x-api-key': apiKey, cookie: 'sid=1' }) },
      `upstream call key=${apiKey}`,
    );
    log.error({ err: new Error(apiKey), password: 'pw-123456' });
    log.child({ apiKey, requestId: 'r1' }).warn('child line');
    const text = lines.join('');
    expect(lines).toHaveLength(3);
    expect(text).toContain('"requestId":"r1"');
    expect(text).not.toContain(apiKey);
    expect(text).not.toContain('sid=1');
    expect(text).not.toContain('pw-123456');
  });
});
