// A local fake of the one Twilio endpoint the SDK calls to send a text
// (POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded, basic auth),
// recording what it received; wrong credentials get Twilio's 401. Tests point the real SDK at it (TWILIO_API_URL).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SentText {
  accountSid: string;
  to: string;
  from: string | null;
  body: string;
  authorized: boolean;
}

export async function startTwilioFake(credentials: { accountSid: string; authToken: string }) {
  const texts: SentText[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${credentials.accountSid}:${credentials.authToken}`).toString('base64')}`;
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 20404, message: 'not found', status: 404 }));
        return;
      }
      const form = new URLSearchParams(raw);
      texts.push({
        accountSid: match[1]!,
        to: form.get('To') ?? '',
        from: form.get('From'),
        body: form.get('Body') ?? '',
        authorized: req.headers.authorization === expectedAuth,
      });
      // As Twilio does: wrong credentials are refused (error 20003).
      if (req.headers.authorization !== expectedAuth) {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 20003, message: 'Authenticate', status: 401 }));
        return;
      }
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          sid: `SM${String(texts.length).padStart(32, '0')}`,
          account_sid: match[1],
          to: form.get('To'),
          from: form.get('From'),
          body: form.get('Body'),
          status: 'queued',
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    texts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
