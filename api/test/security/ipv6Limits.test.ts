// Issue 39, finding 6: per-address limits counted each IPv6 address and each
// spelling of an address apart, so 12 sign-ups from one /64 got 12 × 201
// (limit 10 an hour). Client addresses are now normalised with ipaddr.js
// (IPv4-mapped IPv6 is the IPv4 address, one spelling) and an IPv6 client is
// keyed by its /64 for every per-address limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { Client } from '../support/factories.js';
import { addressKey, normaliseAddress } from '../../src/clientAddress.js';

let server: TestServer;
beforeAll(async () => {
  // Behind a proxy on loopback: the tests' X-Forwarded-For is the client.
  server = await startTestServer({
    config: {
      trustProxy: true,
      trustedProxies: 1,
      rateLimits: { contactPerIp: { max: 3, windowMs: 60_000 } },
    },
  });
});
afterAll(async () => {
  await server?.close();
});

const from = (address: string) => {
  const client = new Client(server.baseUrl);
  client.headers['x-forwarded-for'] = address;
  return client;
};

let counter = 0;
const signUp = (address: string) => {
  counter += 1;
  return from(address).post('/api/signup', {
    firstName: 'Ipsa',
    lastName: 'Six',
    email: `v6-${counter}-${Date.now()}@example.com`,
    phone: '8505551234',
    password: 'a-long-enough-password-6',
    confirmPassword: 'a-long-enough-password-6',
  });
};

describe('finding 6: one budget per IPv6 /64 and per address, however spelled', () => {
  it('twelve sign-ups from twelve addresses of one /64 share the 10-an-hour budget', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 12; i++)
      statuses.push((await signUp(`2001:db8:0:1::${i.toString(16)}`)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Another /64 has its own budget.
    expect((await signUp('2001:db8:0:9::1')).status).toBe(201);
  });

  it('counts the spellings of one address together (IPv6 case and zeros, IPv4-mapped IPv6)', async () => {
    const contact = (address: string, i: number) =>
      from(address).post('/api/contact', {
        name: 'Spelling Test',
        email: `spell-${i}@example.com`,
        message: `Hello number ${i}, is the rye in today?`,
      });
    const v6 = [
      await contact('2001:db8:0:2::5', 1),
      await contact('2001:DB8:0:2:0:0:0:5', 2),
      await contact('2001:db8:0:2:ffff::9', 3),
      await contact('2001:0db8:0000:0002::7', 4),
    ].map((a) => a.status);
    expect(v6.slice(0, 3).every((s) => s !== 429)).toBe(true);
    expect(v6[3]).toBe(429);
    const v4 = [
      await contact('192.0.2.77', 5),
      await contact('::ffff:192.0.2.77', 6),
      await contact('::FFFF:c000:024d', 7),
      await contact('192.0.2.77', 8),
    ].map((a) => a.status);
    expect(v4.slice(0, 3).every((s) => s !== 429)).toBe(true);
    expect(v4[3]).toBe(429);
  });

  it('writes one spelling', () => {
    expect(normaliseAddress('::ffff:192.0.2.77')).toBe('192.0.2.77');
    expect(normaliseAddress('2001:DB8:0:2:0:0:0:5')).toBe('2001:db8:0:2::5');
    expect(addressKey('2001:db8:0:1::c')).toBe('2001:db8:0:1::/64');
    expect(addressKey('::ffff:192.0.2.77')).toBe('192.0.2.77');
    expect(normaliseAddress('not an address')).toBe('not an address');
  });
});
