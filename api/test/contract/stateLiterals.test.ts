// Issue 36: the order's states are named once, in core's order-state table.
// No SQL text in the API names a fulfillment state by hand: queries use the
// conditions api/src/db/orderStates.ts derives from core's sets, so a new
// state reaches every aggregate. This reads every source file's template
// literals (where SQL lives) and looks for a quoted state.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './sourceFiles.js';
import { FULFILLMENT_STATUSES } from '@bakery/core';

const SOURCE = path.join(import.meta.dirname, '../../src');
const DERIVED = path.join(SOURCE, 'db/orderStates.ts');

/** The template literals of a file (SQL is written as tagged templates here). */
const templates = (text: string) => [...text.matchAll(/`([^`]*)`/g)].map((match) => match[1]!);

describe('order states in SQL', () => {
  it('no query names a fulfillment state by hand', async () => {
    const quoted = new RegExp(`'(${FULFILLMENT_STATUSES.join('|')})'`);
    const found: string[] = [];
    for (const file of await sourceFiles(SOURCE)) {
      if (file === DERIVED) continue;
      for (const template of templates(await readFile(file, 'utf8')))
        if (
          /\b(SELECT|UPDATE|INSERT|DELETE|WHERE|FILTER)\b/.test(template) &&
          quoted.test(template)
        )
          found.push(`${path.relative(SOURCE, file)}: ${template.match(quoted)![0]}`);
    }
    expect(found).toEqual([]);
  });
});
