// The shapes of the server's settings, read from the environment by
// config.ts and used by the parts they configure. A module of types only, so
// config.ts and those parts never import each other.

/** A rate limit: at most `max` in `windowMs`. */
export interface Limit {
  max: number;
  windowMs: number;
}

/** A limit whose refusals last a growing delay: base, 2 x base, ... up to maxDelayMs. */
export interface LockoutLimit extends Limit {
  /** Default: the window. */
  baseDelayMs?: number;
  /** Default: one hour. */
  maxDelayMs?: number;
}

export interface RateLimits {
  loginPerEmail: LockoutLimit;
  loginPerEmailAndIp: LockoutLimit;
  loginPerIp: Limit;
  secondFactorPerUser: Limit;
  secondFactorPerSession: Limit;
  /** Failed sign-ins across all accounts (password spraying), for browsers not known to the account. */
  loginFailuresAll: Limit;
  signupPerIp: Limit;
  forgotPerEmail: Limit;
  forgotPerIp: Limit;
  orderPerIp: Limit;
  contactPerIp: Limit;
  confirmPerIp: Limit;
  /** Checkout holds of drops (issue 39): per account and per address. */
  holdPerUser: Limit;
  holdPerIp: Limit;
  /** "Tell me when it opens" (issue 39): per address and per drop. */
  notifyPerIp: Limit;
  notifyPerDrop: Limit;
  /** Self-service changes of an order (issue 39): per account. */
  selfServicePerUser: Limit;
}

/** Where mail goes: SMTP (nodemailer) and the sender. */
export interface MailSettings {
  /** nodemailer's SMTP options, or a connection URL (smtp://user:pass@host:port). */
  smtp: string | SmtpOptions;
  from: string;
}

export interface SmtpOptions {
  host: string;
  port: number;
  secure: boolean;
  auth?: { user: string; pass: string };
}

/** Text messages through Twilio. */
export interface SmsSettings {
  accountSid: string;
  authToken: string;
  /** The sending number (E.164) or a Messaging Service SID (MG…). */
  from: string;
  /** Another API host than Twilio's (tests); unset in production. */
  apiUrl?: string;
}

/** Card payments through Square. */
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
  /** The Square Terminal paired with the desk (SQUARE_TERMINAL_DEVICE_ID): card checkouts go to it. */
  terminalDeviceId?: string | undefined;
}
