// Issue 38: the owner the seed made signs in with a password set up for her
// and must choose her own before anything else in the back office: every
// other admin call answers 403 password_change_required (as the 2FA setup
// gate does), /api/admin/me says so, and the change lifts it at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { Client, createUser, PASSWORD } from '../admin/helpers.js';
import { FIRST_PASSWORD_MESSAGE } from '../../src/middleware/auth.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 60_000);

afterAll(async () => {
  await server?.close();
});

async function firstSignIn() {
  const owner = await createUser(server.prisma, 'owner');
  await server.prisma.user.update({
    where: { id: owner.id },
    data: { passwordChangeRequired: true },
  });
  const client = new Client(server.baseUrl);
  expect((await client.post('/api/login', { email: owner.email, password: PASSWORD })).status).toBe(
    200,
  );
  expect((await client.post('/api/admin/auto-login')).status).toBe(200);
  return { owner, client };
}

describe('first sign-in with a password set up for the owner', () => {
  it('refuses other back-office calls until she chooses her own password', async () => {
    const { client } = await firstSignIn();
    const refused = await client.get('/api/admin/settings');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'password_change_required',
      message: FIRST_PASSWORD_MESSAGE,
    });
    expect((await client.get('/api/admin/orders/desk')).status).toBe(403);
    const me = await client.get('/api/admin/me');
    expect(me.status).toBe(200);
    expect(me.body.passwordChangeRequired).toBe(true);

    const changed = await client.post('/api/user/password', {
      currentPassword: PASSWORD,
      newPassword: 'her-own-password-2026',
      confirmPassword: 'her-own-password-2026',
    });
    expect(changed.status).toBe(200);
    expect((await client.get('/api/admin/me')).body.passwordChangeRequired).toBe(false);
    expect((await client.get('/api/admin/settings')).status).toBe(200);
  });

  it('does not let the same password count as her own', async () => {
    const { client } = await firstSignIn();
    const same = await client.post('/api/user/password', {
      currentPassword: PASSWORD,
      newPassword: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(same.status).toBe(400);
    expect((await client.get('/api/admin/settings')).status).toBe(403);
  });

  it('leaves staff whose password is their own alone', async () => {
    const owner = await createUser(server.prisma, 'owner');
    const client = new Client(server.baseUrl);
    await client.post('/api/login', { email: owner.email, password: PASSWORD });
    await client.post('/api/admin/auto-login');
    expect((await client.get('/api/admin/settings')).status).toBe(200);
    expect((await client.get('/api/admin/me')).body.passwordChangeRequired).toBe(false);
  });
});
