// Issue 27: per-address limits keyed on a header the client writes. Behind a
// proxy (TRUST_PROXY=1) X-Forwarded-* count only from PROXY_ADDRESSES; the
// API listens on 127.0.0.1 there unless HOST says otherwise.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { Client } from '../support/factories.js';
import { loadConfig } from '../../src/config.js';

const SMALL_LIMITS = {
  loginPerIp: { max: 5, windowMs: 60_000 },
  loginPerEmail: { max: 1000, windowMs: 60_000 },
  loginPerEmailAndIp: { max: 1000, windowMs: 60_000 },
};

/** TRUST_PROXY=1 with the proxy at 10.9.8.7: the tests connect from 127.0.0.1, not a proxy. */
let notFromProxy: TestServer;
/** TRUST_PROXY=1 with the default PROXY_ADDRESSES (loopback): the tests connect as the proxy. */
let fromProxy: TestServer;

beforeAll(async () => {
  [notFromProxy, fromProxy] = await Promise.all([
    startTestServer({
      config: {
        trustProxy: true,
        trustedProxies: 1,
        proxyAddresses: ['10.9.8.7'],
        rateLimits: SMALL_LIMITS,
      },
    }),
    startTestServer({
      config: { trustProxy: true, trustedProxies: 1, rateLimits: SMALL_LIMITS },
    }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([notFromProxy?.close(), fromProxy?.close()]);
});

describe('finding: forwarding headers count only from the proxies own addresses', () => {
  const sprayLogins = async (baseUrl: string) => {
    const statuses: number[] = [];
    for (let i = 1; i <= 8; i++) {
      const client = new Client(baseUrl);
      // A new made-up address each time, as in the attack.
      client.headers['x-forwarded-for'] = `203.0.113.${i}`;
      const answer = await client.post('/api/login', {
        email: `spray-${i}@example.com`,
        password: 'wrong-password',
      });
      statuses.push(answer.status);
    }
    return statuses;
  };

  it('limits a peer that is not a proxy by its own address, whatever X-Forwarded-For says', async () => {
    const statuses = await sprayLogins(notFromProxy.baseUrl);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // X-Forwarded-Host from that peer is ignored too: it cannot make another
    // site's Origin look like the shop's own address.
    const forged = await fetch(`${notFromProxy.baseUrl}/api/logout`, {
      method: 'POST',
      headers: {
        origin: 'http://evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'http',
      },
    });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ code: 'cross_site_refused' });
  });

  it('still honours X-Forwarded-For from a proxy in PROXY_ADDRESSES (loopback by default)', async () => {
    const statuses = await sprayLogins(fromProxy.baseUrl);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 401]);
  });

  it('reads PROXY_ADDRESSES and HOST: 127.0.0.1 behind a proxy, every interface otherwise', () => {
    const behind = loadConfig({ TRUST_PROXY: '1' });
    expect(behind.host).toBe('127.0.0.1');
    expect(behind.proxyAddresses).toEqual(['loopback']);
    expect(loadConfig({}).host).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '1', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(
      loadConfig({ TRUST_PROXY: '1', PROXY_ADDRESSES: '10.0.0.5, 10.1.0.0/16' }).proxyAddresses,
    ).toEqual(['10.0.0.5', '10.1.0.0/16']);
    expect(() => loadConfig({ PROXY_ADDRESSES: 'nginx.internal' })).toThrow(
      /PROXY_ADDRESSES must be a comma-separated list/,
    );
    expect(() => loadConfig({ HOST: 'not a host' })).toThrow(/HOST must be an IP address/);
  });
});
