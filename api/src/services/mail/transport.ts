// The mail service's transport: how a finished message leaves. Over SMTP
// (nodemailer) when it is configured; otherwise, and for messages that could
// not be sent, as an .eml file in the outbox folder, never in the log.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { BAKERY_INFO } from '@bakery/core';
import { mailSettingsOf, parseEnv } from '../../config.js';
import type { Logger } from '../contracts.js';
import type { MailContent } from './messages.js';
export type { MailSettings } from '../../settings.js';
import type { MailSettings } from '../../settings.js';

/** SMTP settings from SMTP_URL, or SMTP_HOST/PORT/USER/PASSWORD; null when neither is set (config.ts checks the values). */
export function readMailSettings(env: NodeJS.ProcessEnv): MailSettings | null {
  return mailSettingsOf(parseEnv(env));
}

export interface OutgoingMail extends MailContent {
  to: string;
  /** What the mail is about, for the log and the outbox file name. */
  kind: string;
}

export interface MailTransport {
  /** True when messages go out over SMTP (false: to the outbox folder). */
  readonly smtp: boolean;
  /** Sends `mail` (or writes it to the outbox without SMTP); throws when SMTP refuses it. */
  deliver(mail: OutgoingMail): Promise<void>;
  /** Writes `mail` as an .eml file into `folder`; resolves to the file's path. */
  writeToOutbox(mail: OutgoingMail, folder: string): Promise<string>;
  close(): void;
}

function fileStem(mail: OutgoingMail): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const who = mail.to.replace(/[^a-z0-9]+/gi, '_').slice(0, 60);
  return `${stamp}-${mail.kind}-${who}-${Math.random().toString(36).slice(2, 8)}`;
}

export function createMailTransport(options: {
  settings: MailSettings | null;
  /** Where messages go without SMTP. */
  outboxDir: string;
  log: Logger;
}): MailTransport {
  const { settings, outboxDir, log } = options;
  const from = settings?.from ?? `"${BAKERY_INFO.name}" <${BAKERY_INFO.email}>`;
  // Short timeouts: a dead SMTP server must not hold a queued message for minutes.
  const limits = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
  const smtp: Transporter | null = settings
    ? typeof settings.smtp === 'string'
      ? nodemailer.createTransport(settings.smtp, limits)
      : nodemailer.createTransport({ ...settings.smtp, ...limits })
    : null;
  // Builds the same RFC 5322 message without sending it, for the outbox.
  const writer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });

  const envelope = (mail: OutgoingMail) => ({
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ...(mail.calendar
      ? {
          attachments: [
            {
              filename: mail.calendar.filename,
              content: mail.calendar.content,
              contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
            },
          ],
        }
      : {}),
  });

  /** Folders made by this process: a mkdir per message cost a system call per order. */
  const made = new Set<string>();
  async function writeToOutbox(mail: OutgoingMail, folder: string): Promise<string> {
    const info = await writer.sendMail(envelope(mail));
    const file = path.join(folder, `${fileStem(mail)}.eml`);
    const write = () => writeFile(file, info.message as Buffer);
    if (!made.has(folder)) {
      await mkdir(folder, { recursive: true });
      made.add(folder);
    }
    await write().catch(async (error: NodeJS.ErrnoException) => {
      // The folder went away since (cleaned by hand): make it again.
      if (error.code !== 'ENOENT') throw error;
      await mkdir(folder, { recursive: true });
      await write();
    });
    return file;
  }

  return {
    smtp: smtp !== null,
    writeToOutbox,
    async deliver(mail) {
      if (smtp) {
        const info = await smtp.sendMail(envelope(mail));
        log.info('mail sent', {
          kind: mail.kind,
          to: mail.to,
          subject: mail.subject,
          messageId: info.messageId,
        });
        return;
      }
      const file = await writeToOutbox(mail, outboxDir);
      // Never the text: it may hold a reset link. A developer opens the .eml file.
      log.info('mail not sent (SMTP is not configured): written to the outbox', {
        kind: mail.kind,
        to: mail.to,
        subject: mail.subject,
        file,
      });
    },
    close() {
      smtp?.close();
      writer.close();
    },
  };
}
