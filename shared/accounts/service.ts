/**
 * The rules of accounts, whatever the store: the limits (keys, links, sessions, sign-in and sign-up
 * throttles), the refusal they answer with, the services the operations run on, and the sliding windows
 * they count in. The operations: credentials.ts (sign-up, verification, sign-in, password reset), keys.ts
 * (keys and the account's deletion), usage.ts (what the dashboard shows) and mail-jobs.ts (the work done
 * after the answer).
 */
import { DeclaredError } from '../errors.ts';
import type { CounterStore, AccountStore } from '../store/types.ts';
import type { KeyGateway } from './gateway.ts';
import type { Mailer } from './mailer.ts';
import type { Outbox } from './outbox.ts';

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
export class AccountError extends DeclaredError {}

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

/** A time as the answers give it. @example iso(0) // '1970-01-01T00:00:00.000Z' */
export const iso = (ms: number) => new Date(ms).toISOString();
/** The start of the fixed window of `size` that holds `now`. @example windowOf(90_000, 60_000) // 60000 */
export const windowOf = (now: number, size: number) => Math.floor(now / size) * size;

/**
 * How long until `times` (oldest first) hold fewer than `limit` within the sliding `windowMs`: 0 when
 * they already do.
 * @example waitFor([1000, 2000], 2, 60_000, 5000) // 56001
 */
export const waitFor = (times: readonly number[], limit: number, windowMs: number, now: number): number =>
  times.length < limit ? 0 : times[times.length - limit]! + windowMs + 1 - now;

/**
 * Records one request of `subject` and refuses it past `limit` in the sliding window.
 * @example await withinRate(services, `signup-address:${sha256(address)}`, SIGNUPS_PER_ADDRESS, 'sign-ups from this address')
 */
export async function withinRate(s: Services, subject: string, limit: number, what: string): Promise<void> {
  const now = Date.now();
  const times = await s.store.record(subject, now, SIGNUP_WINDOW_MS);
  if (times.length > limit) throw tooMany(waitFor(times, limit, SIGNUP_WINDOW_MS, now), what);
}

/**
 * The refusal of one attempt too many, with the seconds to wait.
 * @example tooMany(1500, 'failed sign-ins').headers // { 'Retry-After': '2' }
 */
export function tooMany(waitMs: number, what: string): AccountError {
  const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
  return new AccountError('TOO_MANY_ATTEMPTS', `Too many ${what}: try again in ${retryAfter} s.`, {
    'Retry-After': String(retryAfter),
  });
}
