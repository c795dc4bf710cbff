// vitest runs outside React's server environment, where the real `server-only` module throws on
// import. Tests exercise server modules directly, so the guard is replaced by this empty module.
export {};
