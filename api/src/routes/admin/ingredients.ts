// Ingredients of the recipe costing (staff).
import Router from '@koa/router';
import { IngredientSchema } from '@bakery/core';
import type { AppDeps } from '../../deps.js';
import { requirePermission } from '../../middleware/auth.js';
import { handle } from '../../middleware/validate.js';
import * as recipes from '../../services/recipes.js';
import { idParam, knownIds } from './shared.js';

export function adminIngredientsRouter(deps: AppDeps): Router {
  const router = new Router();
  const knownIngredient = knownIds('Ingredient not found');
  router.get('/api/admin/ingredients', requirePermission('manageRecipes'), async (ctx) => {
    ctx.body = await recipes.listIngredients(deps.prisma);
  });
  router.post(
    '/api/admin/ingredients',
    requirePermission('manageRecipes'),
    handle({ body: IngredientSchema }, async (ctx, { body }) => {
      ctx.status = 201;
      ctx.body = await recipes.createIngredient(deps.prisma, body);
    }),
  );
  router.put(
    '/api/admin/ingredients/:id',
    requirePermission('manageRecipes'),
    knownIngredient,
    handle({ body: IngredientSchema }, async (ctx, { body }) => {
      ctx.body = await recipes.updateIngredient(deps.prisma, idParam(ctx), body);
    }),
  );
  router.delete(
    '/api/admin/ingredients/:id',
    requirePermission('manageRecipes'),
    knownIngredient,
    async (ctx) => {
      await recipes.deleteIngredient(deps.prisma, idParam(ctx));
      ctx.body = { success: true };
    },
  );
  return router;
}
