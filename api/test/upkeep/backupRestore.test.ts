// Backups that restore (issue 27): a database with users, orders (with their
// history and kitchen counters), recipes and mail is backed up through the
// owner's endpoint, downloaded, restored with `db:restore` into a fresh
// database, and every table's rows are compared (count and a hash of the
// rows). The test prints what it did and counted. Three times: with pg_dump
// (skipped where none fits the server), with the API's logical format
// (BACKUP_METHOD=logical), and on an embedded PostgreSQL 18 as `npm start`
// runs it, where no pg_dump fits and `auto` falls back to the logical format.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@bakery/test-support';
import { startEmbeddedPostgres, type EmbeddedServer } from '../../src/db/embedded.js';
import type { BackupMethod } from '../../src/services/upkeep/backups.js';
import { createDatabase, runOn, type Database } from '@bakery/test-support';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { orderPayload } from '../support/factories.js';
import { signedIn } from '../admin/helpers.js';
import { seedKitchen } from '../../src/services/recipes.js';
import { publicTables } from '../../src/services/upkeep/restore.js';
import { toolsFor } from '../../src/services/upkeep/backups.js';

/** Each table's row count and a SHA-256 of its rows (as text, sorted). */
async function tableFigures(url: string): Promise<Map<string, { rows: number; hash: string }>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const figures = new Map<string, { rows: number; hash: string }>();
    for (const table of await publicTables(url)) {
      const { rows } = await client.query<{ row: string }>(
        `SELECT t::text AS row FROM "${table}" t ORDER BY 1`,
      );
      const hash = createHash('sha256');
      for (const row of rows) hash.update(row.row).update('\n');
      figures.set(table, { rows: rows.length, hash: hash.digest('hex').slice(0, 16) });
    }
    return figures;
  } finally {
    await client.end();
  }
}

/** `npm run db:restore` as the owner runs it (the sources, through tsx). */
function restoreCommand(databaseUrl: string, args: string[]) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn('bash', ['../prisma/release.sh', 'restore', ...args], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        BAKERY_RELEASE_FROM_SOURCE: '1',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        SESSION_SECRET: 'restore-test-session-secret-0123',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => resolve({ code, out }));
  });
}

function backupRestoreCase(label: string, method: BackupMethod, embedded: boolean) {
  describe(label, () => {
    let server: TestServer;
    let backupDir: string;
    let target: Database | null = null;
    let postgres: EmbeddedServer | null = null;
    /** Why the test cannot run here (no pg_dump as new as the server), or null. */
    let missingTools: string | null = null;

    beforeAll(async () => {
      backupDir = await mkdtemp(path.join(os.tmpdir(), 'bakery-backups-'));
      if (embedded) {
        postgres = await startEmbeddedPostgres({
          dataDir: path.join(backupDir, 'postgres'),
          port: await freePort(),
          persistent: false,
        });
      }
      server = await startTestServer({
        config: { backupDir, backupMethod: method },
        ...(postgres ? { databaseServer: postgres.serverUrl } : {}),
      });
      if (method === 'pg_dump')
        missingTools = await toolsFor(server.deps.config.databaseUrl!).then(
          () => null,
          (error: Error) => error.message,
        );
    }, 120_000);
    afterAll(async () => {
      await target?.drop();
      await server?.close();
      await postgres?.stop();
      await rm(backupDir, { recursive: true, force: true });
    });

    it('backs up orders, users, recipes and mail, and restores every row into a fresh database', async (context) => {
      if (missingTools) {
        process.stdout.write(`backup/restore test (${label}) skipped: ${missingTools}\n`);
        context.skip();
      }
      const { prisma, baseUrl } = server;
      // Data: the starter kitchen (recipes), customers with orders placed through the API,
      // a cancelled order (history, freed counters), mail rows, a review.
      await seedKitchen(prisma);
      const { client: owner } = await signedIn(baseUrl, prisma, 'owner');
      for (let i = 0; i < 3; i++) {
        const { client } = await signedIn(baseUrl, prisma, 'customer');
        for (let j = 0; j < 2; j++) {
          const placed = await client.post('/api/submit-order', {
            orderData: orderPayload({ daysAhead: 10 + i * 3 + j }),
          });
          expect(placed.status).toBe(201);
        }
      }
      const [first] = await prisma.order.findMany({ take: 1 });
      expect(
        (await owner.patch(`/api/admin/orders/${first!.id}/status`, { status: 'cancelled' }))
          .status,
      ).toBe(200);
      await prisma.outboundMail.createMany({
        data: [
          {
            kind: 'order-received',
            to: 'a@example.com',
            subject: 'Order',
            text: 'hello',
            html: '<p>hello</p>',
          },
          {
            kind: 'payment-link',
            to: 'b@example.com',
            subject: 'Pay',
            text: 'pay',
            html: '<p>pay</p>',
            status: 'failed',
            attempts: 4,
            lastError: 'refused',
          },
        ],
      });

      const taken = await owner.post('/api/admin/backups');
      expect(taken.status, JSON.stringify(taken.body)).toBe(201);
      const name = taken.body.name as string;
      // Issue 39: a manual backup is named apart from the nightly one, with a random part.
      expect(name).toMatch(/^bakery-\d{8}T\d{6}Z-(manual|nightly)-[0-9a-f]{8}\.dump$/);

      const listed = await owner.get('/api/admin/backups');
      expect(listed.status).toBe(200);
      expect(listed.body.newest).toMatchObject({ name, size: taken.body.size });
      expect(listed.body.stale).toBe(false);
      expect(listed.body.ageHours).toBe(0);

      // The download is the file the server wrote.
      const download = await owner.request('GET', `/api/admin/backups/${name}`);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toContain(name);
      const bytes = Buffer.from(await download.arrayBuffer());
      expect(bytes.equals(await readFile(path.join(backupDir, name)))).toBe(true);
      const downloaded = path.join(backupDir, `downloaded-${name}`);
      await writeFile(downloaded, bytes);

      const source = await tableFigures(server.deps.config.databaseUrl!);
      const counted = (table: string) => source.get(table)?.rows ?? 0;
      expect(counted('Order')).toBe(6);
      expect(counted('User')).toBe(4);
      expect(counted('Recipe')).toBeGreaterThan(0);
      expect(counted('OutboundMail')).toBe(2);
      expect(counted('OrderHistory')).toBeGreaterThan(0);

      target = await createDatabase(
        new URL('/postgres', server.deps.config.databaseUrl!).toString(),
        'restore',
      );
      expect(target).not.toBeNull();
      const started = Date.now();
      const restored = await restoreCommand(target!.url, [downloaded]);
      expect(restored.code, restored.out).toBe(0);
      expect(restored.out).toMatch(/restored .* tables/);
      const restoreMs = Date.now() - started;

      // auto: the logical format unless a pg_dump as new as the server is installed.
      expect(restored.out).toMatch(
        {
          pg_dump: /pg_dump archive/,
          logical: /logical backup/,
          auto: /pg_dump archive|logical backup/,
        }[method],
      );
      const copy = await tableFigures(target!.url);
      expect([...copy.keys()]).toEqual([...source.keys()]);
      for (const [table, figures] of source) expect(copy.get(table), table).toEqual(figures);

      // A second restore into the now non-empty database is refused without --force.
      const again = await restoreCommand(target!.url, [downloaded]);
      expect(again.code).toBe(1);
      expect(again.out).toContain('not empty');
      const forced = await restoreCommand(target!.url, [downloaded, '--force']);
      expect(forced.code, forced.out).toBe(0);
      expect(await tableFigures(target!.url)).toEqual(source);

      // Not a superuser (no session_replication_role): the database's owner restores it,
      // with its user triggers off for the transaction and tables in foreign-key order.
      let asOwner = '';
      if (method === 'logical') {
        const admin = new URL('/postgres', server.deps.config.databaseUrl!).toString();
        const role = `bakery_restorer_${randomBytes(4).toString('hex')}`;
        expect(await runOn(admin, `CREATE ROLE "${role}" LOGIN PASSWORD 'restorer-secret'`)).toBe(
          true,
        );
        const owned = await createDatabase(admin, 'restore_owner');
        try {
          expect(await runOn(admin, `ALTER DATABASE "${owned!.name}" OWNER TO "${role}"`)).toBe(
            true,
          );
          const url = new URL(owned!.url);
          url.username = role;
          url.password = 'restorer-secret';
          const byOwner = await restoreCommand(url.toString(), [downloaded]);
          expect(byOwner.code, byOwner.out).toBe(0);
          expect(await tableFigures(owned!.url)).toEqual(source);
          asOwner = ' (and again as the database owner, not a superuser: equal)';
        } finally {
          await owned?.drop();
          await runOn(admin, `DROP ROLE IF EXISTS "${role}"`);
        }
      }

      const total = [...source.values()].reduce((sum, f) => sum + f.rows, 0);
      process.stdout.write(
        `backup/restore (${label}, server ${await serverVersion(server.deps.config.databaseUrl!)}): ${name}, ${taken.body.size} bytes, dumped and checked in ${taken.body.durationMs} ms; ` +
          `db:restore into a fresh database in ${restoreMs} ms; ${source.size} tables, ${total} rows, every table's count and hash equal${asOwner}:\n` +
          [...source]
            .filter(([, f]) => f.rows > 0)
            .map(([table, f]) => `  ${table}: ${f.rows} rows, sha256 ${f.hash}`)
            .join('\n') +
          '\n',
      );
    }, 240_000);
  });
}

async function serverVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ v: string }>("SELECT current_setting('server_version') AS v"))
      .rows[0]!.v;
  } finally {
    await client.end();
  }
}

backupRestoreCase('pg_dump', 'pg_dump', false);
backupRestoreCase('logical format (BACKUP_METHOD=logical)', 'logical', false);
backupRestoreCase('embedded PostgreSQL 18, no pg_dump for it (auto)', 'auto', true);
