/**
 * The rules of accounts, whatever the store: sign-up that never tells whether an email is registered,
 * verification by a mailed link, sign-in throttled per account and per address, sessions, and keys (named,
 * capped per account, shown once, stored as hashes, usable at once, made and removed at the edge too).
 */
import { randomUUID } from 'node:crypto';
import { ROUTE_OF_CODE } from '../http/daily-quota.ts';
import { routes, type RouteId } from '../routes/index.ts';
import { addDays, utcDay } from '../dates.ts';
import { hashKey } from '../hash.ts';
import { dailyQuota, HISTORY_DAYS, Tier, type CounterStore, type DayUsage } from '../store/types.ts';
import {
  decoyHash,
  hashPassword,
  newApiKey,
  passwordWeakness,
  randomToken,
  sha256,
  verifyPassword,
} from './crypto.ts';
import type { KeyGateway } from './gateway.ts';
import type { Mailer } from './mailer.ts';
import type { MailJob, Outbox } from './outbox.ts';
import type { KeyView } from './model.ts';
import type { Account, AccountKey, AccountStore } from './store.ts';

/** Live keys an account may hold at once. */
export const KEY_CAP = 10;
/**
 * Keys an account may create in a UTC day, revoked ones included: no more than it may hold at once, so
 * creating, exhausting and revoking keys never gives a day more quota than KEY_CAP live keys have.
 * (A rotation is no creation: the new key inherits its predecessor's count for the day.)
 */
export const KEYS_PER_DAY = KEY_CAP;
/** A password-reset link works this long. */
export const RESET_MS = 3600_000;
/** A session lasts this long from sign-in. */
export const SESSION_MS = 12 * 3600_000;
/** A verification link works this long. */
export const VERIFY_MS = 24 * 3600_000;
/** An account never verified is forgotten after this long (its email can then be signed up again). */
export const UNVERIFIED_MS = 7 * 86_400_000;
/**
 * Sign-in throttling, in sliding windows (any 15 minutes, not the clock's quarter hours). A browser that
 * signed in to an account before carries its device cookie (OWASP's "device cookies"): for that account it
 * is trusted, and only its own failures limit it (SIGNIN_FAILURES_PER_DEVICE in the window, then it is
 * trusted no more until its oldest failure is 15 minutes old), so nobody else's failures ever delay the
 * owner's right password. Every other sign-in (a new browser, a stranger) is untrusted: an address that
 * failed SIGNIN_FAILURES_PER_PAIR times for one account is refused for that account, and one that failed
 * SIGNIN_FAILURES_PER_ADDRESS times for any accounts is refused for all; failures of untrusted sign-ins
 * for one account from any addresses slow that account's untrusted sign-ins down: from the
 * SIGNIN_FAILURES_PER_ACCOUNT-th in the window on, each next one waits 1 s, 2 s, 4 s… after the latest
 * failure, at most SIGNIN_MAX_DELAY_MS.
 */
export const SIGNIN_WINDOW_MS = 15 * 60_000;
export const SIGNIN_FAILURES_PER_PAIR = 5;
export const SIGNIN_FAILURES_PER_ACCOUNT = 5;
export const SIGNIN_FAILURES_PER_ADDRESS = 20;
export const SIGNIN_FAILURES_PER_DEVICE = 5;
export const SIGNIN_MAX_DELAY_MS = 60_000;
/** A device cookie is trusted this long after the sign-in that set it. */
export const DEVICE_MS = 180 * 86_400_000;
/** Sign-ups (and reset requests) per client address in any hour (each may send a mail). */
export const SIGNUPS_PER_ADDRESS = 20;
export const SIGNUP_WINDOW_MS = 3600_000;

/** The answer to every well-formed sign-up, whether or not the email was free. */
export const SIGNUP_MESSAGE =
  'If this address can be used, a verification link is on its way to it. Open the link, then sign in.';

/** A refusal of the account rules, by one of the route's declared codes. */
export class AccountError extends Error {
  readonly code: string;
  readonly headers: Record<string, string>;
  constructor(code: string, detail: string, headers: Record<string, string> = {}) {
    super(detail);
    this.name = 'AccountError';
    this.code = code;
    this.headers = headers;
  }
}

export interface Services {
  store: AccountStore;
  mailer: Mailer;
  gateway: KeyGateway;
  /** The daily counters: a rotated key inherits its predecessor's count for the day. */
  counters: CounterStore;
  /**
   * Where the work that depends on whether an email is registered goes, to run after the answer (see
   * outbox.ts); without one it runs before the answer (operators' commands, store tests).
   */
  outbox?: Outbox;
}

/** Hands a job to the outbox, or runs it now when there is none. */
const postJob = (s: Services, job: MailJob): Promise<void> =>
  s.outbox ? s.outbox.post(job) : runMailJob(s, job);

/**
 * What sign-up and forgot-password do for an email once answered: the account's links, mails and changes.
 * @example await runMailJob(services, { kind: 'forgot', email, base })
 */
export async function runMailJob(s: Services, job: MailJob): Promise<void> {
  if (job.kind === 'signup') await signUpLater(s, job);
  else await forgotLater(s, job);
}

const iso = (ms: number) => new Date(ms).toISOString();
const windowOf = (now: number, size: number) => Math.floor(now / size) * size;

/**
 * How long until `times` (oldest first) hold fewer than `limit` within the sliding `windowMs`: 0 when
 * they already do.
 */
const waitFor = (times: readonly number[], limit: number, windowMs: number, now: number): number =>
  times.length < limit ? 0 : times[times.length - limit]! + windowMs + 1 - now;

/** The wait the failures for one account impose, from any address: doubling from 1 s, at most the cap. */
function slowdownFor(times: readonly number[], now: number): number {
  const over = times.length - SIGNIN_FAILURES_PER_ACCOUNT;
  if (over < 0) return 0;
  return times.at(-1)! + Math.min(1000 * 2 ** over, SIGNIN_MAX_DELAY_MS) - now;
}

/** Records one request of `subject` and refuses it past `limit` in the sliding window. */
async function withinRate(s: Services, subject: string, limit: number, what: string): Promise<void> {
  const now = Date.now();
  const times = await s.store.record(subject, now, SIGNUP_WINDOW_MS);
  if (times.length > limit) throw tooMany(waitFor(times, limit, SIGNUP_WINDOW_MS, now), what);
}

function tooMany(waitMs: number, what: string): AccountError {
  const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
  return new AccountError('TOO_MANY_ATTEMPTS', `Too many ${what}: try again in ${retryAfter} s.`, {
    'Retry-After': String(retryAfter),
  });
}

async function mailVerification(
  s: Services,
  account: Pick<Account, 'id' | 'email'>,
  nonce: string,
  base: string,
) {
  const token = randomToken();
  await s.store.putVerification(sha256(token), account.id, nonce, Date.now() + VERIFY_MS);
  const link = `${base}/dashboard#verify=${token}`;
  await s.mailer.send({
    to: account.email,
    subject: 'Verify your email for travel-data-api',
    text: `Open this link within 24 hours to verify your email, then sign in:\n\n${link}\n\nIf you did not sign up, ignore this mail.`,
    link,
  });
}

/**
 * Signs up, or, for an address already registered, mails its owner instead: the answer is the same, and
 * as fast (the account and the mail are made after it, see outbox.ts).
 * @example await signUp(services, { email, password }, { base, address })
 */
export async function signUp(
  s: Services,
  { email, password }: { email: string; password: string },
  { base, address }: { base: string; address: string },
): Promise<string> {
  const weakness = passwordWeakness(password, email);
  if (weakness)
    throw new AccountError(
      'WEAK_PASSWORD',
      `The password is ${weakness}: use 12 or more characters, a phrase is best.`,
    );
  await withinRate(s, `signup-address:${sha256(address)}`, SIGNUPS_PER_ADDRESS, 'sign-ups from this address');
  // Hashed whatever happens next, so a registered address takes as long to answer as a new one.
  const passwordHash = await hashPassword(password);
  await postJob(s, { kind: 'signup', email, passwordHash, base });
  return SIGNUP_MESSAGE;
}

/** Sign-up's work after the answer: a new account and its link, or a notice to the address's owner. */
async function signUpLater(
  s: Services,
  { email, passwordHash, base }: { email: string; passwordHash: string; base: string },
): Promise<void> {
  const now = Date.now();
  const nonce = randomToken(16);
  const existing = await s.store.findByEmail(email);
  if (!existing) {
    const account: Account = {
      id: randomUUID(),
      email,
      passwordHash,
      verified: false,
      tier: 'free',
      createdAt: now,
      verifyNonce: nonce,
      keys: [],
    };
    if ((await s.store.createAccount(account, now + UNVERIFIED_MS)) === 'created') {
      await mailVerification(s, account, nonce, base);
      return;
    }
  } else if (!existing.verified) {
    // The latest sign-up's password wins, and only the link mailed for it verifies: whoever registered the
    // address first without owning it cannot keep it.
    await s.store.restartUnverified(existing.id, passwordHash, nonce, now + UNVERIFIED_MS);
    await mailVerification(s, existing, nonce, base);
    return;
  }
  await s.mailer.send({
    to: email,
    subject: 'Someone tried to sign up with your email',
    text: `This address already has a travel-data-api account. If that was you, sign in at ${base}/dashboard. Nothing was changed.`,
  });
}

/** @example await verify(services, token) */
export async function verify(s: Services, token: string): Promise<void> {
  const found = await s.store.takeVerification(sha256(token));
  if (!found || !(await s.store.markVerified(found.accountId, found.nonce)))
    throw new AccountError(
      'INVALID_TOKEN',
      'This verification link was used already, or is unknown or expired. If you verified your email with it, just sign in; otherwise sign up again for a new link.',
    );
}

/** Whether a device cookie is one this account set, and its own failures have not spent its trust. */
async function trustedDevice(
  s: Services,
  device: string | undefined,
  account: Account | undefined,
  now: number,
): Promise<boolean> {
  if (!device || !account) return false;
  const hash = sha256(device);
  const [owner, failures] = await Promise.all([
    s.store.getDevice(hash),
    s.store.recent(`signin-device:${hash}`, now - SIGNIN_WINDOW_MS),
  ]);
  return owner === account.id && failures.length < SIGNIN_FAILURES_PER_DEVICE;
}

/** What a sign-in opens: the session's cookie and CSRF token, and the device cookie to keep. */
export interface SignedInAnswer {
  token: string;
  csrf: string;
  account: Account;
  /** The device cookie's value: the one sent, when it was trusted; a new one otherwise. */
  device: string;
}

/**
 * Checks the password (as long for an unknown email as for a known one) under the throttles, and opens a
 * session. A browser with the account's device cookie is limited by its own failures only; any other by
 * the failures for the pair, the address and the account (see SIGNIN_WINDOW_MS). Only a right password
 * learns that an account is unverified.
 * @example const { token, csrf, device } = await signIn(services, { email, password }, address, deviceCookie)
 */
export async function signIn(
  s: Services,
  { email, password }: { email: string; password: string },
  address: string,
  device?: string,
): Promise<SignedInAnswer> {
  const now = Date.now();
  const account = await s.store.findByEmail(email);
  const trusted = await trustedDevice(s, device, account, now);
  const pair = `signin-pair:${sha256(`${email} ${address}`)}`;
  const byAddress = `signin-address:${sha256(address)}`;
  const byAccount = `signin-account:${sha256(email)}`;
  if (!trusted) {
    const [pairTimes, addressTimes, accountTimes] = await Promise.all(
      [pair, byAddress, byAccount].map((subject) => s.store.recent(subject, now - SIGNIN_WINDOW_MS)),
    );
    const refusals = [
      [
        waitFor(pairTimes!, SIGNIN_FAILURES_PER_PAIR, SIGNIN_WINDOW_MS, now),
        'failed sign-ins for this account from this address',
      ],
      [
        waitFor(addressTimes!, SIGNIN_FAILURES_PER_ADDRESS, SIGNIN_WINDOW_MS, now),
        'failed sign-ins from this address',
      ],
      [
        slowdownFor(accountTimes!, now),
        'failed sign-ins for this account from new browsers: it is slowed down (a browser that signed in before is not)',
      ],
    ] as const;
    for (const [waitMs, what] of refusals) if (waitMs > 0) throw tooMany(waitMs, what);
  }
  const matches = await verifyPassword(password, account?.passwordHash ?? (await decoyHash()));
  if (!account || !matches) {
    // A trusted browser's failures count against it (and its address), never against the account: they
    // cannot slow the account's other browsers down.
    const subjects = trusted
      ? [pair, byAddress, `signin-device:${sha256(device!)}`]
      : [pair, byAddress, byAccount];
    await Promise.all(subjects.map((subject) => s.store.record(subject, now, SIGNIN_WINDOW_MS)));
    throw new AccountError('INVALID_CREDENTIALS', 'The email or the password is wrong.');
  }
  if (!account.verified)
    throw new AccountError(
      'EMAIL_NOT_VERIFIED',
      'Verify your email first: open the link we mailed (sign up again for a new one).',
    );
  const token = randomToken();
  const csrf = randomToken();
  const kept = trusted ? device! : randomToken();
  await Promise.all([
    s.store.putSession(sha256(token), { accountId: account.id, csrf, expiresAt: Date.now() + SESSION_MS }),
    trusted ? undefined : s.store.putDevice(sha256(kept), account.id, Date.now() + DEVICE_MS),
  ]);
  return { token, csrf, account, device: kept };
}

/**
 * A day's per-endpoint counts by path: the counter keeps each route by its short code (so the item stays one
 * write unit); people know endpoints by their path. A count kept by a manifest id (before codes) reads too.
 * @example byPath({ [endpointCode('coordinatesLookup')]: 2 }) // { '/v1/meta/coordinates-lookup': 2 }
 */
export function byPath(counts: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, n] of Object.entries(counts)) {
    const route =
      ROUTE_OF_CODE.get(name) ?? (Object.hasOwn(routes, name) ? routes[name as RouteId] : undefined);
    const path = route?.path ?? name;
    out[path] = (out[path] ?? 0) + n;
  }
  return out;
}

/** The tiers in order; the next of the last is none. */
const TIERS = Tier.options;

/** The account as the dashboard shows it, with what the next tier would give. */
export function accountView(account: Account) {
  const next = TIERS[TIERS.indexOf(account.tier) + 1];
  return {
    email: account.email,
    tier: account.tier,
    daily_limit: dailyQuota(account.tier),
    key_limit: KEY_CAP,
    daily_key_creations: KEYS_PER_DAY,
    next_tier: next ? { tier: next, daily_limit: dailyQuota(next) } : null,
    created_at: iso(account.createdAt),
  };
}

/** The last HISTORY_DAYS UTC days, oldest first, today last. @example historyDays(Date.now()).at(-1) */
export function historyDays(now: number): string[] {
  const today = utcDay(new Date(now)).day;
  return Array.from({ length: HISTORY_DAYS }, (_v, i) => addDays(today, i - HISTORY_DAYS + 1));
}

/**
 * The key that replaced a revoked one by a rotation: of the same name, made when the old one stopped (a
 * rotation revokes and creates in one step, `rotateKey`). The store keeps no link; this is the one reading.
 */
function replacementOf(key: AccountKey, keys: readonly AccountKey[]): AccountKey | undefined {
  if (!key.revokedAt) return undefined;
  return keys.find(
    (k) => k.id !== key.id && k.name === key.name && Math.abs(k.createdAt - key.revokedAt!) < 5_000,
  );
}

function keyView(key: AccountKey, usage: DayUsage[], keys: readonly AccountKey[] = []): KeyView {
  const today = key.revokedAt ? 0 : (usage.at(-1)?.count ?? 0);
  const lastAt = Math.max(0, ...usage.map((d) => d.lastAt ?? 0));
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    tier: key.tier,
    status: key.revokedAt ? 'revoked' : 'active',
    created_at: iso(key.createdAt),
    revoked_at: key.revokedAt ? iso(key.revokedAt) : null,
    last_used_at: lastAt ? iso(lastAt) : null,
    today: usage.at(-1)?.count ?? 0,
    daily_limit: dailyQuota(key.tier),
    remaining: key.revokedAt ? 0 : Math.max(0, dailyQuota(key.tier) - today),
    replaced_by: replacementOf(key, keys)?.id ?? null,
    carried_today: usage.at(-1)?.inherited ?? 0,
  };
}

/** Keys whose history is shown: the live ones, and those revoked within the history. */
function shownKeys(account: Account, now: number): AccountKey[] {
  const since = now - HISTORY_DAYS * 86_400_000;
  return account.keys.filter((k) => !k.revokedAt || k.revokedAt >= since);
}

/** @example await listKeys(account, counters) */
export async function listKeys(account: Account, counters: CounterStore) {
  const now = Date.now();
  const keys = shownKeys(account, now);
  const usage = await counters.usage(
    keys.map((k) => k.keyId),
    historyDays(now),
  );
  return {
    keys: keys.map((k) => keyView(k, usage.get(k.keyId) ?? [], account.keys)),
    live_keys: account.keys.filter((k) => !k.revokedAt).length,
    key_limit: KEY_CAP,
    reset_at: iso(utcDay(new Date(now)).resetEpoch * 1000),
  };
}

/** Requests per day for the history, per key and per endpoint. @example await activity(account, counters) */
export async function activity(account: Account, counters: CounterStore) {
  const now = Date.now();
  const days = historyDays(now);
  const keys = shownKeys(account, now);
  const usage = await counters.usage(
    keys.map((k) => k.keyId),
    days,
  );
  const endpoints: Record<string, number[]> = {};
  const perKey = keys.map((key) => {
    const series = usage.get(key.keyId) ?? [];
    const byEndpoint: Record<string, number[]> = {};
    series.forEach((day, i) => {
      for (const [path, n] of Object.entries(byPath(day.endpoints))) {
        (byEndpoint[path] ??= days.map(() => 0))[i]! += n;
        (endpoints[path] ??= days.map(() => 0))[i]! += n;
      }
    });
    const view = keyView(key, series);
    return {
      id: key.id,
      name: key.name,
      prefix: key.prefix,
      status: view.status,
      daily: series.map((d) => d.count - (d.inherited ?? 0)),
      today: view.today,
      daily_limit: view.daily_limit,
      remaining: view.remaining,
      endpoints: byEndpoint,
    };
  });
  return {
    days,
    reset_at: iso(utcDay(new Date(now)).resetEpoch * 1000),
    keys: perKey,
    endpoints,
    total: perKey.reduce((n, k) => n + k.daily.reduce((a, b) => a + b, 0), 0),
  };
}

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

/** The answer to every well-formed reset request, whether or not the email is registered. */
export const FORGOT_MESSAGE =
  'If an account uses this address, a link to set a new password is on its way to it. It works for an hour.';

/**
 * Mails a registered account's owner a link to set a new password; the same answer, as fast, for any
 * address (the link and the mail are made after it, see outbox.ts).
 * @example await forgotPassword(services, email, { base, address })
 */
export async function forgotPassword(
  s: Services,
  email: string,
  { base, address }: { base: string; address: string },
): Promise<string> {
  // Each request may send a mail: throttled per client address like sign-ups.
  await withinRate(
    s,
    `reset-address:${sha256(address)}`,
    SIGNUPS_PER_ADDRESS,
    'reset requests from this address',
  );
  await postJob(s, { kind: 'forgot', email, base });
  return FORGOT_MESSAGE;
}

/** Forgot-password's work after the answer: a registered account's owner is mailed a new link. */
async function forgotLater(s: Services, { email, base }: { email: string; base: string }): Promise<void> {
  const account = await s.store.findByEmail(email);
  if (!account) return;
  const token = randomToken();
  // A new link ends every link issued before it.
  await s.store.putReset(sha256(token), account.id, randomToken(16), Date.now() + RESET_MS);
  const link = `${base}/dashboard#reset=${token}`;
  await s.mailer.send({
    to: account.email,
    subject: 'Set a new password for travel-data-api',
    text: `Open this link within an hour to set a new password:\n\n${link}\n\nIf you did not ask, ignore this mail: nothing changes.`,
    link,
  });
}

/**
 * Sets the new password of the link's account (verifying its email), ends its other sessions and every
 * other outstanding link. A refused attempt (a weak password) leaves the link as it was: it never gains
 * time.
 * @example await resetPassword(services, token, 'a new long passphrase')
 */
export async function resetPassword(s: Services, token: string, password: string): Promise<string> {
  const invalid = () =>
    new AccountError('INVALID_TOKEN', 'This reset link is unknown, used or expired: ask for a new one.');
  const link = await s.store.peekReset(sha256(token));
  const account = link ? await s.store.getAccount(link.accountId) : undefined;
  // A link older than the account's latest, or issued before a link was used, is refused.
  if (!link || !account || account.resetNonce !== link.nonce) throw invalid();
  const weakness = passwordWeakness(password, account.email);
  if (weakness)
    throw new AccountError(
      'WEAK_PASSWORD',
      `The password is ${weakness}: use 12 or more characters, a phrase is best.`,
    );
  const passwordHash = await hashPassword(password);
  // Spent first, then the password set only while the link's nonce is still the account's: of two uses at
  // once, one wins.
  if (!(await s.store.takeReset(sha256(token)))) throw invalid();
  if (!(await s.store.setPassword(account.id, passwordHash, Date.now(), link.nonce))) throw invalid();
  return 'Your new password is set: sign in with it. Sessions opened before have ended.';
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
