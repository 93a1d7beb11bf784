// Logging with pino: one JSON line per entry on stdout ({ level, time,
// message, ...fields }), ready for any log collector. A per-request child
// logger carries the request id. Fields that could hold a secret or a
// message body (passwords, tokens, reset links, mail text) are redacted
// wherever they appear; request paths are logged through safePath().
// Tests pass `level: 'error'` (or 'silent') to keep their output quiet.
import pino from 'pino';
import type { LogLevel } from '../config.js';
import type { Logger } from './contracts.js';

export type { LogLevel };

const REDACTED_KEYS = ['password', 'token', 'resetUrl', 'text', 'html', 'cookie', 'authorization'];

/** A path as logged: the token of a mailed link (/reset-password/<token>, e-mail change) is never written. */
export function safePath(path: string): string {
  return path.replace(
    /(\/(?:reset-password|confirm-email|undo-email-change)\/)[^/?#]+/i,
    '$1[token]',
  );
}

interface PinoLike {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
  child(bindings: Record<string, unknown>): PinoLike;
}

function wrap(logger: PinoLike): Logger {
  return {
    info: (message, fields) => logger.info(fields ?? {}, message),
    warn: (message, fields) => logger.warn(fields ?? {}, message),
    error: (message, fields) => logger.error(fields ?? {}, message),
    child: (bindings) => wrap(logger.child(bindings)),
  };
}

export interface LoggerOptions {
  level?: LogLevel;
  /** Receives each line instead of stdout (tests). */
  write?: (line: string) => void;
}

let flushers: Array<() => void> = [];

/** Writes out buffered log lines (call before process.exit). */
export function flushLogs(): void {
  for (const flush of flushers) flush();
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const settings: pino.LoggerOptions = {
    level: options.level ?? 'info',
    base: undefined,
    messageKey: 'message',
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: {
      paths: [...REDACTED_KEYS, ...REDACTED_KEYS.map((key) => `*.${key}`)],
      censor: '[redacted]',
    },
  };
  if (options.write) {
    const write = options.write;
    return wrap(pino(settings, { write: (line: string) => write(line.trimEnd()) }));
  }
  // Asynchronous writes to stdout (sonic-boom batches lines while a write is in flight); flushed at exit.
  const destination = pino.destination({ dest: 1, sync: false });
  flushers.push(() => {
    try {
      destination.flushSync();
    } catch {
      // not ready yet, or already closed
    }
  });
  if (flushers.length === 1) process.once('exit', flushLogs);
  return wrap(pino(settings, destination));
}

/** For tests that replace every logger. */
export function resetLogFlushers(): void {
  flushers = [];
}
