import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          // src/content.config.ts outside Astro: the same defineCollection, without the virtual module.
          alias: { 'astro:content': 'astro/content/config' },
          environment: 'node',
          globals: true,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globals: true,
          // Each file builds its own app on its own fresh database.
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'hardening',
          include: ['tests/hardening/**/*.test.ts'],
          environment: 'node',
          globals: true,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // The fault test starts its own PostgreSQL and API; files run one after the other.
          fileParallelism: false,
        },
      },
    ],
  },
});
