import { defineConfig } from 'drizzle-kit';

// Migrations are generated here and applied by lib/db at start-up on either driver.
export default defineConfig({
  dialect: 'postgresql',
  schema: './lib/db/schema.ts',
  out: './lib/db/migrations',
});
