// A real SMTP server (the smtp-server package) on 127.0.0.1 for the browser
// suites: the API sends its mail to it over SMTP as it would to a provider,
// and each message received is written, as received, to one .eml file in a
// folder the tests read (a customer's inbox, in effect).
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface SmtpMailbox {
  /** smtp://127.0.0.1:<port>, for the API's SMTP_URL. */
  url: string;
  /** Where each received message lands as <n>.eml. */
  dir: string;
  close(): Promise<void>;
}

export async function startSmtpMailbox(dir: string): Promise<SmtpMailbox> {
  mkdirSync(dir, { recursive: true });
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received += 1;
        const name = `${Date.now()}-${String(received).padStart(5, '0')}.eml`;
        writeFileSync(join(dir, name), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    dir,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
