// The migration history squashed into the baseline on 2026-11-26 (issue 21),
// as a database that ran it records it. The old files are gone; the schema
// they made is the baseline's (checked with pg_dump at the squash), so the
// last of them here runs the baseline's SQL and the others nothing: the
// runner then records all their names, as it did on those databases.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BASELINE_MIGRATION, SQUASHED_MIGRATIONS } from '@bakery/prisma';
import { MIGRATIONS_DIR } from '../../src/config.js';

/** This version's baseline migration, as its file says it. */
export const baselineSql = (): Promise<string> =>
  readFile(path.join(MIGRATIONS_DIR, BASELINE_MIGRATION, 'migration.sql'), 'utf8');

/**
 * Migration files named as the first `count` migrations of the squashed
 * history (all of it by default), to apply with the runner.
 */
export async function squashedHistoryFiles(
  count: number = SQUASHED_MIGRATIONS.length,
): Promise<Record<string, string>> {
  const names = SQUASHED_MIGRATIONS.slice(0, count);
  const complete = count === SQUASHED_MIGRATIONS.length;
  const files: Record<string, string> = {};
  for (const name of names) files[name] = '-- squashed into the baseline\nSELECT 1;\n';
  if (complete) files[names.at(-1)!] = await baselineSql();
  return files;
}
