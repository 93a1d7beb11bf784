// A drop the town can see (issue 37): the home page and the menu carry the
// next announced drop in their HTML (before any JavaScript), with what is
// left and a link to its page; the owner turns the announcement off. Real
// app, real PostgreSQL, the built storefront.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, bakeryToday, formatDayInWords, weekdayOf } from '@bakery/core';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { signedIn, type Client } from '../admin/helpers.js';

let server: TestServer;
let owner: Client;

const HOUR = 3_600_000;
const today = bakeryToday();
const saturday = [...Array(7).keys()]
  .map((n) => addDays(today, 8 + n))
  .find((d) => weekdayOf(d) === 'saturday')!;

beforeAll(async () => {
  server = await startTestServer();
  owner = (await signedIn(server.baseUrl, server.prisma, 'owner')).client;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const page = async (path: string) => {
  const res = await fetch(`${server.baseUrl}${path}`, { headers: { accept: 'text/html' } });
  return { status: res.status, html: await res.text() };
};

const drop = (announce: boolean, opensInHours: number) => ({
  name: 'Saturday Cinnamon Roll Drop',
  opensAt: new Date(Date.now() + opensInHours * HOUR).toISOString(),
  closesAt: new Date(Date.now() + 24 * HOUR).toISOString(),
  pickupDates: [saturday],
  units: [{ label: 'Cinnamon rolls', productIds: ['cinnamon-rolls'], quantity: 34 }],
  announce,
});

describe('the next drop on the home page and the menu', () => {
  it('shows an open drop with what is left, a link to its page; not when the owner turns it off', async () => {
    const before = await page('/');
    expect(before.status).toBe(200);
    expect(before.html).not.toContain('<aside class="drop-announcement"');

    const saved = await owner.post('/api/admin/drops', drop(true, -1));
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const id = (saved.body as { id: string }).id;
    for (const path of ['/', '/menu']) {
      const { status, html } = await page(path);
      expect(status).toBe(200);
      const banner = html.slice(html.indexOf('<aside class="drop-announcement"'));
      expect(banner).toContain('Saturday Cinnamon Roll Drop: open now');
      expect(banner).toContain('Cinnamon rolls: 34 left');
      expect(banner).toContain(`Pickup ${formatDayInWords(saturday)}`);
      expect(banner).toContain(`href="/drops/${id}"`);
      // Outside what React hydrates: before the root.
      expect(html.indexOf('<aside class="drop-announcement"')).toBeLessThan(
        html.indexOf('<div id="root"'),
      );
    }
    // Its page answers (the storefront's shell, rendered in the browser).
    expect((await page(`/drops/${id}`)).status).toBe(200);

    const off = await owner.put(`/api/admin/drops/${id}`, drop(false, -1));
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await page('/')).html).not.toContain('<aside class="drop-announcement"');
    await owner.call('DELETE', `/api/admin/drops/${id}`);
  });

  it('announces a drop to come with when it opens', async () => {
    const saved = await owner.post('/api/admin/drops', drop(true, 5));
    expect(saved.status).toBe(201);
    const { html } = await page('/menu');
    expect(html).toMatch(/Saturday Cinnamon Roll Drop: opens /);
    expect(html).toContain('Cinnamon rolls: 34 in the batch');
  });
});
