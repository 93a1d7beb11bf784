// Recipes, their ingredient lines and exact-decimal costing (staff).
import Router from '@koa/router';
import { isUuid, ROUTES } from '@bakery/core';
import type { AppDeps } from '../../deps.js';
import * as recipes from '../../services/recipes.js';
import { notFound } from '../../errors.js';
import { DONE, on } from '../on.js';
import { idParam, knownIds } from './shared.js';

/** The body's ingredientId (when given) must name an ingredient: a malformed one is a 404 like an unknown one. */
function checkIngredientId<T extends { ingredientId?: unknown }>(line: T): T {
  if (line.ingredientId !== undefined && !isUuid(line.ingredientId))
    throw notFound('Ingredient not found');
  return line;
}

export function adminRecipesRouter(deps: AppDeps): Router {
  const router = new Router();
  const { prisma } = deps;
  const knownRecipe = knownIds('Recipe not found');
  const knownLine = knownIds('Recipe ingredient not found', 'lineId');

  on(router, ROUTES.recipes, () => recipes.listRecipes(prisma));
  on(router, ROUTES.createRecipe, (_, { body }) => recipes.createRecipe(prisma, body));
  on(router, ROUTES.recipe, { before: [knownRecipe] }, (ctx) =>
    recipes.getRecipe(prisma, idParam(ctx)),
  );
  on(router, ROUTES.updateRecipe, { before: [knownRecipe] }, (ctx, { body }) =>
    recipes.updateRecipe(prisma, idParam(ctx), body),
  );
  on(router, ROUTES.deleteRecipe, { before: [knownRecipe] }, async (ctx) => {
    await recipes.deleteRecipe(prisma, idParam(ctx));
    return DONE;
  });
  on(router, ROUTES.addRecipeLine, { before: [knownRecipe] }, (ctx, { body }) =>
    recipes.addRecipeLine(prisma, idParam(ctx), checkIngredientId(body)),
  );
  on(router, ROUTES.updateRecipeLine, { before: [knownRecipe, knownLine] }, (ctx, { body }) =>
    recipes.updateRecipeLine(prisma, idParam(ctx), idParam(ctx, 'lineId'), checkIngredientId(body)),
  );
  on(router, ROUTES.removeRecipeLine, { before: [knownRecipe, knownLine] }, (ctx) =>
    recipes.removeRecipeLine(prisma, idParam(ctx), idParam(ctx, 'lineId')),
  );
  return router;
}
