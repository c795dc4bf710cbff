/**
 * The client a user chose in the header's switcher (one id, or none for all of theirs), kept in a
 * cookie so every page and route of the session reads the same choice. It only narrows: the
 * server always keeps to the clients the user is granted (lib/server/clients/scope.ts).
 */
export const CLIENT_COOKIE = 'ac_client';

/** A client id as the registry makes them (lower-case letters, digits and dashes). */
export const CLIENT_ID_PATTERN = /^[a-z0-9-]{1,48}$/;

/** A client as a page may name it: the switcher's choices, a row's label. */
export interface ClientRef {
  id: string;
  name: string;
}
