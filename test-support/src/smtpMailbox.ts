// A real SMTP server (the smtp-server package) on 127.0.0.1 for the tests:
// the API sends its mail to it over SMTP as it would to a provider.
// `listenSmtp` is the server itself (the API tests' smtpPeer keeps messages
// in memory with it); `startSmtpMailbox` files each message, as received, as
// one .eml file in a folder the browser suites read (a customer's inbox).
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface SmtpEnvelope {
  from: string;
  to: string[];
}

export interface SmtpListener {
  port: number;
  /** smtp://127.0.0.1:<port>, for the API's SMTP_URL. */
  url: string;
  close(): Promise<void>;
}

/**
 * Listens on a free loopback port and hands each whole message to `receive`;
 * an Error it returns is the server's answer instead of 250 (a 4xx to test
 * retries: give it a `responseCode`).
 */
export async function listenSmtp(
  receive: (raw: Buffer, envelope: SmtpEnvelope) => Error | void,
  /** Issue 38: the only login accepted (AUTH PLAIN/LOGIN over the plain connection); a wrong one gets 535. */
  login?: { user: string; pass: string },
): Promise<SmtpListener> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    ...(login
      ? {
          allowInsecureAuth: true,
          onAuth(auth, _session, callback) {
            if (auth.username === login.user && auth.password === login.pass)
              callback(null, { user: auth.username });
            else callback(new Error('Invalid username or password'));
          },
        }
      : {}),
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () =>
        callback(
          receive(Buffer.concat(chunks), {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          }) ?? undefined,
        ),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface SmtpMailbox extends SmtpListener {
  /** Where each received message lands as <n>.eml. */
  dir: string;
}

export async function startSmtpMailbox(dir: string): Promise<SmtpMailbox> {
  mkdirSync(dir, { recursive: true });
  let received = 0;
  const listener = await listenSmtp((raw) => {
    received += 1;
    writeFileSync(join(dir, `${Date.now()}-${String(received).padStart(5, '0')}.eml`), raw);
  });
  return { ...listener, dir };
}
