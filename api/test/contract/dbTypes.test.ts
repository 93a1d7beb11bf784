// Issue 40: the database handle types a service takes (Db, Tx, Raw) are
// declared once, in api/src/db/types.ts, and every module imports them from
// there under their own names: no second declaration, no re-export from a
// service module and no renaming import (a `Raw` called `Db` reads as a
// handle that can do more than it can).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './sourceFiles.js';

const SOURCE = path.join(import.meta.dirname, '../../src');
const TYPES = path.join(SOURCE, 'db/types.ts');

const NAME = String.raw`(?:Db|Tx|Raw)`;
const FORBIDDEN: [string, RegExp][] = [
  [
    'declaration',
    new RegExp(String.raw`\btype\s+${NAME}\s*(?:<[^>]*>)?\s*=|\b(?:interface|class)\s+${NAME}\b`),
  ],
  ['re-export', new RegExp(String.raw`\bexport\s+(?:type\s+)?\{[^}]*\b${NAME}\b[^}]*\}`)],
  ['renamed', new RegExp(String.raw`\b${NAME}\s+as\s+\w+|\b\w+\s+as\s+${NAME}\s*[,}]`)],
];

/** A module's import and export braces, and its other lines, comments dropped. */
const statements = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^[ \t]*\/\/.*$/gm, '')
    // One statement per entry, so a brace list spread over lines reads as one.
    .split(/;\s*\n/)
    .map((statement) => statement.replace(/\s+/g, ' ').trim());

describe('Db, Tx and Raw', () => {
  it('are declared in db/types.ts only and imported from it by name', async () => {
    const found: string[] = [];
    for (const file of await sourceFiles(SOURCE)) {
      if (file === TYPES) continue;
      for (const statement of statements(await readFile(file, 'utf8')))
        for (const [what, pattern] of FORBIDDEN)
          if (pattern.test(statement))
            found.push(`${path.relative(SOURCE, file)}: ${what}: ${statement.slice(0, 120)}`);
    }
    expect(found).toEqual([]);
  });

  it('are imported from db/types.ts, not from another module', async () => {
    const found: string[] = [];
    const fromElsewhere = new RegExp(
      String.raw`^import (?:type )?\{[^}]*\b${NAME}\b[^}]*\} from '([^']+)'`,
    );
    for (const file of await sourceFiles(SOURCE)) {
      for (const statement of statements(await readFile(file, 'utf8'))) {
        const from = statement.match(fromElsewhere)?.[1];
        if (from && path.resolve(path.dirname(file), from.replace(/\.js$/, '.ts')) !== TYPES)
          found.push(`${path.relative(SOURCE, file)}: ${statement.slice(0, 120)}`);
      }
    }
    expect(found).toEqual([]);
  });
});
