// Sign-in, lockout and second-factor events (issue 27): one log line each,
// with the account id (never the e-mail or a password) and the client
// address as the app computes it (ctx.ip, docs/security.md section 5), on
// the request's logger so the line carries its request id.
import type { Context } from 'koa';
import type { Logger } from './contracts.js';

export function logSecurityEvent(
  ctx: Context,
  deps: { log?: Logger },
  level: 'info' | 'warn',
  message: string,
  fields: { userId?: string | null } & Record<string, unknown> = {},
): void {
  const log = (ctx.state.log as Logger | undefined) ?? deps.log;
  log?.[level](message, { event: 'security', ...fields, ip: ctx.ip });
}
