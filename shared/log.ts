/**
 * Structured JSON logs through Powertools for AWS Lambda's Logger (service name, Lambda context fields,
 * sampling, the level from LOG_LEVEL). API keys never reach this module: callers log the key's hash id
 * at most. LOG_LEVEL=silent mutes it (tests); debug < info < warn < error.
 */
import { Logger } from '@aws-lambda-powertools/logger';

type Level = 'debug' | 'info' | 'warn' | 'error';

let instance: Logger | undefined;
let level = '';

/** The process's logger, following LOG_LEVEL as it changes (tests switch it). @example logger().info('x') */
export function logger(): Logger {
  const wanted = (process.env.LOG_LEVEL ?? 'info').toUpperCase();
  instance ??= new Logger({ serviceName: 'travel-data-api' });
  if (wanted !== level) {
    level = wanted;
    instance.setLogLevel(
      (['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT'].includes(wanted) ? wanted : 'INFO') as 'INFO',
    );
  }
  return instance;
}

/** @example log('info', 'request', { path: '/health', status: 200 }) */
export function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  logger()[level](message, fields);
}
