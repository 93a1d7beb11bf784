// The outgoing mail queue for staff: what is waiting, sent or failed, and a
// resend for a failed message. Bodies are never listed: a password-reset mail
// holds a live reset link. Also where mail goes (issue 12: "sent" meant only
// written to the outbox folder when no SMTP server is configured).
import { ROUTES, type MailDeliveryView, type QueuedMailView } from '@bakery/core';
import Router from '@koa/router';
import type { AppDeps } from '../../deps.js';
import { conflict, notFound } from '../../errors.js';
import { on } from '../on.js';
import { SECRET_MAIL_KINDS, type MailSettings } from '../../services/mail/mailer.js';
import { idParam, knownIds } from './shared.js';

const listed = {
  id: true,
  kind: true,
  to: true,
  subject: true,
  status: true,
  attempts: true,
  lastError: true,
  nextAttemptAt: true,
  sentAt: true,
  createdAt: true,
} as const;

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

  on(router, ROUTES.mail, async (_, { query: { status, limit } }) => {
    const rows = await deps.prisma.outboundMail.findMany({
      where: status ? { status } : {},
      select: listed,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit,
    });
    return rows.map((row) => ({
      ...row,
      status: row.status as QueuedMailView['status'],
      nextAttemptAt: row.nextAttemptAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    }));
  });

  on(router, ROUTES.retryMail, { before: [knownIds('Message not found')] }, async (ctx) => {
    const id = idParam(ctx);
    // Only a failed message goes back in the queue, due now; any process sends it.
    // A reset mail lost its link when it failed (issue 15): never resent.
    const { count } = await deps.prisma.outboundMail.updateMany({
      where: { id, status: 'failed', kind: { notIn: [...SECRET_MAIL_KINDS] } },
      data: { status: 'pending', nextAttemptAt: new Date(), attempts: 0, lastError: null },
    });
    if (count === 0) {
      const message = await deps.prisma.outboundMail.findUnique({
        where: { id },
        select: { status: true, kind: true },
      });
      if (!message) throw notFound('Message not found');
      if (message.status === 'failed')
        throw conflict(
          'A password-reset mail is not sent again: its link was removed when it failed. Ask the customer to request a new link.',
        );
      throw conflict(`Only a failed message can be sent again; this one is ${message.status}`);
    }
    return { success: true, message: 'The message will be sent again shortly' };
  });

  return router;
}
