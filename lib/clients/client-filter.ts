import { CLIENT_ID_PATTERN } from './chosen-client';

/**
 * The `client` parameter of a list's address and its exports: one client id, which the server
 * checks is one of the user's (lib/server/clients/client-filter.ts).
 */
export const CLIENT_FILTER = {
  test: (value: string) => CLIENT_ID_PATTERN.test(value),
  message: 'a client id such as northwind-labs',
};

/** The client filter carried on to an export's address (`&client=…`), or nothing for all clients. */
export function clientQueryPart(client?: string): string {
  return client ? `&client=${encodeURIComponent(client)}` : '';
}
