import { describe, expect, it } from 'vitest';
import {
  can,
  isRole,
  isStaff,
  leastRoleWith,
  PERMISSION_NAMES,
  PERMISSION_WORDS,
  PERMISSIONS,
  ROLE_DESCRIPTIONS,
  ROLES,
  type Permission,
} from './roles';

describe('roles (spec section 6)', () => {
  it('are customer, admin and owner', () => expect(ROLES).toEqual(['customer', 'admin', 'owner']));

  const customer: Permission[] = ['placeOrders', 'viewOwnOrders', 'updateProfile', 'submitReviews'];
  const admin: Permission[] = [
    ...customer,
    'useDashboard',
    'manageOrders',
    'viewAnalytics',
    'manageRecipes',
    'manageReviews',
    'viewKitchen',
  ];
  const owner: Permission[] = [
    ...admin,
    'manageKitchen',
    'manageMenu',
    'manageSettings',
    'manageMail',
    'manageBackups',
    'deleteOrders',
    'manageUsers',
    'assignRoles',
    'resetUserPasswords',
  ];
  const table: Record<string, Permission[]> = {
    customer,
    admin,
    owner,
    '': customer,
    guest: customer,
  };

  for (const role of Object.keys(table))
    for (const permission of PERMISSION_NAMES) {
      const allowed = table[role]!.includes(permission);
      it(`${role || '(no role)'} ${allowed ? 'may' : 'may not'} ${permission}`, () =>
        expect(can(role, permission)).toBe(allowed));
    }

  it('reserves user management, role changes and password resets to the owner', () => {
    for (const p of [
      'manageUsers',
      'assignRoles',
      'resetUserPasswords',
      'manageKitchen',
      'manageMenu',
      'manageSettings',
      'manageMail',
      'manageBackups',
      'deleteOrders',
    ] as const)
      expect(ROLES.filter((r) => can(r, p))).toEqual(['owner']);
    expect(PERMISSIONS.owner).toEqual(expect.arrayContaining([...PERMISSIONS.admin]));
    expect(PERMISSIONS.admin).toEqual(expect.arrayContaining([...PERMISSIONS.customer]));
  });

  it.each([
    ['admin', true],
    ['owner', true],
    ['customer', false],
    ['Admin', false],
    [null, false],
    [undefined, false],
  ])('isStaff(%s) is %s', (role, staff) => expect(isStaff(role)).toBe(staff));

  it('describes each role for the legend', () => {
    for (const r of ROLES)
      expect(ROLE_DESCRIPTIONS[r]).toMatch(new RegExp(`^${r[0]!.toUpperCase()}${r.slice(1)}: `));
    expect(ROLE_DESCRIPTIONS.owner).toContain('manage users');
    expect(isRole('owner')).toBe(true);
    expect(isRole('root')).toBe(false);
  });

  it('describes each role from the permission table, so the words never drift', () => {
    // Each right is named in the description of the role that gains it, and only there.
    for (const permission of PERMISSION_NAMES) {
      const words = PERMISSION_WORDS[permission];
      for (const role of ROLES)
        if (role === leastRoleWith(permission)) expect(ROLE_DESCRIPTIONS[role]).toContain(words);
        else expect(ROLE_DESCRIPTIONS[role]).not.toContain(words);
    }
    expect(ROLE_DESCRIPTIONS.admin).toMatch(/^Admin: all customer rights, plus /);
    expect(ROLE_DESCRIPTIONS.owner).toMatch(/Full access\.$/);
  });
});
