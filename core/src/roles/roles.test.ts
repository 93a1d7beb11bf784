import { describe, expect, it } from 'vitest';
import {
  can,
  isRole,
  isStaff,
  PERMISSION_NAMES,
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
});
