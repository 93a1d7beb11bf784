// User management (owner only): the list never carries a password hash, role
// changes protect the last owner and one's own role, and a password reset
// creates a token and a mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../support/testServer.js';
import { Client, createUser, signedIn } from './helpers.js';

type Server = Awaited<ReturnType<typeof startTestServer>>;
let server: Server;
let owner: Client;
let ownerId: string;

beforeAll(async () => {
  server = await startTestServer();
  const signed = await signedIn(server.baseUrl, server.prisma, 'owner');
  owner = signed.client;
  ownerId = signed.user.id;
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('GET /api/admin/users', () => {
  it('lists users with createdAt and never a password', async () => {
    const customer = await createUser(server.prisma, 'customer');
    const { status, body } = await owner.get('/api/admin/users');
    expect(status).toBe(200);
    const row = body.find((user: { id: string }) => user.id === customer.id);
    expect(row).toMatchObject({
      email: customer.email,
      role: 'customer',
      firstName: customer.firstName,
    });
    expect(Date.parse(row.createdAt)).not.toBeNaN();
    const raw = JSON.stringify(body);
    expect(raw).not.toContain('$argon2');
    expect(raw).not.toMatch(/password/i);
  });
});

describe('PATCH /api/admin/users/{id}/role', () => {
  it('promotes a customer to admin', async () => {
    const customer = await createUser(server.prisma, 'customer');
    const { status, body } = await owner.patch(`/api/admin/users/${customer.id}/role`, {
      role: 'admin',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, user: { id: customer.id, role: 'admin' } });
    expect(JSON.stringify(body)).not.toContain('$argon2');
    expect((await server.prisma.user.findUnique({ where: { id: customer.id } }))!.role).toBe(
      'admin',
    );
  });

  it('never demotes the last owner, and nobody changes their own role', async () => {
    // Only this owner left: demoting them would leave the bakery without one.
    await server.prisma.user.updateMany({
      where: { role: 'owner', id: { not: ownerId } },
      data: { role: 'customer' },
    });
    const last = await owner.patch(`/api/admin/users/${ownerId}/role`, { role: 'admin' });
    expect(last.status).toBe(409);
    expect(last.body.message).toBe('The last owner cannot be demoted');
    expect((await server.prisma.user.findUnique({ where: { id: ownerId } }))!.role).toBe('owner');

    // With a second owner it is still refused: nobody changes their own role.
    const other = await createUser(server.prisma, 'owner');
    const own = await owner.patch(`/api/admin/users/${ownerId}/role`, { role: 'admin' });
    expect(own.status).toBe(409);
    expect(own.body.message).toBe('You cannot change your own role');
    expect((await server.prisma.user.findUnique({ where: { id: ownerId } }))!.role).toBe('owner');

    // Demoting the other owner is allowed.
    const demoted = await owner.patch(`/api/admin/users/${other.id}/role`, { role: 'admin' });
    expect(demoted.status).toBe(200);
    expect(await server.prisma.user.count({ where: { role: 'owner' } })).toBe(1);
  });

  it('keeps an owner when two owners demote each other at the same moment', async () => {
    const a = await signedIn(server.baseUrl, server.prisma, 'owner');
    const b = await signedIn(server.baseUrl, server.prisma, 'owner');
    // Leave exactly these two owners.
    await server.prisma.user.updateMany({
      where: { role: 'owner', id: { notIn: [a.user.id, b.user.id] } },
      data: { role: 'admin' },
    });
    const answers = await Promise.all([
      a.client.patch(`/api/admin/users/${b.user.id}/role`, { role: 'admin' }),
      b.client.patch(`/api/admin/users/${a.user.id}/role`, { role: 'admin' }),
    ]);
    // The first demotion wins; the loser is no longer an owner (403) or would be demoting the last one (409).
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(await server.prisma.user.count({ where: { role: 'owner' } })).toBe(1);
    // Restore the suite's owner.
    await server.prisma.user.update({ where: { id: ownerId }, data: { role: 'owner' } });
  });

  it('refuses an unknown role with 400 and an unknown user with 404', async () => {
    const customer = await createUser(server.prisma, 'customer');
    const baker = await owner.patch(`/api/admin/users/${customer.id}/role`, { role: 'baker' });
    expect(baker.status).toBe(400);
    expect(baker.body.message).toBe('Role must be one of: customer, admin, owner');
    expect((await server.prisma.user.findUniqueOrThrow({ where: { id: customer.id } })).role).toBe(
      'customer',
    );
    const malformed = await owner.patch('/api/admin/users/no-such-user/role', { role: 'admin' });
    expect(malformed.status).toBe(404);
    expect(malformed.body.message).toBe('User not found');
    expect(
      (
        await owner.patch('/api/admin/users/00000000-0000-4000-8000-000000000000/role', {
          role: 'admin',
        })
      ).status,
    ).toBe(404);
  });
});

describe('POST /api/admin/users/{id}/reset-password', () => {
  it('creates a reset token and says mail needs configuring', async () => {
    const customer = await createUser(server.prisma, 'customer');
    const { status, body } = await owner.post(`/api/admin/users/${customer.id}/reset-password`);
    expect(status).toBe(200);
    expect(body.needsConfiguration).toBe(true);
    expect(body.message).toContain(customer.email);
    expect(await server.prisma.passwordResetToken.count({ where: { userId: customer.id } })).toBe(
      1,
    );
  });

  it('answers 404 for an unknown user', async () => {
    expect((await owner.post('/api/admin/users/no-such-user/reset-password')).status).toBe(404);
  });
});
