// Issue 39, finding 5: a password-only session of a staff member with a
// second factor (e.g. through the customer login) could list and end the
// account's sessions, rename it and export its data. Each of the four calls
// now answers 403 `second_factor_needed`; the session that entered the code
// still makes them.
/* eslint-disable @typescript-eslint/no-explicit-any -- answers are JSON whose shape each test asserts */
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { Client, PASSWORD } from '../support/factories.js';
import { createUser as createStaff } from '../admin/helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const codeOf = (secret: string) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  }).generate();

describe('finding 5: the password alone does not reach a 2FA staff account', () => {
  it('answers 403 second_factor_needed on the sessions list, ending a session, the profile and the export', async () => {
    const owner = await createStaff(server.prisma, 'owner');
    const secret = new Secret({ size: 20 }).base32;
    await server.prisma.user.update({
      where: { id: owner.id },
      data: { totpSecret: secret, totpEnabledAt: new Date() },
    });

    // The owner's back-office session, with the code.
    const desk = new Client(server.baseUrl);
    expect(
      (await desk.post('/api/admin/login', { email: owner.email, password: PASSWORD })).status,
    ).toBe(401);
    expect(
      (await desk.post('/api/admin/login/second-factor', { code: codeOf(secret) })).status,
    ).toBe(200);
    const deskSessions = await desk.get('/api/user/sessions');
    expect(deskSessions.status).toBe(200);
    const deskSessionId = (deskSessions.body.sessions as any[]).find((s) => s.current).id;

    // A leaked password, through the customer sign-in.
    const sideDoor = new Client(server.baseUrl);
    expect(
      (await sideDoor.post('/api/login', { email: owner.email, password: PASSWORD })).status,
    ).toBe(200);
    const calls = [
      await sideDoor.get('/api/user/sessions'),
      await sideDoor.del(`/api/user/sessions/${deskSessionId}`),
      await sideDoor.patch('/api/user', { firstName: 'Mallory' }),
      await sideDoor.get('/api/user/export'),
    ];
    for (const answer of calls) {
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe('second_factor_needed');
      expect(answer.body.message).toMatch(/authenticator code/);
    }
    // Nothing happened: the desk is still signed in, the name unchanged.
    expect((await desk.get('/api/user/sessions')).status).toBe(200);
    expect((await desk.get('/api/user')).body.firstName).toBe(owner.firstName);

    // The session with the code makes all four.
    expect((await desk.patch('/api/user', { firstName: 'Olive' })).status).toBe(200);
    expect((await desk.get('/api/user/export')).status).toBe(200);
    const list = await desk.get('/api/user/sessions');
    const other = (list.body.sessions as any[]).find((s) => !s.current);
    expect((await desk.del(`/api/user/sessions/${other.id}`)).status).toBe(200);
    expect((await sideDoor.get('/api/user')).status).toBe(401);
  });
});
