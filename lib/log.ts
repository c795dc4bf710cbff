import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { REDACTED, redact, SECRET_FIELD_NAMES } from './redact';

/**
 * Structured JSON logs. Every argument and every child binding passes through `redact`
 * (lib/redact.ts) before pino sees it, so no x-api-key header, cookie, password or registered
 * secret can be written, whatever a caller logs — including an Error whose message holds one.
 */
function loggerOptions(level = process.env.LOG_LEVEL ?? 'info'): LoggerOptions {
  return {
    level,
    base: { service: 'annuity-console' },
    timestamp: pino.stdTimeFunctions.isoTime,
    // Child bindings bypass the hook below; pino's own path redaction covers their top level.
    redact: { paths: SECRET_FIELD_NAMES.map((name) => `["${name}"]`), censor: REDACTED },
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map((arg) => redact(arg)) as Parameters<typeof method>);
      },
    },
  };
}

export function createLogger(destination?: DestinationStream, level?: string): Logger {
  return destination ? pino(loggerOptions(level), destination) : pino(loggerOptions(level));
}

const globalForLog = globalThis as typeof globalThis & { __annuityLogger?: Logger };

export const logger: Logger = globalForLog.__annuityLogger ?? createLogger();
globalForLog.__annuityLogger = logger;

/** A child logger bound to one inbound request, so every line of that request carries its id. */
export function requestLogger(requestId: string, bindings: Record<string, unknown> = {}): Logger {
  return logger.child({ requestId, ...bindings });
}
