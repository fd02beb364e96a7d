import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema and applied by the API at start-up (api/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './api/db/schema.ts',
  out: './api/db/migrations',
});
