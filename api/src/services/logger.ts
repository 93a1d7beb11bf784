// One JSON line per log entry on stdout (errors on stderr), ready for any log
// collector. Tests pass `level: 'error'` to keep their output quiet.
import type { Logger } from './contracts.js';

const LEVELS = { info: 10, warn: 20, error: 30, silent: 99 } as const;
export type LogLevel = keyof typeof LEVELS;

export function createLogger(
  options: { level?: LogLevel; write?: (line: string, level: LogLevel) => void } = {},
): Logger {
  const threshold = LEVELS[options.level ?? 'info'];
  const write =
    options.write ??
    ((line: string, level: LogLevel) =>
      (level === 'error' ? process.stderr : process.stdout).write(line + '\n'));
  const entry =
    (level: 'info' | 'warn' | 'error') => (message: string, fields?: Record<string, unknown>) => {
      if (LEVELS[level] < threshold) return;
      write(JSON.stringify({ time: new Date().toISOString(), level, message, ...fields }), level);
    };
  return { info: entry('info'), warn: entry('warn'), error: entry('error') };
}
