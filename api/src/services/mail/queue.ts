// The mail service's queue, in PostgreSQL (OutboundMail): a message survives
// a restart, any API process may send it (rows are claimed with SKIP LOCKED,
// so two processes never send one twice), and staff can list and resend
// failures. The queue retries a failed send a few times; a message that still
// fails is marked failed, logged as an error and written to the outbox's
// `failed/` folder. A sent message's body is emptied (issue 15).
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { asyncCommitQuery, Prisma, sqlPool, type PrismaClient } from '@bakery/prisma';
import type { QueuedMailView } from '@bakery/core';
import type { Db } from '../../db/types.js';
import { conflict, notFound } from '../../errors.js';
import type { Logger } from '../contracts.js';
import { inRush } from '../../serverLoad.js';
import type { MailContent } from './messages.js';
import type { MailTransport, OutgoingMail } from './transport.js';

/** Kinds of mail whose body carries a secret (a live reset link). */
export const SECRET_MAIL_KINDS: ReadonlySet<string> = new Set([
  'password-reset',
  'email-change-confirm',
  'email-changed',
]);
const RESET_LINK_TOKEN = /(\/(?:reset-password|confirm-email|undo-email-change)\/)[A-Za-z0-9_-]+/g;
export const REDACTED_LINK = '[link removed: request a new one]';

export const holdsSecret = (mail: { kind: string }) => SECRET_MAIL_KINDS.has(mail.kind);

/** The mail with every reset link's token replaced (text and HTML). */
export function redactSecrets<T extends { text: string; html: string }>(mail: T): T {
  return {
    ...mail,
    text: mail.text.replace(RESET_LINK_TOKEN, `$1${REDACTED_LINK}`),
    html: mail.html.replace(RESET_LINK_TOKEN, `$1${REDACTED_LINK}`),
  };
}

export interface MailQueue {
  /** Stores `mail` and sends it soon; never throws (a refused row is sent directly). */
  enqueue(mail: OutgoingMail): void;
  /**
   * The INSERT that stores `mail` held for `holdMs` (see release), for the
   * caller to run in its own transaction; with 0 it is due at once and goes
   * out after the commit (see wake). Returns the row's id with it.
   */
  hold(mail: OutgoingMail, holdMs: number): { id: string; insert: Prisma.Sql };
  /** After a commit that stored due mail: sends it soon, with others due then. */
  wake(): void;
  /**
   * Sends a held message now, with the content `fresh` gives (or as stored
   * when it gives null); a failure leaves it to go out when its hold ends.
   */
  release(mailId: string, fresh: () => Promise<MailContent | null>, orderId: string): Promise<void>;
  /** Resolves when every queued message is sent or given up. */
  idle(): Promise<void>;
  /** Stops polling; sends in progress get up to `graceMs`. */
  close(graceMs: number): Promise<void>;
}

interface QueuedRow {
  id: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  calendar: string | null;
  calendarName: string | null;
  attempts: number;
  createdAt: Date;
}

/** The OutboundMail fields of a message. */
const stored = ({ kind, to, subject, text, html, calendar }: OutgoingMail) => ({
  kind,
  to,
  subject,
  text,
  html,
  calendar: calendar?.content ?? null,
  calendarName: calendar?.filename ?? null,
});

/** A claimed row as the transport takes it. */
const outgoing = (row: QueuedRow): OutgoingMail => ({
  kind: row.kind,
  to: row.to,
  subject: row.subject,
  text: row.text,
  html: row.html,
  calendar:
    row.calendar && row.calendarName ? { filename: row.calendarName, content: row.calendar } : null,
});

/** A claim holds a row this long; a process that dies mid-send leaves it to be claimed again. */
const CLAIM_MS = 2 * 60_000;
const CLAIM_BATCH = 50;
const POLL_MS = 5_000;
/** An order's commit waits this long for others before its mail is claimed: one claim, one mark for many. */
const GATHER_MS = 20;
/**
 * While this process is in a rush (a drop opening: hundreds of buyers at
 * once, serverLoad.ts), a woken mail waits for a quieter moment, checked
 * every GATHER_MS, at most YIELD_MS: rendering and writing mail would
 * otherwise take turns with the buyers' answers. The mail is stored
 * already; only its sending waits.
 */
const YIELD_MS = 3_000;

export function createMailQueue(options: {
  prisma: PrismaClient;
  log: Logger;
  transport: MailTransport;
  outboxDir: string;
  /** Waits between attempts; one attempt more than entries. */
  retryDelaysMs: number[];
}): MailQueue {
  const { prisma, log, transport, outboxDir } = options;
  const delays = options.retryDelaysMs;
  let closing = false;
  let draining: Promise<void> | null = null;
  let drainAgain = false;

  const pool = sqlPool(prisma);
  /**
   * Takes up to CLAIM_BATCH due messages for this process in one round trip,
   * counting the attempt. The claim needs no durability of its own: one lost
   * when PostgreSQL crashes leaves the row pending, to be claimed again, and
   * the 'sent' mark (durable) comes after it. So it commits without waiting
   * for the disk flush.
   */
  const claim = () =>
    asyncCommitQuery<QueuedRow>(
      prisma,
      `UPDATE "OutboundMail" SET "status" = 'sending', "attempts" = "attempts" + 1,
        "lockedUntil" = now() + interval '${CLAIM_MS} milliseconds', "updatedAt" = now()
      WHERE "id" IN (
        SELECT "id" FROM "OutboundMail" AS due
        WHERE (("status" = 'pending' AND "nextAttemptAt" <= now())
           OR ("status" = 'sending' AND "lockedUntil" < now()))
          -- Not while an older message to the same address waits for its retry
          -- (or is being sent elsewhere): a correction never overtakes its mail.
          AND NOT EXISTS (
            SELECT 1 FROM "OutboundMail" AS older
            WHERE older."status" IN ('pending', 'sending') AND older."attempts" > 0
              AND older."to" = due."to" AND older."createdAt" < due."createdAt")
        ORDER BY "nextAttemptAt", "createdAt" LIMIT ${CLAIM_BATCH}
        FOR UPDATE SKIP LOCKED)
      RETURNING "id", "kind", "to", "subject", "text", "html", "calendar", "calendarName",
        "attempts", "createdAt"`,
    );

  /**
   * Sent: the bodies go (issue 15); a reset link, a payment link or an order's
   * details never rest in the table, nor in its backups. One statement for
   * every message of a batch, flushed to disk: a lost mark would send again.
   */
  const markSent = (ids: string[]) =>
    pool.query(
      `UPDATE "OutboundMail" SET "status" = 'sent', "sentAt" = now(), "lastError" = NULL,
         "text" = '', "html" = '', "calendar" = NULL, "changes" = NULL, "lockedUntil" = NULL,
         "updatedAt" = now()
       WHERE "id" = ANY($1::uuid[])`,
      [ids],
    );

  /** Claimed rows returned to the queue as they were, their claim's attempt not counted. */
  const putBack = async (ids: string[]) => {
    if (ids.length === 0) return;
    await pool.query(
      `UPDATE "OutboundMail" SET "status" = 'pending', "attempts" = "attempts" - 1,
         "lockedUntil" = NULL, "updatedAt" = now()
       WHERE "id" = ANY($1::uuid[]) AND "status" = 'sending'`,
      [ids],
    );
  };

  /** Ends this process's claim on a row, recording how the attempt went. */
  const settle = (id: string, data: Prisma.OutboundMailUpdateInput) =>
    prisma.outboundMail.update({ where: { id }, data: { ...data, lockedUntil: null } });

  /** Delivers one claimed message; when not sent, its retry or failure is recorded. */
  async function sendRow(row: QueuedRow): Promise<'sent' | 'retry' | 'failed'> {
    const mail = outgoing(row);
    try {
      await transport.deliver(mail);
      return 'sent';
    } catch (error) {
      const lastError = error instanceof Error ? error.message : String(error);
      const fields = {
        id: row.id,
        kind: row.kind,
        to: row.to,
        subject: row.subject,
        attempt: row.attempts,
        error: lastError,
      };
      if (row.attempts > delays.length) {
        // A reset link that could not be delivered is cut out at once: it stays
        // live for an hour, and the customer asks for a new one anyway.
        const kept = holdsSecret(mail) ? redactSecrets(mail) : mail;
        await settle(row.id, { status: 'failed', lastError, text: kept.text, html: kept.html });
        const file = await transport
          .writeToOutbox(kept, path.join(outboxDir, 'failed'))
          .catch(() => null);
        log.error('mail could not be sent; given up (staff can resend it)', { ...fields, file });
        return 'failed';
      }
      const retryInMs = delays[row.attempts - 1]!;
      await settle(row.id, {
        status: 'pending',
        lastError,
        nextAttemptAt: new Date(Date.now() + retryInMs),
      });
      log.warn('mail send failed; will retry', { ...fields, retryInMs });
      return 'retry';
    }
  }

  /**
   * Sent but not yet marked: the mark failed (PostgreSQL down or restarting).
   * Marked again before anything else is claimed, and never sent again by
   * this process meanwhile (its claim holds the rows for CLAIM_MS).
   */
  const sentUnmarked = new Set<string>();
  async function markUnmarked(): Promise<void> {
    if (sentUnmarked.size === 0) return;
    const ids = [...sentUnmarked];
    await markSent(ids);
    for (const id of ids) sentUnmarked.delete(id);
  }

  /**
   * Sends one recipient's messages one after another, oldest first. One to be
   * retried holds back the later ones: they go back to the queue unattempted,
   * and the claim leaves them until it is sent or given up.
   */
  async function sendInTurn(rows: QueuedRow[]): Promise<void> {
    for (const [index, row] of rows.entries()) {
      const outcome = await sendRow(row);
      if (outcome === 'sent') sentUnmarked.add(row.id);
      if (outcome === 'retry') {
        await putBack(rows.slice(index + 1).map((later) => later.id));
        return;
      }
    }
  }

  /**
   * Sends a claimed batch; the sent ones are marked in one statement. Each
   * recipient's messages go in the order they were written (a corrected
   * delivery fee must not arrive before the fee it corrects); different
   * recipients' go side by side.
   */
  async function sendBatch(rows: QueuedRow[]): Promise<void> {
    // By the address as stored, as the claim's hold-back compares it.
    const byRecipient = new Map<string, QueuedRow[]>();
    const oldestFirst = [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    for (const row of oldestFirst) {
      const turn = byRecipient.get(row.to);
      if (turn) turn.push(row);
      else byRecipient.set(row.to, [row]);
    }
    await Promise.all([...byRecipient.values()].map(sendInTurn));
    await markUnmarked();
  }

  /** Sends every due message; concurrent calls share one run. */
  function drain(): Promise<void> {
    if (draining) {
      drainAgain = true;
      return draining;
    }
    draining = (async () => {
      try {
        do {
          drainAgain = false;
          await markUnmarked();
          const rows = (await claim()).filter((row) => !sentUnmarked.has(row.id));
          await sendBatch(rows);
          if (rows.length > 0) drainAgain = true;
        } while (drainAgain && !closing);
      } catch (error) {
        log.error('mail queue: could not read the queue', {
          error: error instanceof Error ? error.message : String(error),
        });
      } finally {
        draining = null;
      }
    })();
    return draining;
  }

  const poller = setInterval(() => void drain(), POLL_MS);
  poller.unref();
  void drain(); // messages left by an earlier run

  /** A wake's wait for more commits before one claim takes them all. */
  let gathering: Promise<void> | null = null;

  /** Sends woken mail soon, after a rush's answers (YIELD_MS). */
  function wake(): void {
    if (gathering) return;
    gathering = track(
      (async () => {
        const woken = Date.now();
        do await new Promise((resolve) => setTimeout(resolve, GATHER_MS));
        while (inRush() && !closing && Date.now() - woken < YIELD_MS);
        gathering = null;
        // Closing: the row stays pending for the next start or another process.
        if (!closing) await drain();
      })(),
    );
  }

  /** Rows being written or released: idle() must not answer before they are in the table. */
  const storing = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    const tracked: Promise<void> = work.finally(() => storing.delete(tracked));
    storing.add(tracked);
    return tracked;
  };

  /** Messages still to send now or later (tests wait for these). */
  const unsent = () =>
    prisma.outboundMail.count({
      where: {
        status: { in: ['pending', 'sending'] },
        // A change mail waiting out its gap (issue 39: one per order per 15
        // minutes) goes out later, from whichever process polls then.
        NOT: { kind: 'order-changed', attempts: 0, nextAttemptAt: { gt: new Date() } },
      },
    });

  return {
    enqueue(mail) {
      void track(
        prisma.outboundMail
          .create({ data: stored(mail) })
          .then(() => drain())
          .catch(async (error: unknown) => {
            // The database refused the row: try once directly rather than drop the message.
            log.error('mail queue: could not store the message; sending it directly', {
              kind: mail.kind,
              to: mail.to,
              error: String(error),
            });
            await transport.deliver(mail).catch(async (sendError: unknown) => {
              const file = await transport
                .writeToOutbox(mail, path.join(outboxDir, 'failed'))
                .catch(() => null);
              log.error('mail could not be sent; saved', {
                kind: mail.kind,
                to: mail.to,
                error: String(sendError),
                file,
              });
            });
          }),
      );
    },
    hold(mail, holdMs) {
      const id = randomUUID();
      const insert = Prisma.sql`
        INSERT INTO "OutboundMail"
          ("id", "kind", "to", "subject", "text", "html", "calendar", "calendarName", "nextAttemptAt")
        VALUES (${id}::uuid, ${mail.kind}, ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html},
          ${mail.calendar?.content ?? null}, ${mail.calendar?.filename ?? null},
          now() + ${holdMs} * interval '1 millisecond')`;
      return { id, insert };
    },
    wake,
    release(mailId, fresh, orderId) {
      return track(
        (async () => {
          try {
            const content = await fresh();
            await prisma.outboundMail.updateMany({
              where: { id: mailId, status: 'pending', attempts: 0 },
              data: {
                ...(content
                  ? {
                      subject: content.subject,
                      text: content.text,
                      html: content.html,
                      calendar: content.calendar?.content ?? null,
                      calendarName: content.calendar?.filename ?? null,
                    }
                  : {}),
                nextAttemptAt: new Date(),
              },
            });
          } catch (error) {
            // The stored row still goes out when its hold ends.
            log.error('mail queue: could not release the order mail; it goes out after its hold', {
              orderId,
              error: error instanceof Error ? error.message : String(error),
            });
          }
          await drain();
        })(),
      );
    },
    async idle() {
      // Short retry delays (tests) are waited out; a stored message is never dropped.
      while (storing.size > 0) await Promise.allSettled([...storing]);
      while (!closing && (draining || (await unsent()) > 0)) {
        await drain();
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async close(graceMs) {
      closing = true;
      clearInterval(poller);
      let timer: NodeJS.Timeout | undefined;
      // The sending under way, and the rows being stored or released (their
      // statements must end before the database they use goes away).
      await Promise.race([
        Promise.allSettled([draining ?? Promise.resolve(), ...storing]),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs))),
      ]);
      clearTimeout(timer);
    },
  };
}

// ------------------------------------------------------- the staff's view

/** What the staff's list shows of a message: never its body (a reset mail holds a live link). */
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

/** The newest `limit` messages of the queue, of one status or all. */
export async function listQueuedMail(
  prisma: Db,
  query: { status?: QueuedMailView['status']; limit: number },
): Promise<QueuedMailView[]> {
  const rows = await prisma.outboundMail.findMany({
    where: query.status ? { status: query.status } : {},
    select: listed,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: query.limit,
  });
  return rows.map((row) => ({
    ...row,
    status: row.status as QueuedMailView['status'],
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * Puts a failed message back in the queue, due now; any process sends it. A
 * reset mail lost its link when it failed (issue 15): never resent (409), nor
 * a message that has not failed; 404 for an unknown one.
 */
export async function retryFailedMail(prisma: Db, id: string): Promise<void> {
  const { count } = await prisma.outboundMail.updateMany({
    where: { id, status: 'failed', kind: { notIn: [...SECRET_MAIL_KINDS] } },
    data: { status: 'pending', nextAttemptAt: new Date(), attempts: 0, lastError: null },
  });
  if (count > 0) return;
  const message = await prisma.outboundMail.findUnique({
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
