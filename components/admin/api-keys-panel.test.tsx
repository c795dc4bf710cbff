import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { LocaleProvider } from '@/components/shell/locale';
import type { ApiKeyView } from '@/lib/connection/api-key-views';
import { ApiKeysPanel } from './api-keys-panel';

vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh: () => undefined }) }));

const key = (id: string, source: ApiKeyView['source'], active: boolean): ApiKeyView => ({
  id,
  source,
  last4: id.slice(-4),
  label: null,
  active,
  expiresAt: null,
  expiredSeenAt: null,
  verifiedAt: null,
  scopes: null,
  createdAt: null,
  createdByEmail: null,
  activatedAt: null,
});

/** The rotation buttons of each key's row, in order (the expiry editor's Record left out). */
function buttonsByRow(keys: ApiKeyView[]): string[][] {
  const html = renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <LocaleProvider locale="en-GB">
        <ApiKeysPanel initial={{ keys, switchedAt: null, propagationSeconds: 60 }} />
      </LocaleProvider>
    </QueryClientProvider>,
  );
  const body = html.slice(html.indexOf('<tbody'), html.indexOf('</tbody>'));
  return body
    .split('<tr')
    .slice(1)
    .map((row) =>
      [...row.matchAll(/<button[^>]*>([^<]*)<\/button>/g)]
        .map((match) => match[1] ?? '')
        .filter((label) => label !== 'Record'),
    );
}

describe('the API keys of a rotation', () => {
  it('offers each key only the steps it can take: switch to a key not in use, check and remove a stored one, never remove the one in use', () => {
    expect(
      buttonsByRow([
        key('k-in-use-1111', 'stored', true),
        key('k-new-2222', 'stored', false),
        key('environment', 'environment', false),
      ]),
    ).toEqual([['Check'], ['Switch to this key', 'Check', 'Remove'], ['Switch to this key']]);
  });
});
