import { defineConfig } from 'drizzle-kit';

// The stand-in service's own migrations (its store is separate from the dashboard's database).
// Generate with: npx drizzle-kit generate --config sandbox/drizzle.config.ts
export default defineConfig({
  dialect: 'postgresql',
  schema: './sandbox/store/schema.ts',
  out: './sandbox/store/migrations',
});
