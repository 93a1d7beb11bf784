// Run by deploy/two-process-test.sh (from api/, with tsx): through the proxy at
// argv[2], sign up, sign in and place orders, and check that both API
// processes (argv[3], argv[4]: nginx's X-Upstream header) answered, that a
// session made by one is honoured by the other, and that every order is in
// the customer's list whichever process is asked. Prints '1 passed, 0 failed'.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { orderPayload } from '../support/factories.js';

const [proxy, first, second] = process.argv.slice(2) as [string, string, string];
interface Answer {
  order?: { id: string };
  message?: string;
}

const cookies = new Map<string, string>();
const answeredBy = new Map<string, Set<string>>();

async function call(method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { origin: proxy };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await fetch(proxy + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(';');
    const index = pair!.indexOf('=');
    cookies.set(pair!.slice(0, index), pair!.slice(index + 1));
  }
  const upstream = response.headers.get('x-upstream') ?? '?';
  const key = `${method} ${path}`;
  answeredBy.set(key, (answeredBy.get(key) ?? new Set()).add(upstream));
  const text = await response.text();
  return { status: response.status, upstream, body: text ? (JSON.parse(text) as Answer) : null };
}

const email = `two-process-${randomUUID().slice(0, 8)}@example.com`;
const password = 'two-process-pass-1';
const signup = await call('POST', '/api/signup', {
  email,
  password,
  firstName: 'Pat',
  lastName: 'Proxy',
  phone: '8505550101',
});
assert.ok(
  [200, 201].includes(signup.status),
  `signup: ${signup.status} ${JSON.stringify(signup.body)}`,
);
cookies.clear();

// Sign in several times: nginx alternates, so both processes create sessions.
const signIns: string[] = [];
for (let i = 0; i < 4; i += 1) {
  cookies.clear();
  const login = await call('POST', '/api/login', { email, password });
  assert.equal(login.status, 200, `login: ${JSON.stringify(login.body)}`);
  signIns.push(login.upstream);
}
assert.ok(signIns.includes(first) && signIns.includes(second), `sign-ins went to ${signIns}`);

// One session, orders and reads alternating between the processes (five: an
// account may hold at most five unpaid orders, core's DEFAULT_UNPAID_ORDER_SETTINGS).
const orderIds: string[] = [];
const orderedBy = new Set<string>();
for (let i = 0; i < 5; i += 1) {
  const order = await call('POST', '/api/submit-order', {
    orderData: orderPayload({ daysAhead: 5 + i }),
  });
  assert.equal(order.status, 201, `order ${i}: ${order.status} ${JSON.stringify(order.body)}`);
  orderIds.push(order.body!.order!.id);
  orderedBy.add(order.upstream);
}
assert.deepEqual([...orderedBy].sort(), [first, second].sort(), 'both processes took orders');

const listedBy = new Set<string>();
for (let i = 0; i < 4; i += 1) {
  const mine = await call('GET', '/api/my-orders');
  assert.equal(mine.status, 200);
  const ids = (mine.body as unknown as Array<{ id: string }>).map((o) => o.id).sort();
  assert.deepEqual(ids, [...orderIds].sort(), `my-orders from ${mine.upstream}`);
  listedBy.add(mine.upstream);
}
assert.equal(listedBy.size, 2, 'both processes listed the orders of a session they share');

// Signing out through one process ends the session for the other too.
assert.equal((await call('POST', '/api/logout')).status, 200);
for (let i = 0; i < 2; i += 1) assert.equal((await call('GET', '/api/my-orders')).status, 401);

console.log(
  `✓ signed up, signed in 4 times (${signIns.join(', ')}), 5 orders (${[...orderedBy].join(', ')}), my-orders and sign-out through both processes`,
);
console.log('1 passed, 0 failed');
