// Issue 40: money changes unit or form in two places only: core's
// money/money.ts (cents <-> dollars, formatting, whole cents) and the API's
// db/money.ts (a stored Decimal <-> cents, dollars). A hand-made conversion
// elsewhere (`/ 100`, `* 100`, `.toFixed(2)`, `Number(order.total)`) rounds
// its own way. This reads core/src and api/src (tests and comments left out)
// and looks for those patterns.
import { readFile } from 'node:fs/promises';
import { sourceFiles as sourceFilesIn } from './sourceFiles.js';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(import.meta.dirname, '../../..');
const SOURCES = ['core/src', 'api/src'];
const PAIRS = ['core/src/money/money.ts', 'api/src/db/money.ts'];

/**
 * Known exceptions, by file and the text of the line. Each says why.
 * - menuSchemas.ts reads a menu import's `price` (dollars) as cents but keeps
 *   a fraction of a cent for the schema to refuse, which dollarsToCents would
 *   round away; core/src/catalogue is being reworked (CategoryId), so it is
 *   left for after that lands.
 * - orders/record.ts writes any Decimal column (money and the delivery
 *   distance alike) into the order history as text: not a money conversion.
 */
const ALLOWED: [string, string][] = [
  ['core/src/catalogue/menuSchemas.ts', 'const cents = price * 100;'],
  [
    'api/src/services/orders/record.ts',
    'if (value instanceof Prisma.Decimal) return value.toFixed(2);',
  ],
];

const MONEY_FIELDS =
  'total|subtotal|tax|rushFee|cakeOptionsFee|deliveryFee|receivedAmount|refundedAmount|discount|price|lineTotal';
const PATTERNS: [string, RegExp][] = [
  ['/ 100 or * 100', /[*/]\s*100(?![\d_.])|\b100\s*\*/],
  ['.toFixed(2)', /\.toFixed\(2\)/],
  ['Number() of a money field', new RegExp(String.raw`\bNumber\([^()]*\.(?:${MONEY_FIELDS})\b`)],
];

/** SQL sums turn dollars into cents in the database: `round(sum(...) * 100)::bigint`. */
const isSqlCents = (line: string) => /::bigint/.test(line);

/** Source files, tests left out. */
const sourceFiles = (dir: string) => sourceFilesIn(dir, (name) => /(?<!\.test)\.tsx?$/.test(name));

/** The file without its comments, line numbers kept. */
const code = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ''))
    .replace(/^[ \t]*\/\/.*$/gm, '');

describe('money conversions', () => {
  it('go through the canonical pairs only', async () => {
    const found: string[] = [];
    for (const source of SOURCES)
      for (const file of await sourceFiles(path.join(ROOT, source))) {
        const name = path.relative(ROOT, file);
        if (PAIRS.includes(name)) continue;
        code(await readFile(file, 'utf8'))
          .split('\n')
          .forEach((line, index) => {
            if (isSqlCents(line)) return;
            if (ALLOWED.some(([allowedFile, text]) => allowedFile === name && line.trim() === text))
              return;
            for (const [what, pattern] of PATTERNS)
              if (pattern.test(line)) found.push(`${name}:${index + 1}: ${what}: ${line.trim()}`);
          });
      }
    expect(found).toEqual([]);
  });
});
