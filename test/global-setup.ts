/** Runs once per vitest run. */
export default function setup(): void {
  if (!process.env.DATABASE_URL) {
    console.log(
      'DATABASE_URL is not set: data-layer tests ran on PGlite only; the PostgreSQL half was not run.',
    );
  }
}
