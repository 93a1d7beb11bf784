// UserView on the wire: never the password hash.
import type { SessionUser } from './sessionStore.js';

export const userView = (user: SessionUser) => ({
  id: user.id,
  role: user.role,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  phone: user.phone ?? null,
});
