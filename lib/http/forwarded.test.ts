import { describe, expect, it } from 'vitest';
import { allowedHosts, clientAddress, parseTrustProxy, requestHost, servedOverHttps } from './forwarded';

const headers = (values: Record<string, string>) => new Headers(values);

describe('forwarded headers', () => {
  it('are ignored without a trusted proxy', () => {
    const forged = headers({
      host: 'localhost:3000',
      'x-forwarded-for': '10.9.8.7',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    expect(clientAddress(forged, 0)).toBeNull();
    expect(requestHost(forged, 'http://localhost:3000/x', 0)).toBe('localhost:3000');
    expect(servedOverHttps(forged, undefined, 0)).toBe(false);
  });

  it('take the address the nearest trusted proxy saw, not what the client wrote', () => {
    const chain = headers({ 'x-forwarded-for': '6.6.6.6, 203.0.113.7, 10.0.0.2' });
    expect(clientAddress(chain, 1)).toBe('10.0.0.2');
    expect(clientAddress(chain, 2)).toBe('203.0.113.7');
    expect(clientAddress(headers({}), 1)).toBeNull();
  });

  it('say https when the public URL or a trusted proxy does', () => {
    expect(servedOverHttps(headers({}), 'https://annuity.example', 0)).toBe(true);
    expect(servedOverHttps(headers({ 'x-forwarded-proto': 'https' }), undefined, 1)).toBe(true);
    expect(servedOverHttps(headers({ 'x-forwarded-proto': 'http' }), 'http://localhost:3000', 1)).toBe(false);
  });

  it('allow the public host and the local aliases on the port', () => {
    const hosts = allowedHosts('https://Annuity.Example', 3000);
    expect([...hosts].sort()).toEqual(['127.0.0.1:3000', '[::1]:3000', 'annuity.example', 'localhost:3000']);
  });

  it('read TRUST_PROXY as a number of proxies', () => {
    expect(parseTrustProxy('true')).toBe('1');
    expect(parseTrustProxy('false')).toBe('0');
    expect(parseTrustProxy('')).toBeUndefined();
    expect(parseTrustProxy('2')).toBe('2');
  });
});
