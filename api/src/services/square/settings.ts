// Square's settings, read from the environment. Payment is configured when
// both SQUARE_ACCESS_TOKEN and SQUARE_LOCATION_ID are set; the webhook also
// needs SQUARE_WEBHOOK_SIGNATURE_KEY and SQUARE_WEBHOOK_URL (the exact URL
// registered with Square, which the signature covers).
import { parseEnv, squareSettingsOf } from '../../config.js';
export type { SquareSettings } from '../../settings.js';
import type { SquareSettings } from '../../settings.js';

/** The Square settings, or null when the shop runs without card payment (config.ts checks the values). */
export function readSquareSettings(env: NodeJS.ProcessEnv): SquareSettings | null {
  return squareSettingsOf(parseEnv(env));
}
