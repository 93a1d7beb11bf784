// npm run bench:web — Lighthouse 12 (mobile profile: Moto G Power, simulated
// slow 4G, 4x CPU slowdown) against a freshly started server, 3 runs per page,
// the median of each figure. Prints performance, accessibility, LCP, TBT, CLS
// and the bytes transferred (all, and JavaScript) for /, /menu, /about, /order
// and /admin/login, and keeps the table in docs/storefront.md.
//
// The server is the real one (`pnpm --filter @bakery/api start`) on a free
// port: on DATABASE_URL when it is set, else on an embedded PostgreSQL in a new
// temporary folder, i.e. a fresh `npm start`. Options:
//   --no-build   use the apps as built (default: build storefront and admin first)
//   --runs N     runs per page (default 3)
//   --no-docs    do not rewrite the table in docs/storefront.md
//   --url URL    measure a server that is already running instead
//   --pages P,Q  measure only these pages (e.g. --pages /about,/order)
//   --photos     give the menu real photos first (issue 22): JPEGs drawn with
//                sharp (a gradient with grain, 1600x1200), uploaded through
//                POST /api/admin/menu/images as the owner, set on the first
//                item of every category (the home page's cards) and the first
//                four of the first (the top of /menu), then published
//   --serve      start the server (and --photos), print its address and keep it
//                running until Ctrl-C, for looking at the pages by hand
// Chromium is Debian's (CHROME_PATH, default /usr/bin/chromium), with the
// flags of docs/architecture.md ("This machine"); nothing leaves 127.0.0.1.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { CHROMIUM_ARGS } from '@bakery/test-support/playwright';

const here = import.meta.dirname;
const storefront = join(here, '..');
const repo = join(storefront, '..');
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};

const PAGES = option('--pages', '/,/menu,/about,/order,/admin/login').split(',');
const RUNS = Number(option('--runs', '3'));
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
const LIGHTHOUSE = join(storefront, 'node_modules', '.bin', 'lighthouse');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed`);
}

async function startServer(credentials) {
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    NODE_ENV: 'production',
    MIGRATE_ON_START: '1',
    LOG_LEVEL: 'warn',
    SESSION_SECRET: randomBytes(24).toString('hex'),
    OWNER_EMAIL: credentials.email,
    OWNER_PASSWORD: credentials.password,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  };
  let dataDir;
  if (!env.DATABASE_URL) {
    dataDir = mkdtempSync(join(tmpdir(), 'bakery-bench-web-'));
    env.BAKERY_DATA_DIR = dataDir;
    env.EMBEDDED_PG_PORT = String(await freePort());
  }
  const child = spawn('pnpm', ['--filter', '@bakery/api', 'start'], {
    cwd: repo,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The API stopped:\n${log}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The API did not start in 3 minutes:\n${log}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    baseUrl,
    async stop() {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          try {
            process.kill(-child.pid, 'SIGKILL');
          } catch {
            // already gone
          }
          resolve();
        }, 15_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A photo-like JPEG: a warm diagonal gradient with grain (so it weighs what a photo does). */
async function drawPhoto(sharp, seed) {
  const width = 1600;
  const height = 1200;
  const pixels = Buffer.alloc(width * height * 3);
  let noise = seed * 7919 + 1;
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      noise = (noise * 1103515245 + 12345) & 0x7fffffff;
      const grain = (noise % 24) - 12;
      const t = (x + y) / (width + height);
      const i = (y * width + x) * 3;
      pixels[i] = Math.max(0, Math.min(255, 200 - 80 * t + ((seed * 37) % 40) + grain));
      pixels[i + 1] = Math.max(0, Math.min(255, 120 + 60 * t + grain));
      pixels[i + 2] = Math.max(0, Math.min(255, 60 + 90 * t - ((seed * 23) % 30) + grain));
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** --photos: uploads real JPEGs as the owner, sets them on items and publishes (issue 22). */
async function addPhotos(baseUrl, credentials) {
  const fromApi = createRequire(join(repo, 'api', 'package.json'));
  const sharp = fromApi('sharp');
  const headers = { origin: baseUrl };
  const jar = new Map();
  const keep = (res) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      jar.set(pair.slice(0, pair.indexOf('=')), pair);
    }
  };
  const cookie = () => [...jar.values()].join('; ');
  const call = async (method, path, body) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...headers,
        cookie: cookie(),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    keep(res);
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  await call('POST', '/api/admin/login', credentials);
  // A new staff account sets up its second factor first (as the owner would, with an app).
  const { otpauthUrl } = await call('POST', '/api/admin/second-factor/setup', {});
  const code = fromApi('otpauth').URI.parse(otpauthUrl).generate();
  await call('POST', '/api/admin/second-factor/enable', { code });
  const { draft } = await call('GET', '/api/admin/menu');
  const firstOf = draft.categories.map((c) => draft.items.find((i) => i.category === c.id));
  const top = draft.items.filter((i) => i.category === draft.categories[0].id).slice(0, 4);
  const items = [...new Map([...top, ...firstOf].filter(Boolean).map((i) => [i.id, i])).values()];
  let n = 0;
  for (const item of items) {
    const form = new FormData();
    form.append('file', new Blob([await drawPhoto(sharp, (n += 1))]), `${item.id}.jpg`);
    const res = await fetch(`${baseUrl}/api/admin/menu/images`, {
      method: 'POST',
      headers: { ...headers, cookie: cookie() },
      body: form,
    });
    if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
    const { image } = await res.json();
    await call('PATCH', `/api/admin/menu/items/${item.id}`, {
      image,
      imageAlt: `A photo of ${item.name}`,
    });
  }
  const { version } = await call('POST', '/api/admin/menu/publish', {});
  // The pages are rendered again after a publish: wait until /menu carries the photos.
  const deadline = Date.now() + 60_000;
  while (!(await (await fetch(`${baseUrl}/menu`)).text()).includes('/media/menu/')) {
    if (Date.now() > deadline) throw new Error('/menu was not rendered again with the photos');
    await new Promise((r) => setTimeout(r, 250));
  }
  console.log(`--photos: ${items.length} items with photos, version ${version.number} published`);
}

function lighthouse(url, outFile) {
  run(
    LIGHTHOUSE,
    [
      url,
      '--output=json',
      `--output-path=${outFile}`,
      '--only-categories=performance,accessibility',
      `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
      '--quiet',
    ],
    { env: { ...process.env, CHROME_PATH } },
  );
  const report = JSON.parse(readFileSync(outFile, 'utf8'));
  if (report.runtimeError) throw new Error(`${url}: ${report.runtimeError.message}`);
  const items = report.audits['resource-summary']?.details?.items ?? [];
  const bytes = (type) => items.find((i) => i.resourceType === type)?.transferSize ?? 0;
  return {
    performance: report.categories.performance.score,
    accessibility: report.categories.accessibility.score,
    lcp: report.audits['largest-contentful-paint'].numericValue,
    tbt: report.audits['total-blocking-time'].numericValue,
    cls: report.audits['cumulative-layout-shift'].numericValue,
    total: bytes('total'),
    js: bytes('script'),
    benchmarkIndex: report.environment?.benchmarkIndex ?? 0,
    failedA11y: Object.values(report.audits)
      .filter(
        (a) =>
          a.score === 0 && report.categories.accessibility.auditRefs.some((r) => r.id === a.id),
      )
      .map((a) => a.id),
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const kb = (n) => `${Math.round(n / 1024).toLocaleString('en-US')} KB`;

function table(results) {
  const lines = [
    '| page | performance | accessibility | LCP | TBT | CLS | transferred | JS transferred | benchmark index |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const [page, r] of Object.entries(results)) {
    lines.push(
      `| ${page} | ${r.performance.toFixed(2)} | ${r.accessibility.toFixed(2)} | ${(r.lcp / 1000).toFixed(2)} s | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${kb(r.total)} | ${kb(r.js)} | ${Math.round(r.benchmarkIndex)} |`,
    );
  }
  return lines.join('\n');
}

async function main() {
  if (!flag('--no-build') && !option('--url', '')) {
    run('pnpm', ['--filter', '@bakery/storefront', '--filter', '@bakery/desktop', 'run', 'build'], {
      cwd: repo,
    });
  }
  const external = option('--url', '');
  const credentials = {
    email: 'owner-bench-web@example.com',
    password: randomBytes(12).toString('hex'),
  };
  const server = external
    ? { baseUrl: external.replace(/\/$/, ''), stop: async () => {} }
    : await startServer(credentials);
  const outDir = join(repo, 'test-results', 'bench-web');
  mkdirSync(outDir, { recursive: true });
  const results = {};
  try {
    if (flag('--photos')) {
      if (external) throw new Error('--photos needs the server this script starts (not --url)');
      await addPhotos(server.baseUrl, credentials);
    }
    if (flag('--serve')) {
      console.log(
        `Serving ${server.baseUrl} (owner ${credentials.email} / ${credentials.password}); Ctrl-C stops`,
      );
      await new Promise((resolve) => process.once('SIGINT', resolve));
      return;
    }
    for (const page of PAGES) {
      const runs = [];
      for (let i = 1; i <= RUNS; i += 1) {
        const name = `${page === '/' ? 'home' : page.slice(1).replace(/\//g, '-')}-${i}.json`;
        let r;
        try {
          r = lighthouse(server.baseUrl + page, join(outDir, name));
        } catch (error) {
          // One page that cannot be measured (e.g. an app being rebuilt) does not stop the rest.
          console.error(`${page} run ${i}: ${error instanceof Error ? error.message : error}`);
          continue;
        }
        runs.push(r);
        console.log(
          `${page} run ${i}: performance ${r.performance}, accessibility ${r.accessibility}, LCP ${Math.round(r.lcp)} ms, TBT ${Math.round(r.tbt)} ms, CLS ${r.cls.toFixed(3)}, JS ${kb(r.js)}, benchmark index ${Math.round(r.benchmarkIndex)}${r.failedA11y.length ? `, failing: ${r.failedA11y.join(' ')}` : ''}`,
        );
      }
      if (runs.length === 0) continue;
      results[page] = Object.fromEntries(
        ['performance', 'accessibility', 'lcp', 'tbt', 'cls', 'total', 'js', 'benchmarkIndex'].map(
          (k) => [k, median(runs.map((r) => r[k]))],
        ),
      );
    }
  } finally {
    await server.stop();
  }
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const summary = `Lighthouse 12, mobile profile, median of ${RUNS} runs${flag('--photos') ? ', menu with photos (--photos)' : ''}, ${date} UTC:\n\n${table(results)}`;
  console.log(`\n${summary}`);
  writeFileSync(
    join(outDir, 'summary.json'),
    JSON.stringify({ date, runs: RUNS, results }, null, 2),
  );
  // A partial run (--pages) leaves the docs' full table alone.
  if (!flag('--no-docs') && !option('--pages', '')) {
    const docs = join(repo, 'docs', 'storefront.md');
    const text = readFileSync(docs, 'utf8');
    const start = '<!-- bench:web start -->';
    const end = '<!-- bench:web end -->';
    if (text.includes(start) && text.includes(end)) {
      const next = text.replace(
        new RegExp(`${start}[\\s\\S]*${end}`),
        `${start}\n${summary}\n${end}`,
      );
      writeFileSync(docs, next);
      // The check group runs `prettier --check .`: keep the table in its format.
      spawnSync(join(repo, 'node_modules', '.bin', 'prettier'), ['--write', docs], {
        stdio: 'ignore',
      });
      console.log('docs/storefront.md: table updated');
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
