// Recipes, their ingredient lines and exact-decimal costing (staff).
import Router from '@koa/router';
import { isUuid, RecipeIngredientSchema, RecipeSchema } from '@bakery/core';
import type { AppDeps } from '../../deps.js';
import { requirePermission } from '../../middleware/auth.js';
import { handle } from '../../middleware/validate.js';
import * as recipes from '../../services/recipes.js';
import { idParam, knownIds } from './shared.js';
import { notFound } from '../../middleware/errors.js';

/** The body's ingredientId (when given) must name an ingredient: a malformed one is a 404 like an unknown one. */
function checkIngredientId<T extends { ingredientId?: unknown }>(line: T): T {
  if (line.ingredientId !== undefined && !isUuid(line.ingredientId))
    throw notFound('Ingredient not found');
  return line;
}

export function adminRecipesRouter(deps: AppDeps): Router {
  const router = new Router();
  const knownRecipe = knownIds('Recipe not found');
  const knownLine = knownIds('Recipe ingredient not found', 'lineId');
  router.get('/api/admin/recipes', requirePermission('manageRecipes'), async (ctx) => {
    ctx.body = await recipes.listRecipes(deps.prisma);
  });
  router.post(
    '/api/admin/recipes',
    requirePermission('manageRecipes'),
    handle({ body: RecipeSchema }, async (ctx, { body }) => {
      ctx.status = 201;
      ctx.body = await recipes.createRecipe(deps.prisma, body);
    }),
  );
  router.get(
    '/api/admin/recipes/:id',
    requirePermission('manageRecipes'),
    knownRecipe,
    async (ctx) => {
      ctx.body = await recipes.getRecipe(deps.prisma, idParam(ctx));
    },
  );
  router.put(
    '/api/admin/recipes/:id',
    requirePermission('manageRecipes'),
    knownRecipe,
    handle({ body: RecipeSchema }, async (ctx, { body }) => {
      ctx.body = await recipes.updateRecipe(deps.prisma, idParam(ctx), body);
    }),
  );
  router.delete(
    '/api/admin/recipes/:id',
    requirePermission('manageRecipes'),
    knownRecipe,
    async (ctx) => {
      await recipes.deleteRecipe(deps.prisma, idParam(ctx));
      ctx.body = { success: true };
    },
  );
  router.post(
    '/api/admin/recipes/:id/ingredients',
    requirePermission('manageRecipes'),
    knownRecipe,
    handle({ body: RecipeIngredientSchema }, async (ctx, { body }) => {
      ctx.status = 201;
      ctx.body = await recipes.addRecipeLine(deps.prisma, idParam(ctx), checkIngredientId(body));
    }),
  );
  router.put(
    '/api/admin/recipes/:id/ingredients/:lineId',
    requirePermission('manageRecipes'),
    knownRecipe,
    knownLine,
    handle({ body: RecipeIngredientSchema }, async (ctx, { body }) => {
      ctx.body = await recipes.updateRecipeLine(
        deps.prisma,
        idParam(ctx),
        idParam(ctx, 'lineId'),
        checkIngredientId(body),
      );
    }),
  );
  router.delete(
    '/api/admin/recipes/:id/ingredients/:lineId',
    requirePermission('manageRecipes'),
    knownRecipe,
    knownLine,
    async (ctx) => {
      ctx.body = await recipes.removeRecipeLine(deps.prisma, idParam(ctx), idParam(ctx, 'lineId'));
    },
  );
  return router;
}
