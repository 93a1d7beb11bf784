// Kitchen calls (docs/kitchen.md): public availability for the storefront
// calendar; staff bake sheets, margins and recipe links; owner capacity.
import Router from '@koa/router';
import {
  addDays,
  bakeryToday,
  BOOKED_DAYS_SHOWN,
  BookingSettingsSchema,
  CapacityLimitsSchema,
  ClosedDateRangeSchema,
  ClosedDateSchema,
  KitchenRangeSchema,
  ProductRecipeKeySchema,
  ProductRecipeLinkSchema,
  kitchenDate,
  type Permission,
} from '@bakery/core';
import type { Context } from 'koa';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { requirePermission } from '../middleware/auth.js';
import { handle, type InputOf } from '../middleware/validate.js';
import {
  addClosedDate,
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

/** The request parts handle() checks: body, query, params. */
type Parts = Parameters<typeof handle>[0];

const DateParam = z.object({ date: kitchenDate() });
const UserParam = z.object({ userId: z.uuid({ error: 'Not a valid account id' }) });

export function kitchenRouter(deps: AppDeps): Router {
  const router = new Router();
  const { prisma } = deps;

  router.get(
    '/api/availability',
    handle({ query: KitchenRangeSchema }, async (ctx, { query: { fromDate, toDate } }) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await availabilityOffer(prisma, fromDate, toDate);
    }),
  );

  /**
   * A staff call: the role needs `permission`, the request's `parts` are
   * checked by core's schemas, and the answer is what `act` returns (with
   * `status`, 201 for a creation).
   */
  function staffCall<P extends Parts>(
    method: 'get' | 'put' | 'post' | 'delete',
    path: string,
    permission: Permission,
    parts: P,
    act: (input: InputOf<P>, ctx: Context) => Promise<unknown>,
    status = 200,
  ) {
    router[method](
      path,
      requirePermission(permission),
      handle(parts, async (ctx, input) => {
        const answer = await act(input, ctx);
        ctx.status = status;
        ctx.body = answer;
      }),
    );
  }
  const done = { success: true } as const;

  // ------------------------------------------------------------- capacity
  staffCall('get', '/api/admin/kitchen/capacity', 'viewKitchen', {}, () =>
    capacitySettings(prisma),
  );
  // How booked each coming day is: today and the next 13, per category.
  staffCall('get', '/api/admin/kitchen/capacity/days', 'viewKitchen', {}, () =>
    bookedDays(prisma, bakeryToday(), BOOKED_DAYS_SHOWN),
  );
  staffCall(
    'put',
    '/api/admin/kitchen/capacity',
    'manageKitchen',
    { body: CapacityLimitsSchema },
    ({ body }) => setCapacityLimits(prisma, body.limits),
  );
  staffCall('get', '/api/admin/kitchen/closed-dates', 'viewKitchen', {}, () =>
    listClosedDates(prisma),
  );
  staffCall(
    'post',
    '/api/admin/kitchen/closed-dates',
    'manageKitchen',
    { body: ClosedDateSchema },
    ({ body }) => addClosedDate(prisma, body),
    201,
  );
  // Holidays in one action (issue 14): every date of the range, in one transaction.
  staffCall(
    'post',
    '/api/admin/kitchen/closed-dates/range',
    'manageKitchen',
    { body: ClosedDateRangeSchema },
    async ({ body: { fromDate, toDate, reason } }) => {
      const dates: string[] = [];
      for (let d = fromDate; d <= toDate; d = addDays(d, 1)) dates.push(d);
      const closed = await prisma.$transaction(async (tx) => {
        const out = [];
        for (const date of dates) out.push(await addClosedDate(tx, { date, reason }));
        return out;
      });
      return {
        dates: closed,
        bookedOrders: closed.reduce((sum, d) => sum + (d.bookedOrders ?? 0), 0),
      };
    },
    201,
  );
  staffCall(
    'delete',
    '/api/admin/kitchen/closed-dates/:date',
    'manageKitchen',
    { params: DateParam },
    async ({ params: { date } }) => {
      await removeClosedDate(prisma, date);
      return done;
    },
  );

  // ------------------------------------------ booking horizon and fair share
  staffCall('get', '/api/admin/kitchen/booking', 'viewKitchen', {}, () => bookingSettings(prisma));
  staffCall(
    'put',
    '/api/admin/kitchen/booking',
    'manageKitchen',
    { body: BookingSettingsSchema },
    ({ body: { horizonDays } }) => setBookingHorizon(prisma, horizonDays),
  );
  // Staff lift (PUT) or restore (DELETE) the fair share for one account.
  staffCall(
    'put',
    '/api/admin/kitchen/fair-share/:userId',
    'manageOrders',
    { params: UserParam },
    ({ params: { userId } }, ctx) => {
      const staff = ctx.state.user as { id: string } | undefined;
      return liftFairShare(prisma, userId, staff?.id ?? null);
    },
  );
  staffCall(
    'delete',
    '/api/admin/kitchen/fair-share/:userId',
    'manageOrders',
    { params: UserParam },
    ({ params: { userId } }) => restoreFairShare(prisma, userId),
  );

  // ---------------------------------------------------------- recipe links
  staffCall('get', '/api/admin/kitchen/links', 'manageRecipes', {}, () => listLinks(prisma));
  staffCall(
    'put',
    '/api/admin/kitchen/links',
    'manageRecipes',
    { body: ProductRecipeLinkSchema },
    ({ body }) => saveLink(prisma, body),
  );
  staffCall(
    'delete',
    '/api/admin/kitchen/links',
    'manageRecipes',
    { query: ProductRecipeKeySchema },
    async ({ query: { productId, variantId } }) => {
      await removeLink(prisma, productId, variantId);
      return done;
    },
  );

  // ------------------------------------------------- bake sheet and margins
  // The bake-sheet workbook (GET /api/admin/exports/bake-sheet.xlsx) is in
  // routes/admin/exports.ts, guarded and streamed like the orders export.
  staffCall(
    'get',
    '/api/admin/kitchen/bake-sheet',
    'viewKitchen',
    { query: KitchenRangeSchema },
    ({ query: { fromDate, toDate } }) => bakeSheet(prisma, fromDate, toDate),
  );
  staffCall(
    'get',
    '/api/admin/kitchen/margins',
    'viewAnalytics',
    { query: KitchenRangeSchema },
    ({ query: { fromDate, toDate } }) => margins(prisma, fromDate, toDate),
  );

  return router;
}
