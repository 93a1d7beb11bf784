// Prisma 6.19 with the JavaScript engines (docs/architecture.md, "Prisma offline"): the CLI talks to
// PostgreSQL through the pg driver adapter, so no native engine is needed.
import path from 'node:path';
import { defineConfig } from 'prisma/config';
import { PrismaPg } from '@prisma/adapter-pg';

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: path.join(import.meta.dirname, 'schema.prisma'),
  migrations: { path: path.join(import.meta.dirname, 'migrations') },
  async adapter() {
    const connectionString = process.env.DATABASE_URL;
    if (!connectionString) throw new Error('DATABASE_URL is not set');
    return new PrismaPg({ connectionString });
  },
});
