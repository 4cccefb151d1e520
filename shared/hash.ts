/** The one hash of API keys: what the key stores, the auth middleware, the accounts and the key tool share. */
import { createHash } from 'node:crypto';

/** @example hashKey('secret') // 64 hex chars; the only form in which a key is stored or logged */
export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}
