// Square's settings, read from the environment. Payment is configured when
// both SQUARE_ACCESS_TOKEN and SQUARE_LOCATION_ID are set; the webhook also
// needs SQUARE_WEBHOOK_SIGNATURE_KEY and SQUARE_WEBHOOK_URL (the exact URL
// registered with Square, which the signature covers).

export interface SquareSettings {
  accessToken: string;
  locationId: string;
  environment: 'sandbox' | 'production';
  /** Overrides the environment's host (tests point it at a local fake). */
  baseUrl: string | undefined;
  webhookSignatureKey: string | undefined;
  webhookUrl: string | undefined;
  /** Square's checkout page offers a tip (on unless SQUARE_ALLOW_TIPPING is false). */
  allowTipping: boolean;
}

function blank(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/** Off only for an explicit false/0/no/off, so a typo never silently disables a default. */
function flag(value: string | undefined, fallback: boolean): boolean {
  const text = blank(value)?.toLowerCase();
  if (text === undefined) return fallback;
  if (['0', 'false', 'no', 'off'].includes(text)) return false;
  return true;
}

/** The Square settings, or null when the shop runs without card payment. */
export function readSquareSettings(env: NodeJS.ProcessEnv): SquareSettings | null {
  const accessToken = blank(env.SQUARE_ACCESS_TOKEN);
  const locationId = blank(env.SQUARE_LOCATION_ID);
  if (!accessToken || !locationId) return null;
  const environment =
    blank(env.SQUARE_ENVIRONMENT)?.toLowerCase() === 'production' ? 'production' : 'sandbox';
  return {
    accessToken,
    locationId,
    environment,
    baseUrl: blank(env.SQUARE_BASE_URL)?.replace(/\/+$/, ''),
    webhookSignatureKey: blank(env.SQUARE_WEBHOOK_SIGNATURE_KEY),
    webhookUrl: blank(env.SQUARE_WEBHOOK_URL),
    allowTipping: flag(env.SQUARE_ALLOW_TIPPING, true),
  };
}
