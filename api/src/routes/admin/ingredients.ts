// Ingredients of the recipe costing (staff).
import Router from '@koa/router';
import { ROUTES } from '@bakery/core';
import type { AppDeps } from '../../deps.js';
import * as recipes from '../../services/recipes.js';
import { DONE, on } from '../on.js';
import { idParam, knownIds } from './shared.js';

export function adminIngredientsRouter(deps: AppDeps): Router {
  const router = new Router();
  const { prisma } = deps;
  const knownIngredient = { before: [knownIds('Ingredient not found')] };
  on(router, ROUTES.ingredients, () => recipes.listIngredients(prisma));
  on(router, ROUTES.createIngredient, (_, { body }) => recipes.createIngredient(prisma, body));
  on(router, ROUTES.updateIngredient, knownIngredient, (ctx, { body }) =>
    recipes.updateIngredient(prisma, idParam(ctx), body),
  );
  on(router, ROUTES.deleteIngredient, knownIngredient, async (ctx) => {
    await recipes.deleteIngredient(prisma, idParam(ctx));
    return DONE;
  });
  return router;
}
