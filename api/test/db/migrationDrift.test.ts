// The migrations and prisma/schema.prisma say the same thing (issue 21):
// Prisma's own diff applies every migration to an empty database (its shadow
// database, reached through the config's pg adapter) and compares the result
// with the schema; any difference (a model changed without its migration, a
// migration edited by hand) fails the run, printing the SQL that would close
// the gap.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { configuredPostgres, createDatabase } from '@bakery/test-support';

const run = promisify(execFile);
const cli = join(import.meta.dirname, '..', '..', '..', 'prisma', 'prisma-cli.sh');
let empty: Awaited<ReturnType<typeof createDatabase>>;

beforeAll(async () => {
  let server: string;
  try {
    server = inject('testDatabaseServer');
  } catch {
    server = configuredPostgres().url;
  }
  empty = await createDatabase(server, 'drift');
}, 120_000);
afterAll(async () => empty?.drop());

/**
 * What the migrations make by hand because Prisma's schema language cannot
 * say it (generated columns, expression and trigram indexes; see the
 * baseline migration). The diff proposes to drop exactly these and nothing else.
 */
const HAND_WRITTEN = {
  indexes: [
    'Order_customerName_idx',
    'Order_due_idx',
    'Order_searchText_trgm_idx',
    'Order_total_idx',
    'Order_updatedAt_idx',
  ],
  columns: ['Order.dueMinutes', 'Order.searchText'],
};

/** The statements of the diff that are not about a hand-written object. */
function unexplained(script: string): string[] {
  return script
    .split(';')
    .map((statement) => statement.replace(/--[^\n]*\n?/g, '').trim())
    .filter((statement) => statement !== '')
    .filter((statement) => {
      const index = /^DROP INDEX "([^"]+)"$/.exec(statement);
      if (index) return !HAND_WRITTEN.indexes.includes(index[1]!);
      const columns = /^ALTER TABLE "([^"]+)" ((?:DROP COLUMN "[^"]+",?\s*)+)$/.exec(statement);
      if (columns) {
        const names = [...columns[2]!.matchAll(/DROP COLUMN "([^"]+)"/g)].map(
          (m) => `${columns[1]}.${m[1]}`,
        );
        return names.some((name) => !HAND_WRITTEN.columns.includes(name));
      }
      return true;
    });
}

describe('migrations against the schema', () => {
  it('leave nothing to migrate but the hand-written objects', async () => {
    const diff = await run(
      'bash',
      [
        cli,
        'migrate',
        'diff',
        '--from-migrations',
        'migrations',
        '--to-schema-datamodel',
        'schema.prisma',
        '--script',
      ],
      { env: { ...process.env, DATABASE_URL: empty!.url }, maxBuffer: 10 * 1024 * 1024 },
    ).catch((error: { stdout?: string; stderr?: string }) => error);
    expect(diff.stderr ?? '').not.toMatch(/error/i);
    expect(unexplained(diff.stdout ?? '')).toEqual([]);
  }, 120_000);

  it('the check itself catches a model changed without its migration', () => {
    expect(unexplained('-- AlterTable\nALTER TABLE "Order" ADD COLUMN "giftNote" TEXT;\n')).toEqual(
      ['ALTER TABLE "Order" ADD COLUMN "giftNote" TEXT'],
    );
    expect(
      unexplained('DROP INDEX "Order_due_idx";\nALTER TABLE "Order" DROP COLUMN "dueMinutes";'),
    ).toEqual([]);
  });
});
