// Runs the test groups of `npm test` side by side, as many at once as the
// machine allows (TEST_JOBS, default: the number of cores; the
// groups also wait on PostgreSQL and Chromium, which use the cores too). Each
// group's commands run in order, their output goes to
// test-results/logs/<group>.log; a failed group's log tail is printed. Ends
// with one summary (scripts/test-summary.mjs) of every report.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const logs = join(root, 'test-results', 'logs');
mkdirSync(logs, { recursive: true });

/** Longest first, so the pool never ends waiting on one late starter. */
const GROUPS = [
  { name: 'api', commands: ['pnpm --filter @bakery/api run test'] },
  {
    name: 'e2e-storefront',
    commands: ['pnpm --filter @bakery/storefront run e2e'],
  },
  { name: 'e2e-desktop', commands: ['pnpm --filter @bakery/desktop run e2e'] },
  {
    name: 'check',
    commands: [
      'pnpm exec prettier --check .',
      'pnpm exec eslint .',
      'pnpm -r run typecheck',
      // No import loop between modules (issue 11).
      'pnpm run cycles',
    ],
  },
  {
    name: 'unit',
    commands: [
      'pnpm --filter @bakery/core run test',
      'pnpm --filter @bakery/storefront run test',
      'pnpm --filter @bakery/desktop run test',
    ],
  },
  {
    // The README's `npm start` on a fresh clone under a mode-700 folder (as root in CI).
    name: 'fresh-start',
    commands: [
      'FRESH_START_REPORT=test-results/summary/fresh-start.json bash scripts/fresh-root-start.sh',
    ],
  },
];

const only = process.argv.slice(2);
const groups = only.length ? GROUPS.filter((g) => only.includes(g.name)) : GROUPS;
const jobs = Math.max(1, Number(process.env.TEST_JOBS) || availableParallelism());

function run(command, log) {
  return new Promise((resolve) => {
    log.write(`\n$ ${command}\n`);
    const child = spawn(command, { cwd: root, shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

async function runGroup(group) {
  const file = join(logs, `${group.name}.log`);
  const log = createWriteStream(file);
  const started = performance.now();
  console.log(`▶ ${group.name}`);
  let failed = [];
  for (const command of group.commands) {
    if ((await run(command, log)) !== 0) failed.push(command);
  }
  await new Promise((resolve) => log.end(resolve));
  const seconds = Math.round((performance.now() - started) / 1000);
  if (failed.length) {
    console.log(`✖ ${group.name} failed after ${seconds} s: ${failed.join('; ')}`);
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    console.log(lines.slice(-60).join('\n'));
    console.log(`(whole log: ${file})`);
  } else {
    console.log(`✔ ${group.name} passed in ${seconds} s`);
  }
  return { name: group.name, ok: failed.length === 0, seconds };
}

const started = performance.now();
const queue = [...groups];
const results = [];
await Promise.all(
  Array.from({ length: Math.min(jobs, queue.length) }, async () => {
    while (queue.length) results.push(await runGroup(queue.shift()));
  }),
);
const total = Math.round((performance.now() - started) / 1000);
console.log(
  `\nGroups (${jobs} at once, ${total} s): ` +
    results.map((r) => `${r.name} ${r.ok ? 'ok' : 'FAILED'} ${r.seconds} s`).join(', '),
);
process.exit(results.every((r) => r.ok) ? 0 : 1);
