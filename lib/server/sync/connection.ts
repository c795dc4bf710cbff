/**
 * The service connection every row of the copy belongs to. One connection (one key, one client)
 * today; rows are keyed by it so that several can live side by side.
 */
export const DEFAULT_CONNECTION = 'default';
