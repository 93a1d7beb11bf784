// The outside services the owner connects from Settings (issue 38): Square
// for card payments, SMTP for mail, Twilio for texts. The API stores each
// secret encrypted and never answers it: a view says only whether a service
// is connected, from where (the server's environment wins over Settings) and
// how its secret ends. Changing or removing a connection takes the owner's
// password or an authenticator code (`confirm`).
import { z } from 'zod';

export const INTEGRATION_SERVICES = ['square', 'mail', 'sms'] as const;
export type IntegrationService = (typeof INTEGRATION_SERVICES)[number];

/** Where a service's settings come from: the environment (wins), Settings, or nowhere. */
export type IntegrationSource = 'environment' | 'settings' | 'none';

interface ConnectionViewBase {
  source: IntegrationSource;
  connected: boolean;
  /** The last four characters of the secret (token, password), or null. */
  secretEnding: string | null;
  /** "Connected, token ends in …4f2a" or "Not connected": the line the screen shows. */
  summary: string;
  updatedAt: string | null;
  updatedBy: string | null;
}

export interface SquareConnectionView extends ConnectionViewBase {
  environment: 'sandbox' | 'production' | null;
  locationId: string | null;
  /**
   * Issue 42: the Square Terminal card checkouts go to (`device:…`), and
   * where it comes from: SQUARE_TERMINAL_DEVICE_ID (wins) or Settings.
   */
  terminalDeviceId: string | null;
  terminalSource: IntegrationSource;
  /**
   * The webhook: the URL to give Square (its signature covers it) and where
   * the signature key comes from (the environment's wins; never the key itself).
   */
  webhookUrl: string | null;
  webhookKey: IntegrationSource;
}

export interface MailConnectionView extends ConnectionViewBase {
  host: string | null;
  port: number | null;
  secure: boolean | null;
  user: string | null;
  from: string | null;
}

export interface SmsConnectionView extends ConnectionViewBase {
  accountSid: string | null;
  from: string | null;
}

export interface IntegrationsView {
  square: SquareConnectionView;
  mail: MailConnectionView;
  sms: SmsConnectionView;
}

export interface IntegrationTestResult {
  ok: boolean;
  message: string;
}

export const INTEGRATION_MESSAGES = {
  confirm: 'Enter your password (or an authenticator code) to change a connection.',
  fromEnvironment:
    "Set by the server's environment variables, which win over Settings: change them there.",
  notConnected: 'Not connected',
  connected: (what: string, ending: string | null) =>
    ending ? `Connected, ${what} ends in …${ending}` : 'Connected',
  secretMissing: (what: string) => `Enter the ${what}`,
  squareOk: (name: string, environment: string) =>
    `Square answered: location "${name}" (${environment}).`,
  squareUnauthorized: 'Square refused the access token. Check that it is for this environment.',
  squareNoLocation: 'Square does not know this location ID for this access token.',
  squareDown: 'Square did not answer. Check the connection and try again.',
  mailOk: (to: string) => `Test mail sent to ${to}. Check that it arrived.`,
  mailFailed: (reason: string) => `The mail server refused the test mail: ${reason}`,
  smsOk: (to: string) => `Test text sent to ${to}.`,
  smsFailed: (reason: string) => `Twilio refused the test text: ${reason}`,
  smsTo: 'Enter a US mobile number to text',
  saved: 'Saved. It is in use from now on.',
  removed: 'Disconnected.',
} as const;

const confirmField = z.string().max(200).optional();
/** A secret field: left empty, the stored one is kept. */
const secretField = (max: number) => z.string().trim().max(max).optional();

export const SquareConnectionFieldsSchema = z.object({
  accessToken: secretField(500),
  locationId: z
    .string()
    .trim()
    .min(1, 'Enter the location ID')
    .max(100, 'The location ID is at most 100 characters'),
  environment: z.enum(['sandbox', 'production']),
  /** Square's webhook signature key: payments confirmed by Square's events. Empty keeps the saved one. */
  webhookSignatureKey: secretField(200),
  /** Issue 42: the paired Square Terminal (Square's Devices list gives it); empty: none. */
  terminalDeviceId: z
    .string()
    .trim()
    .max(100, 'The Terminal device ID is at most 100 characters')
    .regex(
      /^[A-Za-z0-9:_-]*$/,
      'The Terminal device ID is letters, digits, colons and dashes, such as device:995CS397A6475287',
    )
    .optional(),
});
export const SquareConnectionSchema = SquareConnectionFieldsSchema.extend({
  confirm: confirmField,
});

export const MailConnectionFieldsSchema = z.object({
  host: z
    .string()
    .trim()
    .min(1, "Enter the mail server's host name")
    .max(255, 'The host name is at most 255 characters'),
  port: z.coerce
    .number()
    .int('Enter the port as a whole number')
    .min(1, 'Enter a port between 1 and 65535')
    .max(65535, 'Enter a port between 1 and 65535'),
  /** TLS from the start (port 465); otherwise STARTTLS when the server offers it. */
  secure: z.boolean(),
  user: z.string().trim().max(255, 'The user name is at most 255 characters').optional(),
  password: secretField(500),
  from: z
    .string()
    .trim()
    .min(3, 'Enter the address mail is sent from')
    .max(255, 'The sender is at most 255 characters'),
});
export const MailConnectionSchema = MailConnectionFieldsSchema.extend({ confirm: confirmField });
export const MailTestSchema = MailConnectionFieldsSchema.extend({
  /** Default: the owner's own address. */
  to: z.string().trim().email('Enter the address to send the test mail to').optional(),
});

export const SmsConnectionFieldsSchema = z.object({
  accountSid: z
    .string()
    .trim()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'The account SID is AC followed by 32 letters and digits'),
  authToken: secretField(200),
  from: z
    .string()
    .trim()
    .regex(
      /^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/,
      'Enter the sending number as +1 and ten digits, or a Messaging Service SID (MG…)',
    ),
});
export const SmsConnectionSchema = SmsConnectionFieldsSchema.extend({ confirm: confirmField });
export const SmsTestSchema = SmsConnectionFieldsSchema.extend({
  to: z.string().trim().min(10, INTEGRATION_MESSAGES.smsTo).max(30, INTEGRATION_MESSAGES.smsTo),
});

export const IntegrationServiceParam = z.object({ service: z.enum(INTEGRATION_SERVICES) });
export const IntegrationRemoveSchema = z.object({ confirm: confirmField });

export type SquareConnectionInput = z.infer<typeof SquareConnectionSchema>;
export type MailConnectionInput = z.infer<typeof MailConnectionSchema>;
export type SmsConnectionInput = z.infer<typeof SmsConnectionSchema>;
export type MailTestInput = z.infer<typeof MailTestSchema>;
export type SmsTestInput = z.infer<typeof SmsTestSchema>;

/** The last four characters of a secret, for "ends in …". */
export const secretEnding = (secret: string | null | undefined): string | null =>
  secret && secret.length >= 8 ? secret.slice(-4) : null;
