/**
 * The work of sign-up and forgot-password that depends on whether an email is registered: done after the
 * answer (through the outbox), so that the answer says nothing of it and takes as long either way.
 */
import { randomUUID } from 'node:crypto';
import { randomToken, sha256 } from './crypto.ts';
import type { MailJob } from './outbox.ts';
import { RESET_MS, UNVERIFIED_MS, VERIFY_MS, type Services } from './service.ts';
import type { Account } from '../store/types.ts';
/** Hands a job to the outbox, or runs it now when there is none. @example await postJob(services, { kind: 'forgot', email, base }) */
export const postJob = (s: Services, job: MailJob): Promise<void> =>
  s.outbox ? s.outbox.post(job) : runMailJob(s, job);

/**
 * What sign-up and forgot-password do for an email once answered: the account's links, mails and changes.
 * @example await runMailJob(services, { kind: 'forgot', email, base })
 */
export async function runMailJob(s: Services, job: MailJob): Promise<void> {
  if (job.kind === 'signup') await signUpLater(s, job);
  else await forgotLater(s, job);
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
