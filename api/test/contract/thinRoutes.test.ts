// Issue 40: a route module keeps only `on(...)` and a service call. The
// database is the services' business: no file under api/src/routes calls a
// Prisma model, runs raw SQL, opens a transaction or queries the pg pool.
// This reads every route file (comments stripped) and looks for those calls.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './sourceFiles.js';

const ROUTES = path.join(import.meta.dirname, '../../src/routes');

/** The file without its comments (a comment may name a call it explains). */
const code = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ''))
    .replace(/^[ \t]*\/\/.*$/gm, '');

const DB_CALLS: [string, RegExp][] = [
  ['Prisma model call', /\bprisma\.[a-z]\w*\./],
  ['$queryRaw', /\$queryRaw/],
  ['$executeRaw', /\$executeRaw/],
  ['$transaction', /\$transaction/],
  ['pg query', /\.query\s*\(/],
];

describe('thin routes', () => {
  it('no route module calls the database', async () => {
    const found: string[] = [];
    for (const file of await sourceFiles(ROUTES)) {
      const lines = code(await readFile(file, 'utf8')).split('\n');
      lines.forEach((line, index) => {
        for (const [name, pattern] of DB_CALLS)
          if (pattern.test(line))
            found.push(`${path.relative(ROUTES, file)}:${index + 1}: ${name}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });
});
