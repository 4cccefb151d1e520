/**
 * Structured JSON logs through Powertools for AWS Lambda's Logger (service name, Lambda context fields,
 * sampling, the level from LOG_LEVEL). API keys never reach this module: callers log the key's hash id
 * at most. LOG_LEVEL=silent mutes it (tests); debug < info < warn < error.
 */
import { Logger } from '@aws-lambda-powertools/logger';

type Level = 'debug' | 'info' | 'warn' | 'error';

const RANKS: Record<string, number> = { DEBUG: 8, INFO: 12, WARN: 16, ERROR: 20, SILENT: 28 };

let instance: Logger | undefined;
let level = '';
let rawLevel: string | undefined;
let threshold = RANKS.INFO!;

/** Follows LOG_LEVEL as it changes (tests switch it); the parsing runs only when the text changed. */
function current(): void {
  const raw = process.env.LOG_LEVEL;
  if (raw === rawLevel && instance) return;
  rawLevel = raw;
  const wanted = (raw ?? 'info').toUpperCase();
  instance ??= new Logger({ serviceName: 'travel-data-api' });
  if (wanted !== level) {
    level = wanted;
    const known = wanted in RANKS ? wanted : 'INFO';
    threshold = RANKS[known]!;
    instance.setLogLevel(known as 'INFO');
  }
}

/** The process's logger, following LOG_LEVEL as it changes (tests switch it). @example logger().info('x') */
export function logger(): Logger {
  current();
  return instance!;
}

/**
 * Whether a line at `level` would be printed: callers skip building the fields of a line nobody sees.
 * @example if (logs('debug')) log('debug', 'detail', expensiveFields());
 */
export function logs(level: Level): boolean {
  current();
  return RANKS[level.toUpperCase()]! >= threshold;
}

/** @example log('info', 'request', { path: '/health', status: 200 }) */
export function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  // Below the level nothing is formatted: Powertools reads the environment for every line it is given.
  if (!logs(level)) return;
  instance![level](message, fields);
}
