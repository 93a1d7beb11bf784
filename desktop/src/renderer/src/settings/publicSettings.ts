// The query key of GET /api/settings: the dashboard loads the shop's settings
// into core with it, and the Settings tab refreshes it after a save.
import { ROUTES } from '@bakery/core';

export const PUBLIC_SETTINGS_KEY = [ROUTES.settings.path] as const;
