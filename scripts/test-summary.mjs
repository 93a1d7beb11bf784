// Adds up the JSON reports that each package's Vitest and Playwright runs
// write to test-results/summary/, and prints one closing line.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(import.meta.dirname, '..', 'test-results', 'summary');
let passed = 0;
let failed = 0;
let skipped = 0;
const rows = [];
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  let p, f, s;
  if (report.stats && 'expected' in report.stats) {
    // Playwright
    p = report.stats.expected + (report.stats.flaky ?? 0);
    f = report.stats.unexpected;
    s = report.stats.skipped;
  } else {
    // Vitest (Jest-compatible JSON)
    p = report.numPassedTests;
    f = report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
    s = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
  rows.push(`  ${file.replace(/\.json$/, '').padEnd(24)} ${p} passed, ${f} failed, ${s} skipped`);
  passed += p;
  failed += f;
  skipped += s;
}
console.log('\nTest reports:');
console.log(rows.join('\n'));
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
if (failed > 0 || passed === 0) process.exit(1);
