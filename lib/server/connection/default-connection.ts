/**
 * The client connection of ANNUITY_API_KEY, and of every row stored before the console held
 * several clients (spec: Authentication 1, one key per client). Every row of the copy, every key
 * and every quota reading carries the id of the connection it belongs to.
 */
export const DEFAULT_CONNECTION = 'default';
