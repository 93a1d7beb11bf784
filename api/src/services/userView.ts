// UserView on the wire: never the password hash.
import type { Role, UserView } from '@bakery/core';
import type { SessionUser } from './sessionStore.js';

export const userView = (user: SessionUser): UserView => ({
  id: user.id,
  role: user.role as Role,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  phone: user.phone ?? null,
});
