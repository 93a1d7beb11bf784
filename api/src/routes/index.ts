// Every router of the API, in one list: the customer side, the staff side and
// Square. app.ts mounts them in this order.
import type Router from '@koa/router';
import type { AppDeps } from '../deps.js';
import { healthRouter } from './health.js';
import { configRouter } from './config.js';
import { settingsRouter } from './settings.js';
import { menuRouter } from './menu.js';
import { authRouter } from './auth.js';
import { userRouter } from './user.js';
import { accountSecurityRouter } from './accountSecurity.js';
import { secondFactorRouter } from './secondFactor.js';
import { ordersRouter } from './orders.js';
import { standingRouter } from './standing.js';
import { kitchenRouter } from './kitchen.js';
import { dropsRouter } from './drops.js';
import { reviewsRouter } from './reviews.js';
import { contactRouter } from './contact.js';
import { squareRouter } from './square.js';
import { callRateLimit } from '../middleware/rateLimit.js';
import { adminAccessRouter } from './admin/access.js';
import { adminOrdersRouter } from './admin/orders.js';
import { adminCounterRouter } from './admin/counter.js';
import { adminStatsRouter } from './admin/stats.js';
import { adminUsersRouter } from './admin/users.js';
import { adminReviewsRouter } from './admin/reviews.js';
import { adminRecipesRouter } from './admin/recipes.js';
import { adminIngredientsRouter } from './admin/ingredients.js';
import { adminExportsRouter } from './admin/exports.js';
import { adminMailRouter } from './admin/mail.js';
import { adminUpkeepRouter } from './admin/upkeep.js';
import { adminAllergensRouter } from './admin/allergens.js';
import { adminSettingsRouter } from './admin/settings.js';
import { adminIntegrationsRouter } from './admin/integrations.js';
import { adminMenuImagesRouter } from './admin/menuImages.js';
import { adminMenuRouter } from './admin/menu.js';

export function routers(deps: AppDeps): Router[] {
  return [
    healthRouter(deps),
    configRouter(deps),
    settingsRouter(),
    menuRouter(),
    authRouter(deps),
    userRouter(deps),
    accountSecurityRouter(deps),
    secondFactorRouter(deps),
    ordersRouter(deps),
    standingRouter(deps),
    kitchenRouter(deps),
    dropsRouter(deps),
    reviewsRouter(deps),
    contactRouter(deps),
    squareRouter({
      ...deps,
      confirmRateLimit: callRateLimit(
        deps,
        'confirm',
        'Too many payment checks from this address. Please try again later.',
      ),
    }),
    adminAccessRouter(deps),
    adminOrdersRouter(deps),
    adminCounterRouter(deps),
    adminStatsRouter(deps),
    adminUsersRouter(deps),
    adminReviewsRouter(deps),
    adminRecipesRouter(deps),
    adminIngredientsRouter(deps),
    adminExportsRouter(deps),
    adminMailRouter(deps),
    adminUpkeepRouter(deps),
    adminAllergensRouter(deps),
    adminSettingsRouter(deps),
    adminIntegrationsRouter(deps),
    adminMenuImagesRouter(deps),
    adminMenuRouter(deps),
  ];
}
