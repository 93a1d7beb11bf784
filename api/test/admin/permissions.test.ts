// Staff routes ask core's permission table (can(role, permission)), not role
// strings: granting or withdrawing a permission in the table changes the
// server's answer. The server runs in this process, so it sees the same
// PERMISSIONS object the test changes (and restores).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, type Permission, type Role } from '@bakery/core';
import { startTestServer } from '../support/testServer.js';
import { Client, signedIn } from './helpers.js';

type Server = Awaited<ReturnType<typeof startTestServer>>;
let server: Server;
let admin: Client;
let owner: Client;
const table = PERMISSIONS as Record<Role, Permission[]>;
const original = { admin: [...table.admin], owner: [...table.owner] };

beforeAll(async () => {
  server = await startTestServer();
  admin = (await signedIn(server.baseUrl, server.prisma, 'admin')).client;
  owner = (await signedIn(server.baseUrl, server.prisma, 'owner')).client;
}, 60_000);

afterEach(() => {
  table.admin.splice(0, table.admin.length, ...original.admin);
  table.owner.splice(0, table.owner.length, ...original.owner);
});

afterAll(async () => {
  await server?.close();
});

describe('staff routes follow core permission table', () => {
  it('lets an admin list users once the table grants manageUsers', async () => {
    expect((await admin.get('/api/admin/users')).status).toBe(403);
    table.admin.push('manageUsers');
    expect((await admin.get('/api/admin/users')).status).toBe(200);
  });

  it('refuses the owner the orders once the table withdraws manageOrders', async () => {
    expect((await owner.get('/api/admin/orders?limit=5')).status).toBe(200);
    table.owner.splice(table.owner.indexOf('manageOrders'), 1);
    const refused = await owner.get('/api/admin/orders?limit=5');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('forbidden');
  });

  it.each([
    ['/api/admin/stats', 'viewAnalytics'],
    ['/api/admin/recipes', 'manageRecipes'],
    ['/api/admin/reviews', 'manageReviews'],
    ['/api/admin/kitchen/capacity', 'viewKitchen'],
  ] as const)('GET %s needs %s', async (path, permission) => {
    expect((await admin.get(path)).status).toBe(200);
    table.admin.splice(table.admin.indexOf(permission), 1);
    expect((await admin.get(path)).status).toBe(403);
  });
});
