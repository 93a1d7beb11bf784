// A real SMTP server (the smtp-server package) on 127.0.0.1 that keeps every
// message it receives, for tests to read what a customer would get. It can
// refuse the next deliveries with a 4xx to exercise the mail queue's retries.
import { listenSmtp } from '@bakery/test-support';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The whole message as received (headers and MIME parts). */
  raw: string;
  /** The decoded .ics attachment ('' when none). */
  calendar: string;
  subject: string;
  /** The decoded plain-text part. */
  text: string;
  /** The decoded HTML part. */
  html: string;
}

export interface SmtpPeer {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** Refuses the next `count` messages with a temporary error. */
  refuseNext(count: number): void;
  /** Resolves once `count` messages have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const source = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < source.length; i++) {
    const hex = source.slice(i + 1, i + 3);
    if (source[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(source[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, encoding: string, data: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The decoded body of the MIME part with this content type (nodemailer's
 * multipart/alternative). A part ends at one of the message's boundary lines: a
 * quoted-printable line of a random token may itself begin with "--".
 */
function part(raw: string, contentType: string): string {
  const boundaries = [...raw.matchAll(/boundary="?([^"\r\n;]+)"?/gi)].map((m) =>
    escapeRegExp(m[1]!),
  );
  const end = boundaries.length ? `\\r?\\n--(?:${boundaries.join('|')})` : '\\r?\\n--[^\\r\\n]+';
  const pattern = new RegExp(
    `Content-Type: ${contentType}[^\\r\\n]*\\r?\\n((?:[^\\r\\n]+\\r?\\n)*)\\r?\\n([\\s\\S]*?)(?:${end}|$)`,
    'i',
  );
  const match = pattern.exec(raw);
  if (!match) return '';
  const headers = match[1]!;
  const body = match[2]!;
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers))
    return decodeQuotedPrintable(body);
  if (/Content-Transfer-Encoding: base64/i.test(headers))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

export function parseMail(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const headerBlock = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const subject = decodeHeader(/^Subject: (.*)$/im.exec(headerBlock)?.[1] ?? '');
  return {
    ...envelope,
    raw,
    subject,
    text: part(raw, 'text/plain'),
    html: part(raw, 'text/html'),
    calendar: part(raw, 'text/calendar'),
  };
}

/** With `login`, the peer takes that user name and password (AUTH), and refuses others. */
export async function startSmtpPeer(login?: { user: string; pass: string }): Promise<SmtpPeer> {
  const messages: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  let refusals = 0;

  const smtp = await listenSmtp((raw, envelope) => {
    if (refusals > 0) {
      refusals--;
      return Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
    }
    messages.push(parseMail(raw.toString('utf8'), envelope));
    for (const wake of waiters.splice(0)) wake();
  }, login);
  const { port } = smtp;

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuseNext(count) {
      refusals += count;
    },
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(
            `SMTP peer: ${messages.length} of ${count} messages arrived in ${timeoutMs} ms`,
          );
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return messages.slice(0, count);
    },
    close: () => smtp.close(),
  };
}
