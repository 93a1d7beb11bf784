// Issue 27, the account findings: one test (or more) per finding, each
// failing on the code before the fix. Requests arrive through the proxy
// (TRUST_PROXY=1) so each client has an address of its own.
/* eslint-disable @typescript-eslint/no-explicit-any -- answers are JSON whose shape each test asserts */
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '@bakery/core';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { Client, createUser, PASSWORD } from '../support/factories.js';
import { createUser as createStaff, signedIn } from '../admin/helpers.js';
import { seedOwner } from '../../src/services/seed.js';
import { sealPlainSeeds } from '../../src/services/secondFactor.js';
import { loggingNotifications, type Notifications } from '../../src/services/contracts.js';
import { createLogger } from '../../src/services/logger.js';

class ProxiedClient extends Client {
  constructor(baseUrl: string, address: string) {
    super(baseUrl);
    this.headers['x-forwarded-for'] = address;
  }
}

interface SentMail {
  kind: string;
  to: string;
  url?: string;
  newEmail?: string;
}
const mail: SentMail[] = [];
const notifications: Notifications = {
  ...loggingNotifications(createLogger({ level: 'silent' })),
  emailChangeConfirm: async (to, url) => void mail.push({ kind: 'confirm', to: to.email, url }),
  emailChangeTaken: async (to) => void mail.push({ kind: 'taken', to: to.email }),
  emailChanged: async (to, newEmail, url) =>
    void mail.push({ kind: 'changed', to: to.email, url, newEmail }),
};

/** Every log line, parsed. */
const logLines: Record<string, unknown>[] = [];
const log = createLogger({
  level: 'info',
  write: (line) => logLines.push(JSON.parse(line) as Record<string, unknown>),
});

let server: TestServer;
/** A shop with a small shop-wide failure rate (5 a minute), for the spraying test. */
let sprayed: TestServer;

const start = (extra: Record<string, unknown> = {}) =>
  startTestServer({
    notifications,
    log,
    config: {
      trustProxy: true,
      trustedProxies: 1,
      rateLimits: { loginPerIp: { max: 1000, windowMs: 60_000 }, ...extra },
    },
  });

beforeAll(async () => {
  [server, sprayed] = await Promise.all([
    start(),
    start({ loginFailuresAll: { max: 5, windowMs: 60_000 } }),
  ]);
});

afterAll(async () => {
  await Promise.all([server?.close(), sprayed?.close()]);
});

let addressCounter = 0;
const freshAddress = () => `198.51.100.${++addressCounter}`;
const device = (address = freshAddress(), on = server) => new ProxiedClient(on.baseUrl, address);

async function signedInAt(client: Client, email: string, password = PASSWORD) {
  const login = await client.post('/api/login', { email, password });
  expect(login.status).toBe(200);
  return client;
}

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
  return check();
};
const tokenOf = (url: string) => url.split('/').pop()!;

describe('finding: PATCH /api/user/email', () => {
  it('counts wrong current passwords like the password change: 429 after five', async () => {
    const user = await createUser(server.prisma);
    const client = await signedInAt(device(), user.email);
    const statuses = [];
    for (let i = 0; i < 12; i++)
      statuses.push(
        (
          await client.patch('/api/user/email', {
            email: `elsewhere-${i}@example.com`,
            currentPassword: `wrong-guess-${i}`,
          })
        ).status,
      );
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual(Array(7).fill(429));
    // The counter is the password change's own: it is locked too.
    const change = await client.post('/api/user/password', {
      currentPassword: PASSWORD,
      newPassword: 'rye-loaf-and-jam-4',
      confirmPassword: 'rye-loaf-and-jam-4',
    });
    expect(change.status).toBe(429);
  });

  it('changes the address only through the link mailed to it; ends the other sessions; the old address can undo it', async () => {
    const user = await createUser(server.prisma);
    const laptop = await signedInAt(device(), user.email);
    const phone = await signedInAt(device(), user.email);
    const fresh = `moved-${user.id.slice(0, 8)}@example.com`;

    const asked = await laptop.patch('/api/user/email', {
      email: fresh.toUpperCase(),
      currentPassword: PASSWORD,
    });
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe(
      `We have sent a confirmation link to ${fresh}. Your e-mail address changes once you follow it.`,
    );
    // Nothing has changed yet; the phone is still signed in.
    expect((await laptop.get('/api/user')).body.email).toBe(user.email);
    expect((await phone.get('/api/user')).status).toBe(200);
    expect(await until(() => mail.some((m) => m.to === fresh))).toBe(true);
    const confirm = mail.find((m) => m.to === fresh)!;
    expect(confirm.kind).toBe('confirm');
    expect(confirm.url).toMatch(/\/confirm-email\/[\w-]{43}$/);
    expect(mail.some((m) => m.to === user.email)).toBe(false);

    const bad = await laptop.post('/api/user/email/confirm', { token: 'not-a-token' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('invalid_link');

    const confirmed = await laptop.post('/api/user/email/confirm', {
      token: tokenOf(confirm.url!),
    });
    expect(confirmed.status).toBe(200);
    expect((await laptop.get('/api/user')).body.email).toBe(fresh);
    expect((await phone.get('/api/user')).status).toBe(401);
    // Used once.
    expect(
      (await laptop.post('/api/user/email/confirm', { token: tokenOf(confirm.url!) })).status,
    ).toBe(400);
    expect((await device().post('/api/login', { email: fresh, password: PASSWORD })).status).toBe(
      200,
    );

    // The old address is told, with an undo link.
    expect(await until(() => mail.some((m) => m.to === user.email))).toBe(true);
    const notice = mail.find((m) => m.to === user.email)!;
    expect(notice).toMatchObject({ kind: 'changed', newEmail: fresh });
    expect(notice.url).toMatch(/\/undo-email-change\/[\w-]{43}$/);
    const undone = await device().post('/api/user/email/undo', { token: tokenOf(notice.url!) });
    expect(undone.status).toBe(200);
    expect((await server.prisma.user.findUnique({ where: { id: user.id } }))!.email).toBe(
      user.email,
    );
    // Whoever made the change is signed out everywhere.
    expect((await laptop.get('/api/user')).status).toBe(401);
    expect(
      (await device().post('/api/user/email/undo', { token: tokenOf(notice.url!) })).status,
    ).toBe(400);
  });

  it('answers the same for an address that has an account and one that has none', async () => {
    const user = await createUser(server.prisma);
    const other = await createUser(server.prisma);
    const client = await signedInAt(device(), user.email);
    const free = `free-${user.id.slice(0, 8)}@example.com`;
    const taken = await client.patch('/api/user/email', {
      email: other.email,
      currentPassword: PASSWORD,
    });
    const untaken = await client.patch('/api/user/email', {
      email: free,
      currentPassword: PASSWORD,
    });
    expect(taken.status).toBe(200);
    expect(untaken.status).toBe(200);
    const shape = (body: any, email: string) => JSON.stringify(body).replace(email, '<address>');
    expect(shape(taken.body, other.email)).toBe(shape(untaken.body, free));
    // The taken address gets a note without a link, and nothing changes.
    expect(await until(() => mail.some((m) => m.to === other.email))).toBe(true);
    expect(mail.find((m) => m.to === other.email)).toEqual({ kind: 'taken', to: other.email });
    expect((await server.prisma.user.findUnique({ where: { id: user.id } }))!.email).toBe(
      user.email,
    );
  });
});

const codeOf = (secret: string, offsetSteps = 0, at = Date.now()) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  }).generate({ timestamp: at + offsetSteps * 30_000 });

async function ownerWithSecondFactor(on = server) {
  const owner = await createStaff(on.prisma, 'owner');
  const secret = new Secret({ size: 20 }).base32;
  await on.prisma.user.update({
    where: { id: owner.id },
    data: { totpSecret: secret, totpEnabledAt: new Date() },
  });
  return { owner, secret };
}

describe('finding: the staff second factor protects the account', () => {
  it('a password-only session of a staff member with a second factor cannot change the password or e-mail', async () => {
    const { owner, secret } = await ownerWithSecondFactor();
    const sideDoor = await signedInAt(device(), owner.email);
    const change = await sideDoor.post('/api/user/password', {
      currentPassword: PASSWORD,
      newPassword: 'taken-over-account-1',
      confirmPassword: 'taken-over-account-1',
    });
    expect(change.status).toBe(403);
    expect(change.body.code).toBe('second_factor_needed');
    expect(change.body.message).toMatch(/staff sign-in/);
    const email = await sideDoor.patch('/api/user/email', {
      email: 'thief@example.com',
      currentPassword: PASSWORD,
    });
    expect(email.status).toBe(403);
    expect(mail.some((m) => m.to === 'thief@example.com')).toBe(false);

    // With the code (the staff sign-in) the owner changes it.
    const desk = device();
    expect(
      (await desk.post('/api/admin/login', { email: owner.email, password: PASSWORD })).status,
    ).toBe(401);
    expect(
      (await desk.post('/api/admin/login/second-factor', { code: codeOf(secret) })).status,
    ).toBe(200);
    const own = await desk.post('/api/user/password', {
      currentPassword: PASSWORD,
      newPassword: 'a-new-owner-password-2',
      confirmPassword: 'a-new-owner-password-2',
    });
    expect(own.status).toBe(200);
  });

  it("a stranger's wrong codes do not lock the owner out of a device they signed in on", async () => {
    const { owner, secret } = await ownerWithSecondFactor();
    const at = Date.now();
    const desk = device();
    await desk.post('/api/admin/login', { email: owner.email, password: PASSWORD });
    expect(
      (await desk.post('/api/admin/login/second-factor', { code: codeOf(secret, 0, at) })).status,
    ).toBe(200);

    // A stranger with the password tries codes from new browsers.
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const stranger = device();
      await stranger.post('/api/admin/login', { email: owner.email, password: PASSWORD });
      for (let j = 0; j < 5; j++)
        statuses.push(
          (await stranger.post('/api/admin/login/second-factor', { code: `00000${j}` })).status,
        );
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);

    // The owner, at the device they used, signs in again.
    await desk.post('/api/logout');
    const again = await desk.post('/api/admin/login', { email: owner.email, password: PASSWORD });
    expect(again.body.code).toBe('second_factor_required');
    const next = await desk.post('/api/admin/login/second-factor', {
      code: codeOf(secret, 1, at),
    });
    expect(next.status).toBe(200);
  });
});

describe('finding: password spraying across accounts', () => {
  it('answers 429 to new browsers once failures across all accounts pass the rate; known devices pass', async () => {
    const victims = await Promise.all(Array.from({ length: 8 }, () => createUser(sprayed.prisma)));
    const regular = victims[7]!;
    const home = await signedInAt(device(freshAddress(), sprayed), regular.email);
    await home.post('/api/logout');
    const statuses = [];
    for (const victim of victims.slice(0, 6))
      statuses.push(
        (
          await device(freshAddress(), sprayed).post('/api/login', {
            email: victim.email,
            password: 'Spring-guess-2026',
          })
        ).status,
      );
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // Even the right password from a new browser waits now ...
    const fresh = await device(freshAddress(), sprayed).post('/api/login', {
      email: victims[6]!.email,
      password: PASSWORD,
    });
    expect(fresh.status).toBe(429);
    expect(fresh.body.message).toBe(
      'Too many failed sign-ins at the shop right now. Please try again in a minute.',
    );
    // ... while a customer on a device they signed in on before goes in.
    expect(
      (await home.post('/api/login', { email: regular.email, password: PASSWORD })).status,
    ).toBe(200);
  });
});

describe('finding: lockouts a stranger cannot re-arm on the owner', () => {
  it('a known device signs in while a stranger at the same address guesses', async () => {
    const user = await createUser(server.prisma);
    const sharedAddress = freshAddress(); // a café's Wi-Fi, a carrier's NAT
    const home = await signedInAt(device(sharedAddress), user.email);
    await home.post('/api/logout');
    const stranger = device(sharedAddress);
    const statuses = [];
    for (let i = 0; i < 20; i++)
      statuses.push(
        (await stranger.post('/api/login', { email: user.email, password: `guess-${i}-x` })).status,
      );
    expect(statuses.at(-1)).toBe(429);
    const owner = await home.post('/api/login', { email: user.email, password: PASSWORD });
    expect(owner.status).toBe(200);
    // And again after the stranger's next round.
    await home.post('/api/logout');
    for (let i = 0; i < 10; i++)
      await stranger.post('/api/login', { email: user.email, password: `more-${i}-x` });
    expect((await home.post('/api/login', { email: user.email, password: PASSWORD })).status).toBe(
      200,
    );
  });
});

describe('finding: sign-in, lockout and second-factor events are logged', () => {
  it('with the account id and the client address, never the password or e-mail', async () => {
    const { owner, secret } = await ownerWithSecondFactor();
    const address = freshAddress();
    const client = device(address);
    const from = logLines.length;
    await client.post('/api/login', { email: owner.email, password: 'not-the-password-1' });
    await client.post('/api/admin/login', { email: owner.email, password: PASSWORD });
    await client.post('/api/admin/login/second-factor', { code: '000000' });
    await client.post('/api/admin/login/second-factor', { code: codeOf(secret) });
    for (let i = 0; i < 6; i++)
      await client.post('/api/login', { email: owner.email, password: `wrong-${i}-pw` });
    const lines = logLines.slice(from).filter((line) => line.event === 'security');
    const messages = lines.map((line) => line.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'sign-in failed',
        'staff password accepted; second factor awaited',
        'second factor wrong at sign-in',
        'staff sign-in with second factor',
        'login refused: too many attempts',
      ]),
    );
    for (const line of lines) expect(line).toMatchObject({ userId: owner.id, ip: address });
    const text = JSON.stringify(logLines.slice(from));
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain('not-the-password-1');
    expect(text).not.toContain(owner.email);
  });
});

describe('finding: a larger list of guessable passwords', () => {
  it.each(['Password1!', 'Summer2026!'])('refuses %s at signup', async (password) => {
    const signup = await device().post('/api/signup', {
      email: `sign-${Math.random().toString(36).slice(2, 8)}@example.com`,
      password,
      firstName: 'Nia',
      lastName: 'Baker',
    });
    expect(signup.status).toBe(400);
    expect(signup.body.message).toBe(COMMON_PASSWORD_MESSAGE);
  });

  it('refuses 123456789012 as a staff password', async () => {
    const admin = await createStaff(server.prisma, 'admin');
    const client = await signedInAt(device(), admin.email);
    const change = await client.post('/api/user/password', {
      currentPassword: PASSWORD,
      newPassword: '123456789012',
      confirmPassword: '123456789012',
    });
    expect(change.status).toBe(400);
    expect(change.body.message).toBe(COMMON_PASSWORD_MESSAGE);
  });
});

describe('finding: staff second factor on by default, seeds encrypted', () => {
  it('a customer promoted to staff sets it up at the first sign-in; the seed is stored encrypted', async () => {
    const { client: owner } = await signedIn(server.baseUrl, server.prisma, 'owner');
    const customer = await createUser(server.prisma);
    expect(
      (await owner.patch(`/api/admin/users/${customer.id}/role`, { role: 'admin' })).status,
    ).toBe(200);

    const desk = device();
    expect(
      (await desk.post('/api/admin/login', { email: customer.email, password: PASSWORD })).status,
    ).toBe(200);
    const refused = await desk.get('/api/admin/orders');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('second_factor_setup_required');
    expect((await desk.get('/api/admin/second-factor')).body).toMatchObject({
      enabled: false,
      required: true,
      requiredBy: 'new-staff',
    });
    const setup = await desk.post('/api/admin/second-factor/setup');
    expect(setup.status).toBe(200);
    const at = Date.now();
    expect(
      (
        await desk.post('/api/admin/second-factor/enable', {
          code: codeOf(setup.body.secret, 0, at),
        })
      ).status,
    ).toBe(200);
    expect((await desk.get('/api/admin/orders')).status).toBe(200);
    // Staying on: it cannot be turned off while it is the staff default.
    const off = await desk.post('/api/admin/second-factor/disable', {
      currentPassword: PASSWORD,
      code: codeOf(setup.body.secret, 1, at),
    });
    expect(off.status).toBe(409);

    const stored = (await server.prisma.user.findUnique({ where: { id: customer.id } }))!;
    expect(stored.totpSecret).toMatch(/^v1:[\w-]+$/);
    expect(stored.totpSecret).not.toContain(setup.body.secret);

    // The encrypted seed still checks codes at the next sign-in.
    const laptop = device();
    await laptop.post('/api/admin/login', { email: customer.email, password: PASSWORD });
    expect(
      (
        await laptop.post('/api/admin/login/second-factor', {
          code: codeOf(setup.body.secret, 1, at),
        })
      ).status,
    ).toBe(200);
  });

  it('the seeded owner is asked to set it up too', async () => {
    const email = `first-owner-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await seedOwner(
      server.prisma,
      { ...server.deps.config, ownerEmail: email, ownerPassword: 'first-owner-password-9' },
      createLogger({ level: 'silent' }),
    );
    const owner = await server.prisma.user.findUniqueOrThrow({ where: { email } });
    expect(owner.totpSetupRequired).toBe(true);
    const desk = device();
    await desk.post('/api/admin/login', { email, password: 'first-owner-password-9' });
    // Issue 38: her own password first, then the second factor.
    expect((await desk.get('/api/admin/orders')).body.code).toBe('password_change_required');
    const changed = await desk.post('/api/user/password', {
      currentPassword: 'first-owner-password-9',
      newPassword: 'her-own-password-2026',
      confirmPassword: 'her-own-password-2026',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await desk.get('/api/admin/orders')).body.code).toBe('second_factor_setup_required');
  });

  it('encrypts seeds stored in plain text before, and they keep working', async () => {
    const { owner, secret } = await ownerWithSecondFactor();
    await sealPlainSeeds({ ...server.deps, log: createLogger({ level: 'silent' }) });
    const stored = (await server.prisma.user.findUnique({ where: { id: owner.id } }))!;
    expect(stored.totpSecret).toMatch(/^v1:/);
    const desk = device();
    await desk.post('/api/admin/login', { email: owner.email, password: PASSWORD });
    expect(
      (await desk.post('/api/admin/login/second-factor', { code: codeOf(secret) })).status,
    ).toBe(200);
  });
});
