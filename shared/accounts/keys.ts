/**
 * An account's keys: named, capped per account and per day, shown once, stored as hashes, usable at once,
 * made and removed at the edge too; rotated, revoked, moved to another tier, and stopped when the account
 * is deleted.
 */
import { utcDay } from '../dates.ts';
import { hashKey } from '../hash.ts';
import type { DayUsage, Tier, Account, AccountKey } from '../store/types.ts';
import { newApiKey, verifyPassword } from './crypto.ts';
import { AccountError, iso, KEY_CAP, KEYS_PER_DAY, windowOf, type Services } from './service.ts';
import { keyView } from './usage.ts';
function newKey(name: string, tier: Tier): { key: string; meta: AccountKey } {
  const key = newApiKey();
  const keyId = hashKey(key);
  return {
    key,
    meta: { id: keyId.slice(0, 16), keyId, name, prefix: key.slice(0, 8), tier, createdAt: Date.now() },
  };
}

/** The gateway's name of an account key: who it belongs to, by ids only. */
const gatewayName = (account: Account, key: AccountKey) => `account-${account.id}-${key.id}`;

async function makeUsable(s: Services, account: Account, key: AccountKey): Promise<void> {
  await s.store.enableKey({
    keyId: key.keyId,
    tier: key.tier,
    name: key.name,
    accountId: account.id,
    ...(key.gatewayId ? { gatewayId: key.gatewayId } : {}),
  });
}

async function retire(s: Services, key: AccountKey): Promise<void> {
  await s.store.disableKey(key.keyId);
  if (key.gatewayId) await s.gateway.remove(key.gatewayId, key.tier);
}

/**
 * A new named key on the account's tier, made at the edge and in the table, usable at once.
 * @example const { key } = await createKey(services, account, 'production')
 */
export async function createKey(s: Services, account: Account, name: string) {
  const full = () =>
    new AccountError('KEY_LIMIT_REACHED', `An account may hold ${KEY_CAP} live keys: revoke one first.`);
  if (account.keys.filter((k) => !k.revokedAt).length >= KEY_CAP) throw full();
  await countCreation(s, account);
  const { key, meta } = newKey(name, account.tier);
  const gatewayId = await s.gateway.create(gatewayName(account, meta), key, meta.tier);
  if (gatewayId) meta.gatewayId = gatewayId;
  // The cap is checked again in the store's conditional write: two creations at once cannot pass it.
  if ((await s.store.addKey(account.id, meta, KEY_CAP)) === 'cap') {
    if (gatewayId) await s.gateway.remove(gatewayId, meta.tier);
    throw full();
  }
  await makeUsable(s, account, meta);
  return { key, ...keyView(meta, []) };
}

/** Counts a creation toward the account's daily cap, refusing past it (revoked keys count too). */
async function countCreation(s: Services, account: Account): Promise<void> {
  const now = Date.now();
  const day = windowOf(now, 86_400_000);
  const subject = `keys-created:${account.id}`;
  const refuse = () => {
    const retryAfter = Math.max(1, Math.ceil((day + 86_400_000 - now) / 1000));
    return new AccountError(
      'DAILY_KEY_LIMIT_REACHED',
      `An account may create ${KEYS_PER_DAY} keys a UTC day, revoked ones included: try again after 00:00 UTC ` +
        `(in ${Math.ceil(retryAfter / 3600)} h), or rotate a key, which keeps its count for the day.`,
      { 'Retry-After': String(retryAfter) },
    );
  };
  if ((await s.store.attempts(subject, day)) >= KEYS_PER_DAY) throw refuse();
  // Counted in one atomic write; two creations at once cannot both take the last one.
  if ((await s.store.addAttempt(subject, day, 86_400_000)) > KEYS_PER_DAY) throw refuse();
}

function liveKey(account: Account, id: string): AccountKey {
  const key = account.keys.find((k) => k.id === id);
  if (!key) throw new AccountError('KEY_NOT_FOUND', `This account has no key ${id}.`);
  if (key.revokedAt)
    throw new AccountError('KEY_ALREADY_REVOKED', `The key ${key.name} (${id}) is revoked already.`);
  return key;
}

function changeFailed(change: 'missing' | 'revoked already', id: string): AccountError {
  return change === 'missing'
    ? new AccountError('KEY_NOT_FOUND', `This account has no key ${id}.`)
    : new AccountError('KEY_ALREADY_REVOKED', `The key ${id} is revoked already.`);
}

/** @example await revokeKey(services, account, '0123456789abcdef') */
export async function revokeKey(s: Services, account: Account, id: string) {
  const key = liveKey(account, id);
  const at = Date.now();
  const change = await s.store.revokeKey(account.id, id, at);
  if (change !== 'done') throw changeFailed(change, id);
  await retire(s, key);
  return { id, status: 'revoked' as const, revoked_at: iso(at) };
}

/** A new key of the same name in place of a live one, which is revoked. @example await rotateKey(services, account, id) */
export async function rotateKey(s: Services, account: Account, id: string) {
  const old = liveKey(account, id);
  const { key, meta } = newKey(old.name, account.tier);
  const gatewayId = await s.gateway.create(gatewayName(account, meta), key, meta.tier);
  if (gatewayId) meta.gatewayId = gatewayId;
  const change = await s.store.replaceKey(account.id, id, meta, Date.now());
  if (change !== 'done') {
    if (gatewayId) await s.gateway.remove(gatewayId, meta.tier);
    throw changeFailed(change, id);
  }
  // The old key stops first, then its day's count moves to the new one before it works: a rotation
  // never gives a day more quota.
  await retire(s, old);
  const { day } = utcDay(new Date());
  const today = (await s.counters.usage([old.keyId], [day])).get(old.keyId)?.[0]?.count ?? 0;
  await s.counters.inherit(meta.keyId, day, today);
  await makeUsable(s, account, meta);
  const usage: DayUsage[] = today ? [{ day, count: today, endpoints: {}, inherited: today }] : [];
  return { key, replaces: id, ...keyView(meta, usage) };
}

/** Operators: moves an account and its live keys to another tier (`npm run keys -- plan`). */
export async function setPlan(s: Services, account: Account, tier: Tier): Promise<void> {
  for (const key of account.keys.filter((k) => !k.revokedAt)) {
    if (key.gatewayId) await s.gateway.move(key.gatewayId, key.tier, tier);
    await makeUsable(s, account, { ...key, tier });
  }
  await s.store.setTier(account.id, tier);
}

/**
 * Deletes the account after checking its password: every key stops (in the table and at the gateway), then
 * the account and its email claim go.
 * @example await deleteAccount(services, account, password)
 */
export async function deleteAccount(
  s: Services,
  account: Account,
  password: string,
  { checkOnly = false }: { checkOnly?: boolean } = {},
): Promise<string> {
  if (!(await verifyPassword(password, account.passwordHash)))
    throw new AccountError('INVALID_CREDENTIALS', 'The password is wrong: the account is kept.');
  // The dashboard checks the password before it asks for the irreversible confirmation (issue #40).
  if (checkOnly) return 'The password is right: confirm to delete the account.';
  for (const key of account.keys.filter((k) => !k.revokedAt)) {
    await s.store.revokeKey(account.id, key.id, Date.now());
    await retire(s, key);
  }
  await s.store.deleteAccount(account.id);
  return 'Your account and its keys are deleted.';
}
