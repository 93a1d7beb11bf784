// Kitchen calls (docs/kitchen.md): public availability for the storefront
// calendar; staff bake sheets, margins and recipe links; owner capacity.
import Router from '@koa/router';
import { DONE, on } from './on.js';
import { bakeryToday, BOOKED_DAYS_SHOWN, ROUTES } from '@bakery/core';
import type { AppDeps } from '../deps.js';
import {
  addClosedDate,
  addClosedDates,
  availabilityOffer,
  bakeSheet,
  bookedDays,
  bookingSettings,
  capacitySettings,
  liftFairShare,
  listClosedDates,
  listLinks,
  margins,
  removeClosedDate,
  removeLink,
  restoreFairShare,
  saveLink,
  setBookingHorizon,
  setCapacityLimits,
} from '../services/kitchen/index.js';

export function kitchenRouter({ prisma }: AppDeps): Router {
  const router = new Router();

  on(router, ROUTES.availability, async (ctx, { query: { fromDate, toDate } }) => {
    ctx.set('Cache-Control', 'no-store');
    return await availabilityOffer(prisma, fromDate, toDate);
  });

  // ------------------------------------------------------------- capacity
  on(router, ROUTES.capacity, () => capacitySettings(prisma));
  // How booked each coming day is: today and the next 13, per category.
  on(router, ROUTES.capacityDays, () => bookedDays(prisma, bakeryToday(), BOOKED_DAYS_SHOWN));
  on(router, ROUTES.saveCapacity, (_ctx, { body }) => setCapacityLimits(prisma, body.limits));
  on(router, ROUTES.closedDates, () => listClosedDates(prisma));
  on(router, ROUTES.addClosedDate, (_ctx, { body }) => addClosedDate(prisma, body));
  // Holidays in one action (issue 14): every date of the range, in one transaction.
  on(router, ROUTES.addClosedDates, (_ctx, { body }) => addClosedDates(prisma, body));
  on(router, ROUTES.removeClosedDate, async (_ctx, { params: { date } }) => {
    await removeClosedDate(prisma, date);
    return DONE;
  });

  // ------------------------------------------ booking horizon and fair share
  on(router, ROUTES.booking, () => bookingSettings(prisma));
  on(router, ROUTES.saveBooking, (_ctx, { body: { horizonDays } }) =>
    setBookingHorizon(prisma, horizonDays),
  );
  // Staff lift (PUT) or restore (DELETE) the fair share for one account.
  on(router, ROUTES.saveFairShare, (ctx, { params: { userId } }) => {
    const staff = ctx.state.user as { id: string } | undefined;
    return liftFairShare(prisma, userId, staff?.id ?? null);
  });
  on(router, ROUTES.removeFairShare, (_ctx, { params: { userId } }) =>
    restoreFairShare(prisma, userId),
  );

  // ---------------------------------------------------------- recipe links
  on(router, ROUTES.recipeLinks, () => listLinks(prisma));
  on(router, ROUTES.saveRecipeLink, (_ctx, { body }) => saveLink(prisma, body));
  on(router, ROUTES.removeRecipeLink, async (_ctx, { query: { productId, variantId } }) => {
    await removeLink(prisma, productId, variantId);
    return DONE;
  });

  // ------------------------------------------------- bake sheet and margins
  // The bake-sheet workbook (GET /api/admin/exports/bake-sheet.xlsx) is in
  // routes/admin/exports.ts, guarded and streamed like the orders export.
  on(router, ROUTES.bakeSheet, (_ctx, { query: { fromDate, toDate } }) =>
    bakeSheet(prisma, fromDate, toDate),
  );
  on(router, ROUTES.margins, (_ctx, { query: { fromDate, toDate } }) =>
    margins(prisma, fromDate, toDate),
  );

  return router;
}
