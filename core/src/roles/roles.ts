// Roles and what each may do (spec section 6). The user-management rights are
// reserved to the owner, and the server enforces them.

export const ROLES = ['customer', 'admin', 'owner'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSION_NAMES = [
  'placeOrders',
  'viewOwnOrders',
  'updateProfile',
  'submitReviews',
  'useDashboard',
  'manageOrders',
  'viewAnalytics',
  'manageRecipes',
  'manageReviews',
  'viewKitchen',
  'manageKitchen',
  'manageMail',
  'manageUsers',
  'assignRoles',
  'resetUserPasswords',
] as const;
export type Permission = (typeof PERMISSION_NAMES)[number];

const CUSTOMER: readonly Permission[] = [
  'placeOrders',
  'viewOwnOrders',
  'updateProfile',
  'submitReviews',
];
const ADMIN: readonly Permission[] = [
  ...CUSTOMER,
  'useDashboard',
  'manageOrders',
  'viewAnalytics',
  'manageRecipes',
  'manageReviews',
  'viewKitchen',
];
const OWNER: readonly Permission[] = [
  ...ADMIN,
  // Daily limits and closed dates shape what customers can book.
  'manageKitchen',
  // The mail queue holds customers' messages (reset links included).
  'manageMail',
  'manageUsers',
  'assignRoles',
  'resetUserPasswords',
];

export const PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  customer: CUSTOMER,
  admin: ADMIN,
  owner: OWNER,
};

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
    'Owner: all admin rights, plus manage users, assign roles and send password resets. Full access.',
};
