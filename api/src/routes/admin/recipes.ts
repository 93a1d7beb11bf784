// Recipes, their ingredient lines and exact-decimal costing (staff).
import Router from '@koa/router';
import { RecipeIngredientSchema, RecipeSchema } from '@bakery/core';
import type { AppDeps } from '../../app.js';
import { requireStaff } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import * as recipes from '../../services/recipes.js';

export function adminRecipesRouter(deps: AppDeps): Router {
  const router = new Router();
  router.get('/api/admin/recipes', requireStaff, async (ctx) => {
    ctx.body = await recipes.listRecipes(deps.prisma);
  });
  router.post('/api/admin/recipes', requireStaff, validate(RecipeSchema, 'body'), async (ctx) => {
    ctx.status = 201;
    ctx.body = await recipes.createRecipe(deps.prisma, ctx.state.input);
  });
  router.get('/api/admin/recipes/:id', requireStaff, async (ctx) => {
    ctx.body = await recipes.getRecipe(deps.prisma, ctx.params.id!);
  });
  router.put('/api/admin/recipes/:id', requireStaff, validate(RecipeSchema, 'body'), async (ctx) => {
    ctx.body = await recipes.updateRecipe(deps.prisma, ctx.params.id!, ctx.state.input);
  });
  router.delete('/api/admin/recipes/:id', requireStaff, async (ctx) => {
    await recipes.deleteRecipe(deps.prisma, ctx.params.id!);
    ctx.body = { success: true };
  });
  router.post('/api/admin/recipes/:id/ingredients', requireStaff, validate(RecipeIngredientSchema, 'body'), async (ctx) => {
    ctx.status = 201;
    ctx.body = await recipes.addRecipeLine(deps.prisma, ctx.params.id!, ctx.state.input);
  });
  router.put('/api/admin/recipes/:id/ingredients/:lineId', requireStaff, validate(RecipeIngredientSchema, 'body'), async (ctx) => {
    ctx.body = await recipes.updateRecipeLine(deps.prisma, ctx.params.id!, ctx.params.lineId!, ctx.state.input);
  });
  router.delete('/api/admin/recipes/:id/ingredients/:lineId', requireStaff, async (ctx) => {
    ctx.body = await recipes.removeRecipeLine(deps.prisma, ctx.params.id!, ctx.params.lineId!);
  });
  return router;
}
