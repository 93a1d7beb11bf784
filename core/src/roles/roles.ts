// Roles and what each may do (spec section 6). The user-management rights are
// reserved to the owner, and the server enforces them.

export const ROLES = ['customer', 'admin', 'owner'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Each permission and the least role that has it: a role has every right of
 * the roles before it in ROLES (an owner can do all an admin can).
 */
const LEAST_ROLE = {
  placeOrders: 'customer',
  viewOwnOrders: 'customer',
  updateProfile: 'customer',
  submitReviews: 'customer',
  useDashboard: 'admin',
  manageOrders: 'admin',
  viewAnalytics: 'admin',
  manageRecipes: 'admin',
  manageReviews: 'admin',
  viewKitchen: 'admin',
  // Daily limits and closed dates shape what customers can book.
  manageKitchen: 'owner',
  // The mail queue holds customers' messages (reset links included).
  manageMail: 'owner',
  // Backups hold every customer's data; unpaid-order rules shape booking.
  manageBackups: 'owner',
  // A deleted order is gone with its history (paid ones are archived instead).
  deleteOrders: 'owner',
  manageUsers: 'owner',
  assignRoles: 'owner',
  resetUserPasswords: 'owner',
} as const satisfies Record<string, Role>;
export type Permission = keyof typeof LEAST_ROLE;

export const PERMISSION_NAMES = Object.keys(LEAST_ROLE) as readonly Permission[];

/** What each role may do (the server asks `can`; tests may change this table). */
export const PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = Object.fromEntries(
  ROLES.map((role) => [
    role,
    PERMISSION_NAMES.filter(
      (permission) => ROLES.indexOf(LEAST_ROLE[permission]) <= ROLES.indexOf(role),
    ),
  ]),
) as Record<Role, Permission[]>;

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** Any role other than admin or owner has the customer's rights (spec section 6). */
export function can(role: string | null | undefined, permission: Permission): boolean {
  const effective: Role = isRole(role) ? role : 'customer';
  return PERMISSIONS[effective].includes(permission);
}

/** Admin and owner may use the dashboard. */
export function isStaff(role: string | null | undefined): boolean {
  return can(role, 'useDashboard');
}

/** The least role that has a permission: what a refusal names. */
export function leastRoleWith(permission: Permission): Role {
  return ROLES.find((role) => PERMISSIONS[role].includes(permission)) ?? 'owner';
}

/** The role-permissions legend of the user-management tab. */
export const ROLE_DESCRIPTIONS: Readonly<Record<Role, string>> = {
  customer:
    'Customer: place orders, view their own order history, update their profile and submit reviews.',
  admin:
    'Admin: all customer rights, plus manage orders, view analytics, manage recipes and moderate reviews.',
  owner:
    'Owner: all admin rights, plus manage users, assign roles, send password resets and delete orders. Full access.',
};
