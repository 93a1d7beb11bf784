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
  // The menu (items, prices, photos) and the shop's settings (hours, fees, tax) are the owner's.
  manageMenu: 'owner',
  manageSettings: 'owner',
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
/** Each permission in words, for the role descriptions (built from the table, so they never drift). */
export const PERMISSION_WORDS: Readonly<Record<Permission, string>> = {
  placeOrders: 'place orders',
  viewOwnOrders: 'view their own order history',
  updateProfile: 'update their profile',
  submitReviews: 'submit reviews',
  useDashboard: 'use the dashboard',
  manageOrders: 'manage orders',
  viewAnalytics: 'view analytics',
  manageRecipes: 'manage recipes',
  manageReviews: 'moderate reviews',
  viewKitchen: 'see the kitchen',
  manageKitchen: 'set daily limits and closed dates',
  manageMenu: 'manage the menu',
  manageSettings: "change the shop's settings",
  manageMail: 'manage the mail queue',
  manageBackups: 'manage backups',
  deleteOrders: 'delete orders',
  manageUsers: 'manage users',
  assignRoles: 'assign roles',
  resetUserPasswords: 'send password resets',
};

const listed = (words: string[]) =>
  words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

/** "Admin: all customer rights, plus manage orders, …": what a role adds to the one before. */
function describeRole(role: Role): string {
  const label = `${role[0]!.toUpperCase()}${role.slice(1)}`;
  const own = PERMISSION_NAMES.filter((p) => LEAST_ROLE[p] === role).map(
    (p) => PERMISSION_WORDS[p],
  );
  const before = ROLES[ROLES.indexOf(role) - 1];
  if (!before) return `${label}: ${listed(own)}.`;
  const last = role === ROLES.at(-1) ? ' Full access.' : '';
  return `${label}: all ${before} rights, plus ${listed(own)}.${last}`;
}

export const ROLE_DESCRIPTIONS: Readonly<Record<Role, string>> = Object.fromEntries(
  ROLES.map((role) => [role, describeRole(role)]),
) as Record<Role, string>;
