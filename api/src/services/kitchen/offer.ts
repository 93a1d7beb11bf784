// GET /api/availability (issue 25): per date open, closed or full, what is
// left in each window, and how many of each item can still be ordered (drop
// items included). Read from counters only (DailyKitchenLoad, WindowLoad,
// DropUnit and the unexpired holds): a few small tables whatever the number
// of orders. And planUnits, what an order books in its window and drops
// (kitchen/booking.ts books it).
import {
  dayOffer,
  dayWindows,
  type AvailabilityOfferView,
  type Fulfillment,
  type KitchenLine,
} from '@bakery/core';
import { Prisma } from '@bakery/prisma';
import type { Db, Raw } from '../../db/types.js';
import { liveVersion } from '../menu/live.js';
import { loadAvailability } from './capacity.js';
import {
  activeHolds,
  dropsFromJson,
  dropsInRange,
  dropsServingJson,
  planDrops,
  type DropPlan,
} from './drops.js';
import {
  loadWindows,
  planWindow,
  WINDOWS_JSON,
  windowsFromJson,
  windowLoads,
  type WindowPlan,
} from './windows.js';

export async function availabilityOffer(
  db: Db,
  fromDate: string,
  toDate: string,
  now = new Date(),
): Promise<AvailabilityOfferView> {
  const [base, windows, loads, drops] = await Promise.all([
    loadAvailability(db, fromDate, toDate),
    loadWindows(db),
    windowLoads(db, fromDate, toDate),
    dropsInRange(db, fromDate, toDate),
  ]);
  const held = await activeHolds(
    db,
    drops.flatMap((d) => d.units.map((u) => u.id)),
  );
  const none = new Map<string, Record<string, number>>();
  const days = base.view.days.map((day) => {
    const used = loads.get(day.date) ?? none;
    const ofDay = (['pickup', 'delivery'] as Fulfillment[]).flatMap((f) => {
      const list = dayWindows(windows, day.date, f, used);
      // The half-hour slots (no limit of their own) are left to the client.
      return list[0]?.id ? list : [];
    });
    return dayOffer(day, ofDay, drops, held, now);
  });
  return { fromDate, toDate, menuVersion: liveVersion(), days };
}

export interface UnitBooking {
  orderId: string;
  date: string;
  pickupTime: string | null;
  deliveryMethod: string | null;
  lines: readonly KitchenLine[];
  /** Whose checkout hold the order uses (the account id; issue 39 ended guest holds). */
  holder: string | null;
}

/** What a booking takes, read before the transaction locks anything (planUnits). */
export interface UnitPlan {
  window: WindowPlan | null;
  drops: DropPlan;
}

interface UnitsRead {
  windows: unknown;
  drops: unknown;
}

/** The owner's windows and the date's drops, as one JSON value (one round trip). */
export const unitsRead = (date: string) =>
  Prisma.sql`json_build_object('windows', ${WINDOWS_JSON}, 'drops', ${dropsServingJson(date)})`;

/**
 * The reading half of the window and drop booking: which window, which drop
 * units, and the refusals that need no lock (a drop not open or closed, a
 * unit with nothing left, a time in no window). Run BEFORE book_order,
 * so a buyer refused for a sold-out item never waits behind the sales.
 */
export async function planUnits(
  tx: Raw,
  booking: UnitBooking,
  /** What unitsRead(booking.date) read, when it was sent with another statement. */
  alreadyRead?: unknown,
): Promise<UnitPlan> {
  const read =
    (alreadyRead as UnitsRead | undefined) ??
    (await tx.$queryRaw<{ read: UnitsRead }[]>`SELECT ${unitsRead(booking.date)} AS "read"`)[0]
      ?.read;
  const defs = windowsFromJson(read?.windows);
  const window = await planWindow(
    tx,
    {
      orderId: booking.orderId,
      date: booking.date,
      pickupTime: booking.pickupTime,
      fulfillment: booking.deliveryMethod === 'delivery' ? 'delivery' : 'pickup',
      lines: booking.lines,
    },
    defs,
  );
  const drops = await planDrops(
    tx,
    {
      orderId: booking.orderId,
      date: booking.date,
      lines: booking.lines,
      holder: booking.holder,
      window: window?.window ?? null,
      windows: defs,
    },
    dropsFromJson(read?.drops),
  );
  return { window, drops };
}
