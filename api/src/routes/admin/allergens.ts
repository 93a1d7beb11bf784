// Allergens and labels in the back office (issue 26, docs/kitchen.md): the
// overview and the promise check (manageRecipes, as recipes), exceptions,
// option ingredients and net weights (manageRecipes), the label settings
// (manageKitchen: the owner), and the label PDFs (manageOrders: the staff who
// print the desk's pick list).
import Router from '@koa/router';
import { DONE, on } from '../on.js';
import { ROUTES } from '@bakery/core';
import type { AppDeps } from '../../deps.js';
import {
  allergenOverview,
  assertClaimKept,
  claimProblems,
  removeException,
  removeNetWeight,
  saveException,
  saveLabelSettings,
  saveNetWeight,
  saveOptionIngredients,
} from '../../services/allergens/admin.js';
import { dayLabels, itemLabels, renderLabels } from '../../services/allergens/labels.js';

export function adminAllergensRouter({ prisma }: AppDeps): Router {
  const router = new Router();

  on(router, ROUTES.allergens, async () => {
    return await allergenOverview(prisma);
  });
  // The promise check the publish step runs (claimProblems), for the back office and tests.
  on(router, ROUTES.allergenClaims, async (ctx, { query }) => {
    return { problems: await claimProblems(prisma, query.productIds) };
  });
  // The refusal the publish step gives (409 claim_broken naming the item and
  // ingredient), as a call of its own: the back office checks before publishing.
  on(router, ROUTES.checkAllergenClaims, async (ctx, { body }) => {
    await assertClaimKept(prisma, body.productIds);
    return { success: true, problems: [] };
  });
  on(router, ROUTES.saveClaimException, (ctx, { body }) => saveException(prisma, body));
  on(router, ROUTES.removeClaimException, async (ctx, { params }) => {
    await removeException(prisma, params.productId);
    return DONE;
  });
  on(router, ROUTES.saveOptionIngredients, (ctx, { body }) => saveOptionIngredients(prisma, body));
  on(router, ROUTES.saveNetWeight, (ctx, { body }) => saveNetWeight(prisma, body));
  on(router, ROUTES.removeNetWeight, async (ctx, { query }) => {
    await removeNetWeight(prisma, query.productId, query.variantId);
    return DONE;
  });
  on(router, ROUTES.saveLabelSettings, (ctx, { body }) => saveLabelSettings(prisma, body));

  // GET /api/admin/labels?date=YYYY-MM-DD | ?productId=…[&variantId&filling&addIn&count], &format=avery5163|thermal
  on(router, ROUTES.labels, async (ctx, { query }) => {
    const labels = query.date
      ? await dayLabels(prisma, query.date)
      : await itemLabels(
          prisma,
          {
            productId: query.productId!,
            variant: query.variantId ?? null,
            filling: query.filling ?? null,
            addIn: query.addIn ?? null,
          },
          query.count,
        );
    const pdf = await renderLabels(labels, query.format);
    const name = `labels-${query.date ?? query.productId}-${query.format}.pdf`;
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Disposition', `inline; filename="${name}"`);
    ctx.set('X-Label-Count', String(labels.length));
    ctx.type = 'application/pdf';
    return pdf;
  });
  return router;
}
