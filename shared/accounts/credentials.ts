/**
 * Accounts' credentials: sign-up that never tells whether an email is registered, verification by a
 * mailed link, sign-in throttled per account and per address (a known browser by its own failures only),
 * sessions, and password reset by a mailed link.
 */
import { decoyHash, hashPassword, passwordWeakness, randomToken, sha256, verifyPassword } from './crypto.ts';
import { postJob } from './mail-jobs.ts';
import {
  AccountError,
  DEVICE_MS,
  SESSION_MS,
  SIGNIN_FAILURES_PER_ACCOUNT,
  SIGNIN_FAILURES_PER_ADDRESS,
  SIGNIN_FAILURES_PER_DEVICE,
  SIGNIN_FAILURES_PER_PAIR,
  SIGNIN_MAX_DELAY_MS,
  SIGNIN_WINDOW_MS,
  SIGNUP_MESSAGE,
  SIGNUPS_PER_ADDRESS,
  tooMany,
  waitFor,
  withinRate,
  type Services,
} from './service.ts';
import type { Account } from '../store/types.ts';
/** The wait the failures for one account impose, from any address: doubling from 1 s, at most the cap. */
function slowdownFor(times: readonly number[], now: number): number {
  const over = times.length - SIGNIN_FAILURES_PER_ACCOUNT;
  if (over < 0) return 0;
  return times.at(-1)! + Math.min(1000 * 2 ** over, SIGNIN_MAX_DELAY_MS) - now;
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
