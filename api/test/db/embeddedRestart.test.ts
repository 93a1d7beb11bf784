// npm start right after a stop: the previous PostgreSQL may still be shutting
// down on the same data folder. The start waits for it instead of failing with
// "lock file postmaster.pid already exists".
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { waitForPreviousPostmaster } from '../../src/db/embedded.js';

const dirs: string[] = [];
async function clusterWithLockOf(pid: number) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bakery-lock-'));
  dirs.push(dir);
  await writeFile(path.join(dir, 'postmaster.pid'), `${pid}\n${dir}\n`);
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('a start on a data folder whose postmaster.pid names a process', () => {
  it('waits until that process has exited', async () => {
    const previous = spawn('sleep', ['1']);
    const exited = new Promise<number>((resolve) =>
      previous.once('exit', () => resolve(Date.now())),
    );
    const dir = await clusterWithLockOf(previous.pid!);
    await waitForPreviousPostmaster(dir, 10_000);
    const returnedAt = Date.now();
    expect(returnedAt).toBeGreaterThanOrEqual(await exited);
  });

  it('goes ahead at once when the process is gone (a stale file) or there is no file', async () => {
    const gone = spawn('true');
    await new Promise((resolve) => gone.once('exit', resolve));
    await expect(
      waitForPreviousPostmaster(await clusterWithLockOf(gone.pid!), 100),
    ).resolves.toBeUndefined();
    const empty = await mkdtemp(path.join(os.tmpdir(), 'bakery-lock-'));
    dirs.push(empty);
    await expect(waitForPreviousPostmaster(empty, 100)).resolves.toBeUndefined();
  });

  it('says which process holds the folder when it does not end in time', async () => {
    const holder = spawn('sleep', ['30']);
    try {
      const dir = await clusterWithLockOf(holder.pid!);
      await expect(waitForPreviousPostmaster(dir, 300)).rejects.toThrow(
        `Another PostgreSQL (PID ${holder.pid}) is running on ${dir}`,
      );
    } finally {
      holder.kill();
    }
  });
});
