/** The one hash of API keys: what the key stores, the auth middleware, the accounts and the key tool share. */
import { hash } from 'node:crypto';

/**
 * The one-shot `crypto.hash` (UTF-8 in, hex out), the same digest as a `createHash` object at a fifth of its
 * cost: the auth middleware hashes the key on every call.
 * @example hashKey('secret') // 64 hex chars; the only form in which a key is stored or logged
 */
export function hashKey(key: string): string {
  return hash('sha256', key, 'hex');
}
