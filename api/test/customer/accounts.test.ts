// Accounts and sessions over HTTP: signup, login, logout, the current user,
// the profile update, session cookies, the login rate limit, cross-site writes.
import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { Client, createUser, PASSWORD, signedInCustomer } from '../support/factories.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    config: {
      rateLimits: {
        loginPerEmail: { max: 3, windowMs: 60_000 },
        loginPerIp: { max: 1000, windowMs: 60_000 },
      },
    },
  });
});

afterAll(async () => {
  await server?.close();
});

const signup = (overrides: Record<string, unknown> = {}) => ({
  email: `New.Person.${Math.random().toString(36).slice(2, 8)}@Example.com`,
  password: 'rye-loaf-123',
  firstName: 'Nia',
  lastName: 'Baker',
  phone: '(850) 555-1234',
  ...overrides,
});

describe('POST /api/signup', () => {
  it('creates a customer, signs them in and answers 201 with the user', async () => {
    const client = new Client(server.baseUrl);
    const form = signup();
    const { status, body } = await client.post('/api/signup', form);
    expect(status).toBe(201);
    expect(body.user).toMatchObject({
      role: 'customer',
      email: form.email.toLowerCase(),
      firstName: 'Nia',
      lastName: 'Baker',
      phone: '(850) 555-1234',
    });
    expect(body.user).not.toHaveProperty('password');
    const me = await client.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toEqual(body.user);
    const stored = await server.prisma.user.findUnique({
      where: { email: form.email.toLowerCase() },
    });
    expect(stored!.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('answers 409 for an e-mail that already has an account, whatever its case', async () => {
    const existing = await createUser(server.prisma);
    const before = await server.prisma.user.count();
    const { status, body } = await new Client(server.baseUrl).post(
      '/api/signup',
      signup({ email: existing.email.toUpperCase() }),
    );
    expect(status).toBe(409);
    expect(body.message).toBe('An account with this email already exists');
    expect(await server.prisma.user.count()).toBe(before);
  });

  it.each([
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ password: '12345' }, 'Password must be at least 6 characters'],
    [{ firstName: '' }, 'First name is required'],
    [{ lastName: '' }, 'Last name is required'],
    [{ phone: '555-1234' }, 'Phone number must be at least 10 digits'],
    [{ phone: '1234567890123456' }, 'Phone number cannot exceed 15 digits'],
  ])('refuses %j with "%s" and stores nothing', async (change, message) => {
    const before = await server.prisma.user.count();
    const { status, body } = await new Client(server.baseUrl).post('/api/signup', signup(change));
    expect(status).toBe(400);
    expect(body.message).toBe(message);
    expect(body.errors[0].message).toBe(message);
    expect(await server.prisma.user.count()).toBe(before);
  });
});

describe('POST /api/login', () => {
  it('signs in with any case of the e-mail and starts a new session id', async () => {
    const user = await createUser(server.prisma);
    const client = new Client(server.baseUrl);
    // A visitor's session (e.g. one planted by an attacker) must not survive the login.
    await client.post('/api/logout');
    const { status, body } = await client.post('/api/login', {
      email: user.email.toUpperCase(),
      password: PASSWORD,
    });
    expect(status).toBe(200);
    expect(body.user).toEqual({
      id: user.id,
      role: 'customer',
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
    });
    const first = client.cookieHeader();
    expect(first).toMatch(/bakery\.sid=/);
    await client.post('/api/login', { email: user.email, password: PASSWORD });
    expect(client.cookieHeader()).not.toBe(first);
    expect((await client.get('/api/user')).body.id).toBe(user.id);
  });

  it('sets an httpOnly, SameSite=Lax session cookie', async () => {
    const user = await createUser(server.prisma);
    const response = await new Client(server.baseUrl).request('POST', '/api/login', {
      email: user.email,
      password: PASSWORD,
    });
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('bakery.sid='));
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    expect(cookie).not.toMatch(/;\s*secure/i); // not production
  });

  it('answers 401 "Invalid email or password" for a wrong password and an unknown e-mail alike', async () => {
    const user = await createUser(server.prisma);
    const client = new Client(server.baseUrl);
    const wrong = await client.post('/api/login', {
      email: user.email,
      password: 'wrong-password',
    });
    const unknown = await client.post('/api/login', {
      email: 'nobody-here@example.com',
      password: 'wrong-password',
    });
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        code: 'invalid_credentials',
        message: 'Invalid email or password',
      });
    }
    expect((await client.get('/api/user')).status).toBe(401);
  });

  it('rehashes a password stored with weaker parameters at login', async () => {
    const weak = await argon2.hash(PASSWORD, {
      type: argon2.argon2id,
      memoryCost: 4096,
      timeCost: 1,
      parallelism: 1,
    });
    const user = await createUser(server.prisma);
    await server.prisma.user.update({ where: { id: user.id }, data: { password: weak } });
    expect(
      (
        await new Client(server.baseUrl).post('/api/login', {
          email: user.email,
          password: PASSWORD,
        })
      ).status,
    ).toBe(200);
    const stored = await server.prisma.user.findUnique({ where: { id: user.id } });
    expect(stored!.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await argon2.verify(stored!.password, PASSWORD)).toBe(true);
  });

  it('validates with the spec messages', async () => {
    const short = await new Client(server.baseUrl).post('/api/login', {
      email: 'a@example.com',
      password: '123',
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be at least 6 characters');
  });

  it('answers 429 after too many failures for one account, even to the right password', async () => {
    const user = await createUser(server.prisma);
    const client = new Client(server.baseUrl);
    for (let i = 0; i < 3; i++)
      expect(
        (await client.post('/api/login', { email: user.email, password: 'wrong-password' })).status,
      ).toBe(401);
    const limited = await client.post('/api/login', { email: user.email, password: PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/Too many login attempts/);
    // Another account from the same address is unaffected.
    const other = await createUser(server.prisma);
    expect(
      (await client.post('/api/login', { email: other.email, password: PASSWORD })).status,
    ).toBe(200);
  });
});

describe('GET /api/user and logout', () => {
  it('answers 401 with a message to a visitor', async () => {
    const { status, body } = await new Client(server.baseUrl).get('/api/user');
    expect(status).toBe(401);
    expect(typeof body.message).toBe('string');
  });

  it('logs out: the session is gone from the database and the cookie no longer works', async () => {
    const { user, client } = await signedInCustomer(server.baseUrl, server.prisma);
    const stolenCookie = client.cookieHeader();
    expect(await server.prisma.session.count({ where: { userId: user.id } })).toBe(1);
    const { status, body } = await client.post('/api/logout', {});
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, message: 'Logged out' });
    expect((await client.get('/api/user')).status).toBe(401);
    expect(await server.prisma.session.count({ where: { userId: user.id } })).toBe(0);
    const replay = await fetch(`${server.baseUrl}/api/user`, { headers: { cookie: stolenCookie } });
    expect(replay.status).toBe(401);
  });

  it('reads the role from the database on every request', async () => {
    const { user, client } = await signedInCustomer(server.baseUrl, server.prisma);
    await server.prisma.user.update({ where: { id: user.id }, data: { role: 'admin' } });
    expect((await client.get('/api/user')).body.role).toBe('admin');
    await server.prisma.user.delete({ where: { id: user.id } });
    expect((await client.get('/api/user')).status).toBe(401);
  });
});

describe('PATCH /api/user', () => {
  it('updates the profile and keeps the e-mail and role', async () => {
    const { user, client } = await signedInCustomer(server.baseUrl, server.prisma);
    const { status, body } = await client.patch('/api/user', {
      firstName: 'Robin',
      lastName: 'Rye',
      phone: '850-555-9876',
      role: 'owner',
      email: 'x@example.com',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: user.id,
      firstName: 'Robin',
      lastName: 'Rye',
      phone: '850-555-9876',
      role: 'customer',
      email: user.email,
    });
    const stored = await server.prisma.user.findUnique({ where: { id: user.id } });
    expect(stored).toMatchObject({
      firstName: 'Robin',
      lastName: 'Rye',
      role: 'customer',
      email: user.email,
    });
  });

  it('refuses an invalid phone and a visitor', async () => {
    const { client } = await signedInCustomer(server.baseUrl, server.prisma);
    const bad = await client.patch('/api/user', { phone: '123' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Phone number must be at least 10 digits');
    expect((await new Client(server.baseUrl).patch('/api/user', { firstName: 'X' })).status).toBe(
      401,
    );
  });
});

describe('cross-site writes', () => {
  it('are refused with 403 when the Origin is another site', async () => {
    const user = await createUser(server.prisma);
    const response = await fetch(`${server.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ email: user.email, password: PASSWORD }),
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toBe(
      'Cross-site request refused',
    );
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

describe('behind a TLS proxy in production', () => {
  let production: TestServer;
  beforeAll(async () => {
    production = await startTestServer({
      config: {
        production: true,
        nodeEnv: 'production',
        trustProxy: true,
        publicUrl: 'https://shop.example.com',
        // What an https PUBLIC_URL sets (config.ts); spelled out since this overrides after loading.
        ...({ secureCookies: true } as object),
      },
    });
  });
  afterAll(async () => {
    await production?.close();
  });

  const login = (origin: string, email: string) =>
    fetch(`${production.baseUrl}/api/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin,
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'shop.example.com',
      },
      body: JSON.stringify({ email, password: PASSWORD }),
    });

  it('sets a Secure cookie for the public address and refuses other origins, loopback ones included', async () => {
    const user = await createUser(production.prisma);
    const ok = await login('https://shop.example.com', user.email);
    expect(ok.status).toBe(200);
    // Secure cookies carry the __Host- prefix (issue 15): no Domain, Path=/.
    expect(ok.headers.getSetCookie().find((line) => line.startsWith('__Host-bakery.sid='))).toMatch(
      /;\s*secure/i,
    );
    expect((await login('http://localhost:5173', user.email)).status).toBe(403);
  });
});

describe('in development', () => {
  it("accepts the dev servers' loopback origins", async () => {
    const user = await createUser(server.prisma);
    const response = await fetch(`${server.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:5173' },
      body: JSON.stringify({ email: user.email, password: PASSWORD }),
    });
    expect(response.status).toBe(200);
  });
});
