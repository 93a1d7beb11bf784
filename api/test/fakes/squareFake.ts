// A small stand-in for Square's HTTP API on 127.0.0.1, for the real `square`
// SDK to talk to in tests. It answers the three calls the shop makes, with
// Square's documented snake_case shapes:
//   POST /v2/online-checkout/payment-links   (idempotent by idempotency_key)
//   GET  /v2/orders/{order_id}
//   GET  /v2/payments/{payment_id}
//   GET  /v2/locations/{location_id}   (the Settings "Test connection", issue 38)
//   POST /v2/terminals/checkouts, GET /v2/terminals/checkouts/{id},
//   POST /v2/terminals/checkouts/{id}/cancel   (the desk's Square Terminal, issue 42)
// and lets a test pay an order the way a buyer on the checkout page would,
// finish or cancel a Terminal checkout as a customer at the device would,
// queue an error answer, or make the next answer slow (for timeouts).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Money {
  amount: number;
  currency: string;
}

export interface FakeOrder {
  id: string;
  location_id: string;
  reference_id?: string;
  line_items: Array<{
    uid: string;
    name: string;
    quantity: string;
    base_price_money: Money;
    total_money: Money;
  }>;
  tenders?: Array<{
    id: string;
    location_id: string;
    transaction_id: string;
    type: string;
    amount_money: Money;
    tip_money?: Money;
    payment_id: string;
  }>;
  total_money: Money;
  total_tip_money: Money;
  net_amount_due_money: Money;
  state: 'OPEN' | 'COMPLETED' | 'CANCELED' | 'DRAFT';
  version: number;
  created_at: string;
  updated_at: string;
}

export interface FakePayment {
  id: string;
  status: 'APPROVED' | 'PENDING' | 'COMPLETED' | 'CANCELED' | 'FAILED';
  amount_money: Money;
  tip_money?: Money;
  total_money: Money;
  order_id: string;
  location_id: string;
  reference_id?: string;
  source_type: 'CARD';
  created_at: string;
  updated_at: string;
}

/** The fields of a payment-link create the shop sends (snake_case, as on the wire). */
export interface CreateLinkBody {
  idempotency_key?: string;
  description?: string;
  order?: {
    location_id?: string;
    reference_id?: string;
    line_items?: Array<{
      name: string;
      quantity: string;
      base_price_money?: { amount?: number; currency?: string };
    }>;
  };
  checkout_options?: {
    allow_tipping?: boolean;
    redirect_url?: string;
    merchant_support_email?: string;
  };
  pre_populated_data?: { buyer_email?: string };
  payment_note?: string;
}

/** A Square Terminal checkout as Square keeps it (snake_case, as on the wire). */
export interface FakeTerminalCheckout {
  id: string;
  amount_money: Money;
  tip_money?: Money;
  reference_id?: string;
  note?: string;
  device_options: { device_id: string; skip_receipt_screen?: boolean };
  status: 'PENDING' | 'IN_PROGRESS' | 'CANCEL_REQUESTED' | 'CANCELED' | 'COMPLETED';
  cancel_reason?: 'BUYER_CANCELED' | 'SELLER_CANCELED' | 'TIMED_OUT';
  payment_ids: string[];
  location_id: string;
  payment_type: 'CARD_PRESENT';
  created_at: string;
  updated_at: string;
}

/** The fields of a Terminal checkout create the shop sends. */
export interface CreateTerminalCheckoutBody {
  idempotency_key?: string;
  checkout?: {
    amount_money?: { amount?: number; currency?: string };
    reference_id?: string;
    note?: string;
    device_options?: { device_id?: string; skip_receipt_screen?: boolean };
  };
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The parsed JSON body (null for GET; undefined when it was not JSON). */
  body: (CreateLinkBody & CreateTerminalCheckoutBody) | null | undefined;
}

interface QueuedError {
  status: number;
  errors: Array<{ category: string; code: string; detail: string }>;
}

export interface SquareFake {
  baseUrl: string;
  accessToken: string;
  locationId: string;
  requests: RecordedRequest[];
  orders: Map<string, FakeOrder>;
  payments: Map<string, FakePayment>;
  /** The Terminal paired with the shop; checkouts for another device are refused. */
  deviceId: string;
  terminalCheckouts: Map<string, FakeTerminalCheckout>;
  /** The customer pays the checkout on the device (amount asked, plus a tip): a payment, COMPLETED. */
  completeCheckout(checkoutId: string, options?: { tipCents?: number }): FakeTerminalCheckout;
  /** The customer (or staff at the device) cancels the checkout there. */
  cancelOnDevice(checkoutId: string): FakeTerminalCheckout;
  /** The next request (any endpoint) gets this error answer. */
  failNext(status: number, code?: string, detail?: string): void;
  /** The next request is answered only after `ms` milliseconds. */
  delayNext(ms: number): void;
  /** A buyer pays the Square order (amount before tip). */
  pay(
    squareOrderId: string,
    options?: { amountCents?: number; tipCents?: number; status?: FakePayment['status'] },
  ): FakePayment;
  close(): Promise<void>;
}

const id = (length = 22) =>
  randomBytes(length).toString('base64url').replace(/[-_]/g, 'X').slice(0, length).toUpperCase();
const now = () => new Date().toISOString();
const usd = (amount: number): Money => ({ amount, currency: 'USD' });

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function squareErrors(
  res: ServerResponse,
  status: number,
  category: string,
  code: string,
  detail: string,
  field?: string,
) {
  send(res, status, { errors: [{ category, code, detail, ...(field ? { field } : {}) }] });
}

type RequestBody = CreateLinkBody & CreateTerminalCheckoutBody;

async function readJson(req: IncomingMessage): Promise<RequestBody | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as RequestBody) : null;
}

export async function startSquareFake(
  options: {
    accessToken?: string;
    locationId?: string;
    locationName?: string;
    deviceId?: string;
  } = {},
): Promise<SquareFake> {
  const deviceId = options.deviceId ?? 'device:995CS397A6475287';
  const terminalCheckouts = new Map<string, FakeTerminalCheckout>();
  const terminalKeys = new Map<string, { body: unknown; request: string }>();
  const accessToken = options.accessToken ?? 'EAAAtest-token';
  const locationId = options.locationId ?? 'LTESTLOCATION';
  const locationName = options.locationName ?? 'Main Street Bakery';
  const requests: RecordedRequest[] = [];
  const orders = new Map<string, FakeOrder>();
  const payments = new Map<string, FakePayment>();
  const links = new Map<string, { status: number; body: unknown; request: string }>();
  const errors: QueuedError[] = [];
  const delays: number[] = [];
  const sockets = new Set<import('node:net').Socket>();

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = req.method === 'POST' ? await readJson(req).catch(() => undefined) : null;
    requests.push({ method: req.method ?? 'GET', path: url.pathname, headers: req.headers, body });

    const delay = delays.shift();
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    if (res.destroyed) return;

    const queued = errors.shift();
    if (queued) return send(res, queued.status, { errors: queued.errors });

    if (req.headers.authorization !== `Bearer ${accessToken}`)
      return squareErrors(
        res,
        401,
        'AUTHENTICATION_ERROR',
        'UNAUTHORIZED',
        'This request could not be authorized.',
      );
    if (body === undefined)
      return squareErrors(
        res,
        400,
        'INVALID_REQUEST_ERROR',
        'INVALID_CONTENT_TYPE',
        'The body is not valid JSON.',
      );

    if (req.method === 'POST' && url.pathname === '/v2/online-checkout/payment-links')
      return createLink(body, res);
    if (req.method === 'POST' && url.pathname === '/v2/terminals/checkouts')
      return createTerminalCheckout(body, res);
    const terminal = /^\/v2\/terminals\/checkouts\/([^/]+)(\/cancel)?$/.exec(url.pathname);
    if (terminal && terminal[1] !== 'search') {
      const found = terminalCheckouts.get(decodeURIComponent(terminal[1]!));
      if (!found)
        return squareErrors(res, 404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', 'Checkout not found.');
      if (req.method === 'GET' && !terminal[2]) return send(res, 200, { checkout: found });
      if (req.method === 'POST' && terminal[2]) {
        if (found.status === 'COMPLETED' || found.status === 'CANCELED')
          return squareErrors(
            res,
            400,
            'INVALID_REQUEST_ERROR',
            'BAD_REQUEST',
            `Checkout ${found.id} is already ${found.status}.`,
          );
        // The device lets go at once here; a real one may answer CANCEL_REQUESTED first.
        found.status = 'CANCELED';
        found.cancel_reason = 'SELLER_CANCELED';
        found.updated_at = now();
        return send(res, 200, { checkout: found });
      }
    }
    const order = /^\/v2\/orders\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && order) {
      const found = orders.get(decodeURIComponent(order[1]!));
      if (!found)
        return squareErrors(res, 404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', `Order not found.`);
      return send(res, 200, { order: found });
    }
    const location = /^\/v2\/locations\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && location) {
      if (decodeURIComponent(location[1]!) !== locationId)
        return squareErrors(res, 404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', 'Location not found.');
      return send(res, 200, {
        location: { id: locationId, name: locationName, status: 'ACTIVE', currency: 'USD' },
      });
    }
    const payment = /^\/v2\/payments\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && payment) {
      const found = payments.get(decodeURIComponent(payment[1]!));
      if (!found)
        return squareErrors(
          res,
          404,
          'INVALID_REQUEST_ERROR',
          'NOT_FOUND',
          `Could not find payment with id: ${payment[1]}`,
        );
      return send(res, 200, { payment: found });
    }
    return squareErrors(
      res,
      404,
      'INVALID_REQUEST_ERROR',
      'NOT_FOUND',
      `Unknown endpoint ${req.method} ${url.pathname}`,
    );
  }

  function createTerminalCheckout(body: RequestBody | null, res: ServerResponse) {
    const key = body?.idempotency_key;
    const serialized = JSON.stringify(body);
    if (!key)
      return squareErrors(
        res,
        400,
        'INVALID_REQUEST_ERROR',
        'MISSING_REQUIRED_PARAMETER',
        'Missing required parameter.',
        'idempotency_key',
      );
    const first = terminalKeys.get(key);
    if (first) {
      if (first.request !== serialized)
        return squareErrors(
          res,
          400,
          'INVALID_REQUEST_ERROR',
          'IDEMPOTENCY_KEY_REUSED',
          'The idempotency key can only be retried with the same request data.',
        );
      return send(res, 200, first.body);
    }
    const requested = body?.checkout;
    const amount = requested?.amount_money?.amount;
    if (typeof amount !== 'number' || amount < 100)
      return squareErrors(
        res,
        400,
        'INVALID_REQUEST_ERROR',
        'INVALID_VALUE',
        'The amount must be at least $1.00.',
        'checkout.amount_money.amount',
      );
    if (requested?.device_options?.device_id !== deviceId)
      return squareErrors(
        res,
        400,
        'INVALID_REQUEST_ERROR',
        'INVALID_VALUE',
        'No paired device has this id.',
        'checkout.device_options.device_id',
      );
    const stamp = now();
    const checkout: FakeTerminalCheckout = {
      id: id(14),
      amount_money: usd(amount),
      ...(requested.reference_id ? { reference_id: requested.reference_id } : {}),
      ...(requested.note ? { note: requested.note } : {}),
      device_options: { device_id: deviceId, skip_receipt_screen: false },
      status: 'PENDING',
      payment_ids: [],
      location_id: locationId,
      payment_type: 'CARD_PRESENT',
      created_at: stamp,
      updated_at: stamp,
    };
    terminalCheckouts.set(checkout.id, checkout);
    const answer = { checkout };
    terminalKeys.set(key, { body: answer, request: serialized });
    return send(res, 200, answer);
  }

  function createLink(body: CreateLinkBody | null, res: ServerResponse) {
    const key: string | undefined = body?.idempotency_key;
    const serialized = JSON.stringify(body);
    if (key && links.has(key)) {
      const first = links.get(key)!;
      // Square refuses a reused key with a different request.
      if (first.request !== serialized)
        return squareErrors(
          res,
          400,
          'INVALID_REQUEST_ERROR',
          'IDEMPOTENCY_KEY_REUSED',
          'The idempotency key can only be retried with the same request data.',
        );
      return send(res, first.status, first.body);
    }
    const requested = body?.order;
    if (
      !requested?.location_id ||
      !Array.isArray(requested.line_items) ||
      requested.line_items.length === 0
    )
      return squareErrors(
        res,
        400,
        'INVALID_REQUEST_ERROR',
        'MISSING_REQUIRED_PARAMETER',
        'Missing required parameter.',
        'order',
      );
    if (requested.location_id !== locationId)
      return squareErrors(
        res,
        400,
        'INVALID_REQUEST_ERROR',
        'INVALID_VALUE',
        'Invalid location id.',
        'order.location_id',
      );
    const lineItems = requested.line_items.map((line) => {
      const unit = Number(line.base_price_money?.amount ?? 0);
      return {
        uid: id(10),
        name: line.name,
        quantity: line.quantity,
        base_price_money: usd(unit),
        total_money: usd(unit * Number(line.quantity)),
      };
    });
    const total = lineItems.reduce(
      (sum: number, line: { total_money: Money }) => sum + line.total_money.amount,
      0,
    );
    const created = now();
    const squareOrder: FakeOrder = {
      id: id(),
      location_id: locationId,
      ...(requested.reference_id ? { reference_id: requested.reference_id } : {}),
      line_items: lineItems,
      total_money: usd(total),
      total_tip_money: usd(0),
      net_amount_due_money: usd(total),
      state: 'OPEN',
      version: 1,
      created_at: created,
      updated_at: created,
    };
    orders.set(squareOrder.id, squareOrder);
    const linkId = id(16);
    const answer = {
      payment_link: {
        id: linkId,
        version: 1,
        order_id: squareOrder.id,
        checkout_options: body?.checkout_options,
        pre_populated_data: body?.pre_populated_data,
        url: `https://square.link/u/${linkId.slice(0, 8)}`,
        long_url: `https://checkout.square.site/merchant/${locationId}/order/${squareOrder.id}`,
        created_at: created,
      },
      related_resources: { orders: [squareOrder] },
    };
    if (key) links.set(key, { status: 200, body: answer, request: serialized });
    return send(res, 200, answer);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) =>
      squareErrors(res, 500, 'API_ERROR', 'INTERNAL_SERVER_ERROR', String(error)),
    );
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    accessToken,
    locationId,
    requests,
    orders,
    payments,
    deviceId,
    terminalCheckouts,
    completeCheckout(checkoutId, options = {}) {
      const checkout = terminalCheckouts.get(checkoutId);
      if (!checkout) throw new Error(`fake Square: no checkout ${checkoutId}`);
      const tip = options.tipCents ?? 0;
      const stamp = now();
      const payment: FakePayment = {
        id: id(),
        status: 'COMPLETED',
        amount_money: usd(checkout.amount_money.amount),
        ...(tip ? { tip_money: usd(tip) } : {}),
        total_money: usd(checkout.amount_money.amount + tip),
        order_id: id(),
        location_id: locationId,
        ...(checkout.reference_id ? { reference_id: checkout.reference_id } : {}),
        source_type: 'CARD',
        created_at: stamp,
        updated_at: stamp,
      };
      payments.set(payment.id, payment);
      checkout.status = 'COMPLETED';
      checkout.payment_ids = [payment.id];
      if (tip) checkout.tip_money = usd(tip);
      checkout.updated_at = stamp;
      return checkout;
    },
    cancelOnDevice(checkoutId) {
      const checkout = terminalCheckouts.get(checkoutId);
      if (!checkout) throw new Error(`fake Square: no checkout ${checkoutId}`);
      checkout.status = 'CANCELED';
      checkout.cancel_reason = 'BUYER_CANCELED';
      checkout.updated_at = now();
      return checkout;
    },
    failNext(
      status,
      code = status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST',
      detail = 'Something went wrong.',
    ) {
      errors.push({
        status,
        errors: [{ category: status >= 500 ? 'API_ERROR' : 'INVALID_REQUEST_ERROR', code, detail }],
      });
    },
    delayNext(ms) {
      delays.push(ms);
    },
    pay(squareOrderId, options = {}) {
      const order = orders.get(squareOrderId);
      if (!order) throw new Error(`fake Square: no order ${squareOrderId}`);
      const amount = options.amountCents ?? order.total_money.amount;
      const tip = options.tipCents ?? 0;
      const status = options.status ?? 'COMPLETED';
      const stamp = now();
      const payment: FakePayment = {
        id: id(),
        status,
        amount_money: usd(amount),
        ...(tip ? { tip_money: usd(tip) } : {}),
        total_money: usd(amount + tip),
        order_id: order.id,
        location_id: locationId,
        source_type: 'CARD',
        created_at: stamp,
        updated_at: stamp,
      };
      payments.set(payment.id, payment);
      order.tenders = [
        ...(order.tenders ?? []),
        {
          id: payment.id,
          location_id: locationId,
          transaction_id: order.id,
          type: 'CARD',
          amount_money: usd(amount),
          ...(tip ? { tip_money: usd(tip) } : {}),
          payment_id: payment.id,
        },
      ];
      if (status === 'COMPLETED') {
        order.total_tip_money = usd(tip);
        order.total_money = usd(order.total_money.amount + tip);
        order.net_amount_due_money = usd(0);
        order.state = 'COMPLETED';
        order.version += 1;
        order.updated_at = stamp;
      }
      return payment;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
