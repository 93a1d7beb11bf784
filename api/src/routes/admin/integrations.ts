// The owner connects Square, mail and texts in Settings (issue 38): GET the
// connections (never a secret), PUT one (password or code), test one with the
// entered values (a real call), disconnect one (password or code). Owner only
// (core's manageSettings). The work is in services/integrationControl.ts.
import Router from '@koa/router';
import { INTEGRATION_MESSAGES, ROUTES } from '@bakery/core';
import type { Context } from 'koa';
import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../errors.js';
import { currentUser } from '../../middleware/auth.js';
import { logSecurityEvent } from '../../services/securityLog.js';
import {
  integrationsView,
  removeConnection,
  saveConnection,
  testMail,
  testSms,
  testSquare,
  type ControlDeps,
} from '../../services/integrationControl.js';
import { on } from '../on.js';
import { ownerConfirmation } from './confirmOwner.js';

export function adminIntegrationsRouter(deps: AppDeps): Router {
  const router = new Router();
  const confirmOwner = ownerConfirmation(deps);
  const control = (ctx: Context): ControlDeps => {
    ctx.set('Cache-Control', 'no-store');
    if (!deps.integrations)
      throw new HttpError(
        503,
        'Connections cannot be changed on this server',
        {},
        'service_unavailable',
      );
    return { ...deps, integrations: deps.integrations };
  };
  const who = (ctx: Context) => currentUser(ctx)!.email;

  on(router, ROUTES.integrations, (ctx) => integrationsView(control(ctx)));

  for (const [route, service] of [
    [ROUTES.saveSquareConnection, 'square'],
    [ROUTES.saveMailConnection, 'mail'],
    [ROUTES.saveSmsConnection, 'sms'],
  ] as const) {
    on(router, route, async (ctx, { body }) => {
      const used = control(ctx);
      await confirmOwner(ctx, body.confirm, INTEGRATION_MESSAGES.confirm);
      logSecurityEvent(ctx, deps, 'info', 'connection changed', { service });
      return saveConnection(used, service, body, who(ctx));
    });
  }

  on(router, ROUTES.removeConnection, async (ctx, { params: { service }, body }) => {
    const used = control(ctx);
    await confirmOwner(ctx, body.confirm, INTEGRATION_MESSAGES.confirm);
    logSecurityEvent(ctx, deps, 'info', 'connection removed', { service });
    return removeConnection(used, service, who(ctx));
  });

  on(router, ROUTES.testSquareConnection, (ctx, { body }) => testSquare(control(ctx), body));
  on(router, ROUTES.testMailConnection, (ctx, { body }) => testMail(control(ctx), body, who(ctx)));
  on(router, ROUTES.testSmsConnection, (ctx, { body }) => testSms(control(ctx), body));
  return router;
}
