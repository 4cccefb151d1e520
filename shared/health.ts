import type { Health } from './schemas/health.ts';
import { VERSION } from './version.ts';

/** @example healthBody('API v1 is running') */
export function healthBody(message: string): Health {
  return { status: 'healthy', message, version: VERSION, timestamp: new Date().toISOString() };
}
