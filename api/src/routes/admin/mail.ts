// The outgoing mail queue for staff: what is waiting, sent or failed, and a
// resend for a failed message. Bodies are never listed: a password-reset mail
// holds a live reset link. Also where mail goes (issue 12: "sent" meant only
// written to the outbox folder when no SMTP server is configured).
import { ROUTES, type MailDeliveryView } from '@bakery/core';
import Router from '@koa/router';
import type { AppDeps } from '../../deps.js';
import { on } from '../on.js';
import type { MailSettings } from '../../services/mail/mailer.js';
import { listQueuedMail, retryFailedMail } from '../../services/mail/queue.js';
import { idParam, knownIds } from './shared.js';

function smtpHostOf(settings: MailSettings | null): string | null {
  if (!settings) return null;
  if (typeof settings.smtp !== 'string') return settings.smtp.host;
  try {
    return new URL(settings.smtp).hostname || null;
  } catch {
    return null;
  }
}

export function adminMailRouter(deps: AppDeps): Router {
  const router = new Router();

  // Failed mail is written to the outbox folder in either case; without SMTP, all mail is.
  on(router, ROUTES.mailDelivery, async (): Promise<MailDeliveryView> => {
    const { outboxDir } = deps.config;
    return deps.notifications.mailConfigured
      ? { transport: 'smtp', smtpHost: smtpHostOf(deps.config.mail), outboxDir }
      : { transport: 'outbox', smtpHost: null, outboxDir };
  });

  on(router, ROUTES.mail, (_, { query }) => listQueuedMail(deps.prisma, query));

  on(router, ROUTES.retryMail, { before: [knownIds('Message not found')] }, async (ctx) => {
    // Only a failed message goes back in the queue, due now; any process sends it.
    // A reset mail lost its link when it failed (issue 15): never resent.
    await retryFailedMail(deps.prisma, idParam(ctx));
    return { success: true, message: 'The message will be sent again shortly' };
  });

  return router;
}
