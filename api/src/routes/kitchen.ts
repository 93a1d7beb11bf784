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
  type CapacityLimitsInput,
  type ClosedDateInput,
  type ProductRecipeLinkInput,
} from '@bakery/core';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { requirePermission } from '../middleware/auth.js';
import { handle } from '../middleware/validate.js';
import {
  addClosedDate,
  availability,
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

const DateParam = z.object({ date: kitchenDate() });
const UserParam = z.object({ userId: z.uuid({ error: 'Not a valid account id' }) });

export function kitchenRouter(deps: AppDeps): Router {
  const router = new Router();
  const { prisma } = deps;

  router.get(
    '/api/availability',
    handle({ query: KitchenRangeSchema }, async (ctx, { query: { fromDate, toDate } }) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await availability(prisma, fromDate, toDate);
    }),
  );

  // ------------------------------------------------------------- capacity
  router.get('/api/admin/kitchen/capacity', requirePermission('viewKitchen'), async (ctx) => {
    ctx.body = await capacitySettings(prisma);
  });

  // How booked each coming day is: today and the next 13, per category.
  router.get('/api/admin/kitchen/capacity/days', requirePermission('viewKitchen'), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await bookedDays(prisma, bakeryToday(), BOOKED_DAYS_SHOWN);
  });

  router.put(
    '/api/admin/kitchen/capacity',
    requirePermission('manageKitchen'),
    handle({ body: CapacityLimitsSchema }, async (ctx, { body: input }) => {
      ctx.body = await setCapacityLimits(prisma, (input as CapacityLimitsInput).limits);
    }),
  );

  router.get('/api/admin/kitchen/closed-dates', requirePermission('viewKitchen'), async (ctx) => {
    ctx.body = await listClosedDates(prisma);
  });

  router.post(
    '/api/admin/kitchen/closed-dates',
    requirePermission('manageKitchen'),
    handle({ body: ClosedDateSchema }, async (ctx, { body: input }) => {
      ctx.status = 201;
      ctx.body = await addClosedDate(prisma, input as ClosedDateInput);
    }),
  );

  // Holidays in one action (issue 14): every date of the range, in one transaction.
  router.post(
    '/api/admin/kitchen/closed-dates/range',
    requirePermission('manageKitchen'),
    handle({ body: ClosedDateRangeSchema }, async (ctx, { body: { fromDate, toDate, reason } }) => {
      const dates: string[] = [];
      for (let d = fromDate; d <= toDate; d = addDays(d, 1)) dates.push(d);
      const closed = await prisma.$transaction(async (tx) => {
        const out = [];
        for (const date of dates) out.push(await addClosedDate(tx, { date, reason }));
        return out;
      });
      ctx.status = 201;
      ctx.body = {
        dates: closed,
        bookedOrders: closed.reduce((sum, d) => sum + (d.bookedOrders ?? 0), 0),
      };
    }),
  );

  router.delete(
    '/api/admin/kitchen/closed-dates/:date',
    requirePermission('manageKitchen'),
    handle({ params: DateParam }, async (ctx, { params: input }) => {
      await removeClosedDate(prisma, (input as { date: string }).date);
      ctx.body = { success: true };
    }),
  );

  // ------------------------------------------ booking horizon and fair share
  router.get('/api/admin/kitchen/booking', requirePermission('viewKitchen'), async (ctx) => {
    ctx.body = await bookingSettings(prisma);
  });

  router.put(
    '/api/admin/kitchen/booking',
    requirePermission('manageKitchen'),
    handle({ body: BookingSettingsSchema }, async (ctx, { body: { horizonDays } }) => {
      ctx.body = await setBookingHorizon(prisma, horizonDays);
    }),
  );

  // Staff lift (PUT) or restore (DELETE) the fair share for one account.
  router.put(
    '/api/admin/kitchen/fair-share/:userId',
    requirePermission('manageOrders'),
    handle({ params: UserParam }, async (ctx, { params: { userId } }) => {
      const staff = ctx.state.user as { id: string } | undefined;
      ctx.body = await liftFairShare(prisma, userId, staff?.id ?? null);
    }),
  );

  router.delete(
    '/api/admin/kitchen/fair-share/:userId',
    requirePermission('manageOrders'),
    handle({ params: UserParam }, async (ctx, { params: input }) => {
      ctx.body = await restoreFairShare(prisma, (input as { userId: string }).userId);
    }),
  );

  // ---------------------------------------------------------- recipe links
  router.get('/api/admin/kitchen/links', requirePermission('manageRecipes'), async (ctx) => {
    ctx.body = await listLinks(prisma);
  });

  router.put(
    '/api/admin/kitchen/links',
    requirePermission('manageRecipes'),
    handle({ body: ProductRecipeLinkSchema }, async (ctx, { body: input }) => {
      ctx.body = await saveLink(prisma, input as ProductRecipeLinkInput);
    }),
  );

  router.delete(
    '/api/admin/kitchen/links',
    requirePermission('manageRecipes'),
    handle({ query: ProductRecipeKeySchema }, async (ctx, { query: { productId, variantId } }) => {
      await removeLink(prisma, productId, variantId);
      ctx.body = { success: true };
    }),
  );

  // ------------------------------------------------- bake sheet and margins
  router.get(
    '/api/admin/kitchen/bake-sheet',
    requirePermission('viewKitchen'),
    handle({ query: KitchenRangeSchema }, async (ctx, { query: { fromDate, toDate } }) => {
      ctx.body = await bakeSheet(prisma, fromDate, toDate);
    }),
  );

  // The bake-sheet workbook (GET /api/admin/exports/bake-sheet.xlsx) is in
  // routes/admin/exports.ts, guarded and streamed like the orders export.

  router.get(
    '/api/admin/kitchen/margins',
    requirePermission('viewAnalytics'),
    handle({ query: KitchenRangeSchema }, async (ctx, { query: { fromDate, toDate } }) => {
      ctx.body = await margins(prisma, fromDate, toDate);
    }),
  );

  return router;
}
