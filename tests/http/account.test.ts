// Accounts through the local server, as the dashboard's browser uses them: sign-up (the same answer whether or
// not the email is registered), verification by the mailed link, sign-in throttled per account and per
// address, sessions in HttpOnly cookies, CSRF tokens on every POST, and keys (shown once, usable at once,
// capped, revoked, rotated). Every error is a documented one, in Problem Details.
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { request } from 'node:http';
import type { Mail } from '../../shared/accounts/mailer.ts';
import { outboxSettled } from '../../shared/accounts/outbox.ts';
import {
  KEY_CAP,
  KEYS_PER_DAY,
  RESET_MS,
  SIGNIN_FAILURES_PER_ACCOUNT,
  SIGNIN_FAILURES_PER_ADDRESS,
  SIGNIN_FAILURES_PER_DEVICE,
  SIGNIN_FAILURES_PER_PAIR,
  SIGNIN_MAX_DELAY_MS,
  SIGNIN_WINDOW_MS,
  SIGNUPS_PER_ADDRESS,
} from '../../shared/accounts/service.ts';
import { routes, type Route } from '../../shared/routes/index.ts';
import { expectDocumented } from '../helpers/contract.ts';
import { useTestServer } from '../helpers/server.ts';

const outbox: Mail[] = [];
const api = useTestServer({ resetEach: false, outbox });
afterEach(() => {
  jest.restoreAllMocks();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Json;
}

/**
 * A browser: keeps its cookies, sends the CSRF token it was given, from one loopback address
 * (127.0.0.0/8 is all loopback, so each browser can be its own client address).
 */
let browsers = 0;
class Browser {
  readonly cookies = new Map<string, string>();
  csrf = '';
  readonly address: string;
  /** Each browser its own address unless told, so that no test spends another's per-address allowance. */
  constructor(address = `127.1.${Math.floor(++browsers / 250)}.${(browsers % 250) + 1}`) {
    this.address = address;
  }

  send(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const url = new URL(api.url);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path,
          method,
          localAddress: this.address,
          headers: {
            ...(this.cookies.size
              ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }
              : {}),
            ...(payload ? { 'content-type': 'application/json' } : {}),
            ...headers,
          },
        },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => {
            for (const line of res.headers['set-cookie'] ?? []) {
              const [pair] = line.split(';');
              const at = pair!.indexOf('=');
              const value = pair!.slice(at + 1);
              if (value) this.cookies.set(pair!.slice(0, at), value);
              else this.cookies.delete(pair!.slice(0, at));
            }
            const answer = {
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: text ? JSON.parse(text) : undefined,
            };
            // Mail goes after the answer: a test reads the outbox once this request's mail has gone.
            void outboxSettled().then(() => resolve(answer));
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  get(path: string) {
    return this.send('GET', path);
  }

  /** A POST with the CSRF token, as the dashboard sends it. */
  post(path: string, body: unknown = {}, headers: Record<string, string> = {}) {
    return this.send('POST', path, body, { 'x-csrf-token': this.csrf, ...headers });
  }

  async open(): Promise<this> {
    this.csrf = (await this.get('/account/session')).body.csrf_token;
    return this;
  }
}

let n = 0;
const freshEmail = () => `person${++n}-${Date.now()}@example.test`;
const PASSWORD = 'correct horse battery staple';
const lastMailTo = (email: string) => outbox.filter((m) => m.to === email).at(-1);
const tokenOf = (mail: Mail | undefined) => new URL(mail!.link!).hash.replace('#verify=', '');

/** A verified account, signed in in a browser of its own. */
async function signedIn(address?: string): Promise<{ browser: Browser; email: string }> {
  const browser = await new Browser(address).open();
  const email = freshEmail();
  await browser.post('/account/signup', { email, password: PASSWORD });
  await browser.post('/account/verify', { token: tokenOf(lastMailTo(email)) });
  const res = await browser.post('/account/signin', { email, password: PASSWORD });
  expect(res.status).toBe(200);
  browser.csrf = res.body.csrf_token;
  return { browser, email };
}

function expectError(route: Route, res: Answer, status: number, code: string): void {
  expect([res.status, res.body?.error_code]).toEqual([status, code]);
  expectDocumented(route, res.status, String(res.headers['content-type']), res.body);
  expect(res.headers['cache-control']).toBe('no-store');
}

describe('sign-up and verification', () => {
  it('mails a verification link; the link verifies once, then the account signs in with an HttpOnly SameSite cookie', async () => {
    // Prepare
    const browser = await new Browser().open();
    const email = freshEmail();
    // Act
    const signup = await browser.post('/account/signup', { email: email.toUpperCase(), password: PASSWORD });
    const token = tokenOf(lastMailTo(email));
    const verified = await browser.post('/account/verify', { token });
    const again = await browser.post('/account/verify', { token });
    const signin = await browser.send(
      'POST',
      '/account/signin',
      { email, password: PASSWORD },
      { 'x-csrf-token': browser.csrf },
    );
    const session = await browser.get('/account/session');
    // Assess
    expect(signup.status).toBe(202);
    expect(lastMailTo(email)!.link).toMatch(new RegExp(`^${api.url}/dashboard#verify=[\\w-]{43}$`));
    expect(verified.status).toBe(200);
    expectError(routes.accountVerify, again, 400, 'INVALID_TOKEN');
    expect(signin.status).toBe(200);
    const cookie = ([] as string[])
      .concat(signin.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('sid='));
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).not.toMatch(/Secure/); // plain http locally; deployed cookies are Secure (see below)
    expect(session.body).toMatchObject({
      signed_in: true,
      account: { email, tier: 'free', daily_limit: 10 },
    });
    expect(session.body.csrf_token).toBe(signin.body.csrf_token);
  });

  it('answers a duplicate email exactly as a new one, and mails its owner a notice instead of a link', async () => {
    // Prepare: a verified account
    const { email } = await signedIn();
    const stranger = await new Browser().open();
    const newcomer = await new Browser().open();
    // Act
    const duplicate = await stranger.post('/account/signup', { email, password: 'another long passphrase' });
    const fresh = await newcomer.post('/account/signup', { email: freshEmail(), password: PASSWORD });
    const withNewPassword = await stranger.post('/account/signin', {
      email,
      password: 'another long passphrase',
    });
    const withOwnPassword = await stranger.post('/account/signin', { email, password: PASSWORD });
    // Assess
    expect([duplicate.status, duplicate.body]).toEqual([fresh.status, fresh.body]);
    expect(lastMailTo(email)).toMatchObject({ subject: 'Someone tried to sign up with your email' });
    expect(lastMailTo(email)!.link).toBeUndefined();
    expectError(routes.accountSignIn, withNewPassword, 401, 'INVALID_CREDENTIALS');
    expect(withOwnPassword.status).toBe(200);
  });

  it.each([
    ['too short', 'short pass'],
    ['a common one', 'password1234'],
    ['one character repeated', 'aaaaaaaaaaaaaaaa'],
    ['the email', 'weakling@example.test!'],
  ])('refuses a weak password (%s) with 400 WEAK_PASSWORD', async (_why, password) => {
    const browser = await new Browser().open();
    const res = await browser.post('/account/signup', { email: 'weakling@example.test', password });
    expectError(routes.accountSignUp, res, 400, 'WEAK_PASSWORD');
  });

  it('refuses an address that is no email with 400 INVALID_INPUT naming the field', async () => {
    const browser = await new Browser().open();
    const res = await browser.post('/account/signup', { email: 'not-an-email', password: PASSWORD });
    expectError(routes.accountSignUp, res, 400, 'INVALID_INPUT');
    expect(res.body.errors).toEqual([expect.objectContaining({ parameter: 'email', in: 'body' })]);
  });

  it('lets only the link of the latest sign-up of an unverified address verify it', async () => {
    // Prepare: signed up twice before verifying
    const browser = await new Browser().open();
    const email = freshEmail();
    await browser.post('/account/signup', { email, password: 'first long passphrase' });
    const first = tokenOf(lastMailTo(email));
    await browser.post('/account/signup', { email, password: PASSWORD });
    const second = tokenOf(lastMailTo(email));
    // Act
    const stale = await browser.post('/account/verify', { token: first });
    const latest = await browser.post('/account/verify', { token: second });
    const latestAgain = await browser.post('/account/verify', { token: second });
    const staleAfter = await browser.post('/account/verify', { token: first });
    const signin = await browser.post('/account/signin', { email, password: PASSWORD });
    // Assess: each link single-use, and none of the account's works once one has
    expectError(routes.accountVerify, stale, 400, 'INVALID_TOKEN');
    expectError(routes.accountVerify, latestAgain, 400, 'INVALID_TOKEN');
    expectError(routes.accountVerify, staleAfter, 400, 'INVALID_TOKEN');
    expect([latest.status, signin.status]).toEqual([200, 200]);
  });
});

describe('sign-up throttling', () => {
  it(`refuses more than ${SIGNUPS_PER_ADDRESS} sign-ups an hour from one address with 429 TOO_MANY_ATTEMPTS`, async () => {
    const browser = await new Browser('127.0.4.1').open();
    const statuses = [];
    for (let i = 0; i < SIGNUPS_PER_ADDRESS; i++)
      statuses.push(
        (await browser.post('/account/signup', { email: freshEmail(), password: PASSWORD })).status,
      );
    const over = await browser.post('/account/signup', { email: freshEmail(), password: PASSWORD });
    expect(statuses).toEqual(Array(SIGNUPS_PER_ADDRESS).fill(202));
    expectError(routes.accountSignUp, over, 429, 'TOO_MANY_ATTEMPTS');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('sign-in', () => {
  it('answers a wrong password and an unknown email with the same 401 INVALID_CREDENTIALS', async () => {
    const { email } = await signedIn();
    const browser = await new Browser().open();
    const wrong = await browser.post('/account/signin', { email, password: 'not the password at all' });
    const unknown = await browser.post('/account/signin', { email: freshEmail(), password: PASSWORD });
    expectError(routes.accountSignIn, wrong, 401, 'INVALID_CREDENTIALS');
    expectError(routes.accountSignIn, unknown, 401, 'INVALID_CREDENTIALS');
    expect(wrong.body.detail).toBe(unknown.body.detail);
  });

  it('tells an unverified account so only when the password is right', async () => {
    const browser = await new Browser().open();
    const email = freshEmail();
    await browser.post('/account/signup', { email, password: PASSWORD });
    const right = await browser.post('/account/signin', { email, password: PASSWORD });
    const wrong = await browser.post('/account/signin', { email, password: 'not the password at all' });
    expectError(routes.accountSignIn, right, 403, 'EMAIL_NOT_VERIFIED');
    expectError(routes.accountSignIn, wrong, 401, 'INVALID_CREDENTIALS');
  });

  it(`throttles an address after ${SIGNIN_FAILURES_PER_PAIR} failures for one email, even with the right password, registered or not, with 429 and Retry-After`, async () => {
    // Prepare: a registered email and an unregistered one, each failed as often from one address
    const { email } = await signedIn();
    const nobody = freshEmail();
    const guesser = await new Browser().open();
    for (let i = 0; i < SIGNIN_FAILURES_PER_PAIR; i++) {
      await guesser.post('/account/signin', { email, password: 'wrong wrong wrong' });
      await guesser.post('/account/signin', { email: nobody, password: 'wrong wrong wrong' });
    }
    // Act
    const owner = await guesser.post('/account/signin', { email, password: PASSWORD });
    const unregistered = await guesser.post('/account/signin', { email: nobody, password: PASSWORD });
    // Assess: the same answer for both, so the throttle tells nothing about registration either
    expectError(routes.accountSignIn, owner, 429, 'TOO_MANY_ATTEMPTS');
    expectError(routes.accountSignIn, unregistered, 429, 'TOO_MANY_ATTEMPTS');
    expect(Number(owner.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(owner.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
  });

  it(`counts ${SIGNIN_FAILURES_PER_PAIR} failures in any 15 minutes, not in the clock's quarter hours`, async () => {
    // Prepare: 5 wrong passwords just before a quarter hour (the clock moved there)
    const { email } = await signedIn();
    const guesser = await new Browser().open();
    const quarter = Math.ceil(Date.now() / 900_000) * 900_000 + 900_000;
    const clock = jest.spyOn(Date, 'now');
    const wrong = [];
    for (let i = 0; i < SIGNIN_FAILURES_PER_PAIR; i++) {
      clock.mockReturnValue(quarter - 6_000 + i * 1_000);
      wrong.push((await guesser.post('/account/signin', { email, password: 'wrong wrong wrong' })).status);
    }
    // Act: one more just after the quarter hour, one just before the first failure is 15 minutes old, one after
    clock.mockReturnValue(quarter + 1_000);
    const afterQuarter = await guesser.post('/account/signin', { email, password: 'wrong wrong wrong' });
    clock.mockReturnValue(quarter - 6_000 + SIGNIN_WINDOW_MS - 1_000);
    const stillInWindow = await guesser.post('/account/signin', { email, password: PASSWORD });
    clock.mockReturnValue(quarter - 6_000 + SIGNIN_WINDOW_MS + 1_000);
    const oldestOut = await guesser.post('/account/signin', { email, password: PASSWORD });
    // Assess
    expect(wrong).toEqual(Array(SIGNIN_FAILURES_PER_PAIR).fill(401));
    expectError(routes.accountSignIn, afterQuarter, 429, 'TOO_MANY_ATTEMPTS');
    // Until the first failure (7 s before) is 15 minutes old, rounded up to the second
    expect(Number(afterQuarter.headers['retry-after'])).toBe(15 * 60 - 6);
    expectError(routes.accountSignIn, stillInWindow, 429, 'TOO_MANY_ATTEMPTS');
    expect(oldestOut.status).toBe(200);
  });

  it('slows down sign-ins for an account from new browsers only: waits double to a minute, a browser that signed in before goes on', async () => {
    // Prepare: the owner signed in once (its browser keeps the device cookie); one address failed 5 times,
    // then one failure each from further addresses
    const { browser: ownerBrowser, email } = await signedIn();
    const start = Date.now() + 1_000;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(start);
    const guesser = await new Browser().open();
    for (let i = 0; i < SIGNIN_FAILURES_PER_PAIR; i++)
      await guesser.post('/account/signin', { email, password: 'wrong wrong wrong' });
    let now = start;
    const waits: number[] = [];
    const ownerDuringWaits: number[] = [];
    for (let extra = 0; extra < 8; extra++) {
      const early = await (await new Browser().open()).post('/account/signin', { email, password: 'wrong' });
      expectError(routes.accountSignIn, early, 429, 'TOO_MANY_ATTEMPTS');
      waits.push(Number(early.headers['retry-after']));
      const owner = await ownerBrowser.post('/account/signin', { email, password: PASSWORD });
      ownerBrowser.csrf = owner.body.csrf_token;
      ownerDuringWaits.push(owner.status);
      now += Number(early.headers['retry-after']) * 1_000;
      clock.mockReturnValue(now);
      const tried = await (await new Browser().open()).post('/account/signin', { email, password: 'wrong' });
      expect(tried.status).toBe(401);
    }
    // Act: the owner from a new browser, during a wait and once it is over; the guesser with the right password
    const newBrowserEarly = await (
      await new Browser().open()
    ).post('/account/signin', { email, password: PASSWORD });
    clock.mockReturnValue(now + SIGNIN_MAX_DELAY_MS);
    const newBrowserLater = await (
      await new Browser().open()
    ).post('/account/signin', { email, password: PASSWORD });
    const guessed = await guesser.post('/account/signin', { email, password: PASSWORD });
    // Assess: waits of 1, 2, 4… s up to the cap for new browsers; the owner's own browser never waits
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
    expect(ownerDuringWaits).toEqual(Array(8).fill(200));
    expectError(routes.accountSignIn, newBrowserEarly, 429, 'TOO_MANY_ATTEMPTS');
    expect(newBrowserLater.status).toBe(200);
    expectError(routes.accountSignIn, guessed, 429, 'TOO_MANY_ATTEMPTS');
  });

  it('admits the owner every time from a browser it signed in with while a third party guesses each time its wait ends, and still limits the third party', async () => {
    // Prepare: the owner signed in once (a device cookie, HttpOnly, SameSite=Strict, for half a year)
    const { browser: owner, email } = await signedIn();
    const device = owner.cookies.get('device');
    const start = Date.now() + 1_000;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(start);
    const SPAN_MS = 5 * 60_000;
    // Act: the owner every 3 s; the third party, from a fresh address each time, a wrong password as soon as
    // its last wait is over (at once after a 401), for five minutes of the clock
    let ownerAt = start;
    let attackerAt = start;
    const ownerStatuses: number[] = [];
    const attacker = { checked: 0, refused: 0, waits: [] as number[] };
    while (Math.min(ownerAt, attackerAt) < start + SPAN_MS) {
      if (ownerAt <= attackerAt) {
        clock.mockReturnValue(ownerAt);
        const res = await owner.post('/account/signin', { email, password: PASSWORD });
        ownerStatuses.push(res.status);
        if (res.status === 200) owner.csrf = res.body.csrf_token;
        ownerAt += 3_000;
      } else {
        clock.mockReturnValue(attackerAt);
        const res = await (
          await new Browser().open()
        ).post('/account/signin', { email, password: 'guess guess guess' });
        if (res.status === 429) {
          attacker.refused++;
          attacker.waits.push(Number(res.headers['retry-after']));
          attackerAt += Number(res.headers['retry-after']) * 1_000;
        } else {
          expect(res.status).toBe(401);
          attacker.checked++;
          attackerAt += 100;
        }
      }
    }
    // Assess: the owner in every time; the third party's guesses checked a handful of times, its waits
    // doubling to the cap
    expect(device).toMatch(/^[\w-]{43}$/);
    expect(ownerStatuses.length).toBe(SPAN_MS / 3_000);
    expect(ownerStatuses).toEqual(Array(SPAN_MS / 3_000).fill(200));
    expect(attacker.refused).toBeGreaterThan(0);
    expect(attacker.checked).toBeLessThanOrEqual(SIGNIN_FAILURES_PER_PAIR + 12);
    expect(Math.max(...attacker.waits)).toBe(SIGNIN_MAX_DELAY_MS / 1_000);
  });

  it(`limits a browser that signed in before by its own failures: after ${SIGNIN_FAILURES_PER_DEVICE} it is trusted no more, and another account's device cookie is not trusted`, async () => {
    // Prepare: an owner's browser with its device cookie; another account's browser
    const { browser: owner, email } = await signedIn();
    const { browser: other } = await signedIn();
    // Act
    const wrong = [];
    for (let i = 0; i < SIGNIN_FAILURES_PER_DEVICE; i++)
      wrong.push((await owner.post('/account/signin', { email, password: 'wrong wrong wrong' })).status);
    const afterwards = await owner.post('/account/signin', { email, password: PASSWORD });
    const start = Date.now() + 1_000;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(start);
    for (let i = 0; i < SIGNIN_FAILURES_PER_ACCOUNT; i++)
      await (await new Browser().open()).post('/account/signin', { email, password: 'guess guess guess' });
    clock.mockReturnValue(start + 100);
    const strangersDevice = await other.post('/account/signin', { email, password: PASSWORD });
    // Assess
    expect(wrong).toEqual(Array(SIGNIN_FAILURES_PER_DEVICE).fill(401));
    expectError(routes.accountSignIn, afterwards, 429, 'TOO_MANY_ATTEMPTS');
    expectError(routes.accountSignIn, strangersDevice, 429, 'TOO_MANY_ATTEMPTS');
  });

  it(`throttles a client address after ${SIGNIN_FAILURES_PER_ADDRESS} failures, whatever the email; other addresses go on`, async () => {
    // Prepare: failures on as many different emails from one address
    const attacker = await new Browser('127.0.2.1').open();
    for (let i = 0; i < SIGNIN_FAILURES_PER_ADDRESS; i++)
      await attacker.post('/account/signin', { email: freshEmail(), password: 'wrong wrong wrong' });
    const { email } = await signedIn('127.0.2.2');
    // Act
    const throttled = await attacker.post('/account/signin', { email, password: PASSWORD });
    const elsewhere = await (
      await new Browser('127.0.2.3').open()
    ).post('/account/signin', { email, password: PASSWORD });
    // Assess
    expectError(routes.accountSignIn, throttled, 429, 'TOO_MANY_ATTEMPTS');
    expect(elsewhere.status).toBe(200);
  });
});

describe('CSRF protection', () => {
  it('refuses a POST without the X-CSRF-Token header with 403 CSRF_TOKEN_MISSING, signed in or not', async () => {
    const { browser } = await signedIn();
    const stranger = await new Browser().open();
    const create = await browser.send('POST', '/account/keys', { name: 'no-token' });
    const signup = await stranger.send('POST', '/account/signup', {
      email: freshEmail(),
      password: PASSWORD,
    });
    expectError(routes.accountKeyCreate, create, 403, 'CSRF_TOKEN_MISSING');
    expectError(routes.accountSignUp, signup, 403, 'CSRF_TOKEN_MISSING');
    expect(create.body.title).toBe('CSRF Token Missing');
  });

  it("refuses another session's token, a browser without the pre-session cookie, and another origin with 403 CSRF_TOKEN_INVALID", async () => {
    const { browser } = await signedIn();
    const other = await signedIn();
    const cookieless = new Browser();
    const foreign = await browser.post(
      '/account/keys',
      { name: 'x' },
      { 'x-csrf-token': other.browser.csrf },
    );
    const noCookie = await cookieless.post(
      '/account/signin',
      { email: freshEmail(), password: PASSWORD },
      { 'x-csrf-token': 'guess' },
    );
    const otherOrigin = await browser.post(
      '/account/keys',
      { name: 'x' },
      { origin: 'https://evil.example.test' },
    );
    const crossSite = await browser.post('/account/keys', { name: 'x' }, { 'sec-fetch-site': 'cross-site' });
    for (const res of [foreign, otherOrigin, crossSite])
      expectError(routes.accountKeyCreate, res, 403, 'CSRF_TOKEN_INVALID');
    expectError(routes.accountSignIn, noCookie, 403, 'CSRF_TOKEN_INVALID');
    expect((await browser.get('/account/keys')).body.keys).toEqual([]);
  });
});

describe('a signed-in browser', () => {
  it('signs up and verifies another email with the token GET /account/session gave it', async () => {
    const { browser } = await signedIn();
    const session = await browser.get('/account/session');
    expect(session.body.signed_in).toBe(true);
    browser.csrf = session.body.csrf_token;
    const email = freshEmail();

    const signup = await browser.post('/account/signup', { email, password: PASSWORD });
    const verify = await browser.post('/account/verify', { token: tokenOf(lastMailTo(email)) });

    expect([signup.status, verify.status]).toEqual([202, 200]);
    expectDocumented(
      routes.accountSignUp,
      signup.status,
      String(signup.headers['content-type']),
      signup.body,
    );
    expect(verify.body.message).toBe('Your email is verified: sign in.');
    const other = await new Browser().open();
    expect((await other.post('/account/signin', { email, password: PASSWORD })).status).toBe(200);
  });

  it("still refuses a sign-up without its session's token, or with another session's", async () => {
    const { browser } = await signedIn();
    const other = await signedIn();
    const email = freshEmail();

    const guessed = await browser.post(
      '/account/signup',
      { email, password: PASSWORD },
      { 'x-csrf-token': 'guess' },
    );
    const foreign = await browser.post(
      '/account/signup',
      { email, password: PASSWORD },
      { 'x-csrf-token': other.browser.csrf },
    );
    const missing = await browser.send('POST', '/account/verify', { token: 'x'.repeat(43) });

    expectError(routes.accountSignUp, guessed, 403, 'CSRF_TOKEN_INVALID');
    expectError(routes.accountSignUp, foreign, 403, 'CSRF_TOKEN_INVALID');
    expectError(routes.accountVerify, missing, 403, 'CSRF_TOKEN_MISSING');
    expect(lastMailTo(email)).toBeUndefined();
  });

  it('signs up with the pre-session token once its session has ended', async () => {
    const { browser } = await signedIn();
    await browser.post('/account/signout');
    await browser.open();
    const email = freshEmail();

    const signup = await browser.post('/account/signup', { email, password: PASSWORD });

    expect(signup.status).toBe(202);
    expect(lastMailTo(email)?.link).toContain('#verify=');
  });
});

describe('sessions', () => {
  it('answers 401 NOT_SIGNED_IN without a session and 401 SESSION_EXPIRED once it has expired or ended', async () => {
    // Prepare
    const { browser } = await signedIn();
    const { browser: leaving } = await signedIn();
    const anonymous = await new Browser().open();
    const cookieBeforeSignOut = leaving.cookies.get('sid');
    await leaving.post('/account/signout');
    // Act: the ended session's cookie replayed; then 13 hours later, past the 12-hour session
    const none = await anonymous.get('/account/keys');
    const ended = await leaving.send('GET', '/account/keys', undefined, {
      cookie: `sid=${cookieBeforeSignOut}`,
    });
    const later = Date.now() + 13 * 3600_000;
    jest.spyOn(Date, 'now').mockReturnValue(later);
    const expired = await browser.get('/account/activity');
    // Assess
    expectError(routes.accountKeys, none, 401, 'NOT_SIGNED_IN');
    expectError(routes.accountKeys, ended, 401, 'SESSION_EXPIRED');
    expectError(routes.accountActivity, expired, 401, 'SESSION_EXPIRED');
    expect(leaving.cookies.has('sid')).toBe(false); // the sign-out cleared it
  });

  it('sets Secure, __Host- prefixed cookies when the request came over HTTPS (deployed)', async () => {
    const { handler } = await import('../../functions/account/session.ts');
    const { apiEvent, lambdaContext } = await import('../helpers/events.ts');
    const res = await handler(
      apiEvent({
        path: '/account/session',
        headers: { 'X-Forwarded-Proto': 'https', Host: 'api.example.test' },
      }),
      lambdaContext(),
    );
    expect(res.multiValueHeaders?.['Set-Cookie']).toEqual([
      expect.stringMatching(
        /^__Host-csrf=[\w-]+; Path=\/; Max-Age=43200; HttpOnly; SameSite=Strict; Secure$/,
      ),
    ]);
  });
});

describe('keys', () => {
  it('shows a new key once, makes it usable at once, lists it by prefix only, and refuses it once revoked', async () => {
    // Prepare
    const { browser } = await signedIn();
    // Act
    const made = await browser.post('/account/keys', { name: 'production' });
    const call = await api.get('/v1/meta/coordinates-lookup?term=paris&limit=1', {
      'x-api-key': made.body.key,
    });
    const list = await browser.get('/account/keys');
    const revoked = await browser.post(`/account/keys/${made.body.id}/revoke`);
    const refused = await api.get('/v1/meta/coordinates-lookup?term=paris&limit=1', {
      'x-api-key': made.body.key,
    });
    // Assess
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      name: 'production',
      tier: 'free',
      status: 'active',
      prefix: made.body.key.slice(0, 8),
    });
    expect(made.body.key).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(call.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(made.body.key);
    expect(list.body.keys).toEqual([
      expect.objectContaining({ id: made.body.id, today: 1, remaining: 9, last_used_at: expect.any(String) }),
    ]);
    expect(revoked.body).toMatchObject({ id: made.body.id, status: 'revoked' });
    expect([refused.status, refused.body.error.code]).toEqual([401, 'unauthorized']);
  });

  it('rotates a key: a new one of the same name works, the old one is refused', async () => {
    const { browser } = await signedIn();
    const old = await browser.post('/account/keys', { name: 'staging' });
    const rotated = await browser.post(`/account/keys/${old.body.id}/rotate`);
    const withNew = await api.get('/v1/account/usage', { 'x-api-key': rotated.body.key });
    const withOld = await api.get('/v1/account/usage', { 'x-api-key': old.body.key });
    expect(rotated.status).toBe(201);
    expect(rotated.body).toMatchObject({ name: 'staging', replaces: old.body.id });
    expect(rotated.body.key).not.toBe(old.body.key);
    expect([withNew.status, withOld.status]).toEqual([200, 401]);
    expect((await browser.get('/account/keys')).body.live_keys).toBe(1);
  });

  it(`refuses a key past the cap of ${KEY_CAP} live keys with 409 KEY_LIMIT_REACHED, and past ${KEYS_PER_DAY} creations a day with 429, revoked ones included`, async () => {
    // Prepare
    const { browser } = await signedIn();
    const made = [];
    for (let i = 0; i < KEY_CAP; i++) made.push(await browser.post('/account/keys', { name: `key ${i}` }));
    // Act
    const over = await browser.post('/account/keys', { name: 'one too many' });
    await browser.post(`/account/keys/${made[0]!.body.id}/revoke`);
    const afterRevoke = await browser.post('/account/keys', { name: 'in its place' });
    const rotated = await browser.post(`/account/keys/${made[1]!.body.id}/rotate`);
    // Assess
    expect(made.map((r) => r.status)).toEqual(Array(KEY_CAP).fill(201));
    expectError(routes.accountKeyCreate, over, 409, 'KEY_LIMIT_REACHED');
    expectError(routes.accountKeyCreate, afterRevoke, 429, 'DAILY_KEY_LIMIT_REACHED');
    expect(afterRevoke.body.detail).toContain(`An account may create ${KEYS_PER_DAY} keys a UTC day`);
    expect(Number(afterRevoke.headers['retry-after'])).toBeGreaterThan(0);
    expect(rotated.status).toBe(201); // a rotation is no creation: the new key keeps the old one's count
  });

  it("gives a rotated key its predecessor's count for the day: an exhausted key rotates into an exhausted key", async () => {
    // Prepare: a free key that used its 10 calls today
    const { browser } = await signedIn();
    const old = await browser.post('/account/keys', { name: 'busy' });
    for (let i = 0; i < 10; i++)
      await api.get('/v1/meta/coordinates-lookup?term=paris', { 'x-api-key': old.body.key });
    // Act
    const rotated = await browser.post(`/account/keys/${old.body.id}/rotate`);
    const call = await api.get('/v1/meta/coordinates-lookup?term=paris', { 'x-api-key': rotated.body.key });
    const usage = await api.get('/v1/account/usage', { 'x-api-key': rotated.body.key });
    // Assess
    expect(rotated.body).toMatchObject({ today: 10, remaining: 0 });
    expect(call.status).toBe(429);
    expect(usage.body).toMatchObject({ used: 10, remaining: 0 });
    expect(usage.body.account.used).toBe(10); // counted once over the account, not once per key
  });

  it('answers revoking a revoked key with 409 KEY_ALREADY_REVOKED, and another account’s or an unknown key with 404', async () => {
    const { browser } = await signedIn();
    const other = await signedIn();
    const key = await browser.post('/account/keys', { name: 'once' });
    await browser.post(`/account/keys/${key.body.id}/revoke`);
    const twice = await browser.post(`/account/keys/${key.body.id}/revoke`);
    const rotateRevoked = await browser.post(`/account/keys/${key.body.id}/rotate`);
    const theirs = await other.browser.post(`/account/keys/${key.body.id}/revoke`);
    const malformed = await browser.post('/account/keys/not-an-id/revoke');
    expectError(routes.accountKeyRevoke, twice, 409, 'KEY_ALREADY_REVOKED');
    expectError(routes.accountKeyRotate, rotateRevoked, 409, 'KEY_ALREADY_REVOKED');
    expectError(routes.accountKeyRevoke, theirs, 404, 'KEY_NOT_FOUND');
    expectError(routes.accountKeyRevoke, malformed, 400, 'INVALID_INPUT');
  });

  it('refuses a key name that is empty or too long with 400 INVALID_INPUT', async () => {
    const { browser } = await signedIn();
    for (const name of ['', ' ', 'x'.repeat(41), '<script>']) {
      const res = await browser.post('/account/keys', { name });
      expectError(routes.accountKeyCreate, res, 400, 'INVALID_INPUT');
    }
  });
});

describe('usage', () => {
  it('counts each call per endpoint in one day, and /v1/account/usage reads it without counting itself', async () => {
    // Prepare
    const { browser } = await signedIn();
    const { body: made } = await browser.post('/account/keys', { name: 'metered' });
    const key = { 'x-api-key': made.key };
    await api.get('/v1/meta/coordinates-lookup?term=paris', key);
    await api.get('/v1/meta/coordinates-lookup?term=lyon', key);
    await api.get('/v1/meta/coordinates-lookup?term=', key); // an input error is not billed
    await api.get('/v1/meta/coordinates-lookup?term=nice', key);
    // Act
    const first = await api.get('/v1/account/usage', key);
    const second = await api.get('/v1/account/usage', key);
    const activity = await browser.get('/account/activity');
    // Assess
    expect(first.body).toMatchObject({ success: true, tier: 'free', used: 3, remaining: 7, limit: 10 });
    expect(first.body.account).toEqual({
      used: 3,
      keys: [{ name: 'metered', prefix: made.key.slice(0, 8), status: 'active', used: 3 }],
      history: expect.arrayContaining([{ date: new Date().toISOString().slice(0, 10), requests: 3 }]),
    });
    expect(second.body.used).toBe(3);
    expect(first.headers.get('x-ratelimit-remaining')).toBe('7');
    expect(first.body.history).toHaveLength(30);
    expect(first.body.history.at(-1)).toEqual({
      date: new Date().toISOString().slice(0, 10),
      requests: 3,
      endpoints: { '/v1/meta/coordinates-lookup': 3 },
    });
    expect(Date.parse(first.body.reset_at) - Date.parse(first.body.period_start)).toBe(86_400_000);
    expect(activity.body.keys[0].daily.at(-1)).toBe(3);
    expect(activity.body.endpoints['/v1/meta/coordinates-lookup'].at(-1)).toBe(3);
    expect(activity.body.total).toBe(3);
  });
});

describe('password reset and account deletion', () => {
  const resetTokenOf = (mail: Mail | undefined) => new URL(mail!.link!).hash.replace('#reset=', '');
  /** Asks for a reset link for `email` from `browser`: the token its mail carries. */
  const resetLink = async (browser: Browser, email: string) => {
    await browser.post('/account/password/forgot', { email });
    return resetTokenOf(lastMailTo(email));
  };
  /** Sets a new password through a reset link's token. */
  const resetWith = (browser: Browser, token: string, password: string) =>
    browser.post('/account/password/reset', { token, password });

  it('mails a reset link for a registered email only, answers every email alike, and the link sets a new password once', async () => {
    // Prepare
    const { browser, email } = await signedIn();
    const stranger = await new Browser().open();
    const sent = outbox.length;
    // Act
    const known = await stranger.post('/account/password/forgot', { email });
    const unknown = await stranger.post('/account/password/forgot', { email: freshEmail() });
    const token = resetTokenOf(lastMailTo(email));
    const weak = await resetWith(stranger, token, 'short');
    const reset = await resetWith(stranger, token, 'a brand new passphrase');
    const reused = await resetWith(stranger, token, 'another new passphrase');
    const oldSession = await browser.get('/account/keys');
    const oldPassword = await stranger.post('/account/signin', { email, password: PASSWORD });
    const newPassword = await stranger.post('/account/signin', { email, password: 'a brand new passphrase' });
    // Assess
    expect([known.status, unknown.status]).toEqual([202, 202]);
    expect(known.body).toEqual(unknown.body);
    expect(outbox.length - sent).toBe(1);
    expect(lastMailTo(email)!.link).toMatch(new RegExp(`^${api.url}/dashboard#reset=[\\w-]{43}$`));
    expectError(routes.accountPasswordReset, weak, 400, 'WEAK_PASSWORD');
    expect(reset.status).toBe(200);
    expectError(routes.accountPasswordReset, reused, 400, 'INVALID_TOKEN');
    expectError(routes.accountKeys, oldSession, 401, 'SESSION_EXPIRED');
    expectError(routes.accountSignIn, oldPassword, 401, 'INVALID_CREDENTIALS');
    expect(newPassword.status).toBe(200);
  });

  it('refuses an older reset link once a newer one is issued, and every outstanding link once one is used', async () => {
    // Prepare: two links, then two more
    const { email } = await signedIn();
    const stranger = await new Browser().open();
    const first = await resetLink(stranger, email);
    const second = await resetLink(stranger, email);
    // Act: the newer link used, then the older one; a third link, used after a fourth was issued
    const newer = await resetWith(stranger, second, 'the second new passphrase');
    const older = await resetWith(stranger, first, 'the first new passphrase');
    const third = await resetLink(stranger, email);
    const fourth = await resetLink(stranger, email);
    const superseded = await resetWith(stranger, third, 'the third new passphrase');
    const latest = await resetWith(stranger, fourth, 'the fourth new passphrase');
    const signin = await stranger.post('/account/signin', { email, password: 'the fourth new passphrase' });
    const firstPassword = await (
      await new Browser().open()
    ).post('/account/signin', { email, password: 'the first new passphrase' });
    // Assess
    expect(newer.status).toBe(200);
    expectError(routes.accountPasswordReset, older, 400, 'INVALID_TOKEN');
    expectError(routes.accountPasswordReset, superseded, 400, 'INVALID_TOKEN');
    expect(latest.status).toBe(200);
    expect(signin.status).toBe(200);
    expectError(routes.accountSignIn, firstPassword, 401, 'INVALID_CREDENTIALS');
  });

  it("leaves a link's expiry unchanged after a weak attempt: it works within its hour, and not after", async () => {
    // Prepare: two accounts, a link each, issued at the same moment
    const kept = await signedIn();
    const lapsed = await signedIn();
    const stranger = await new Browser().open();
    const issued = Date.now() + 1_000;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(issued);
    const keptLink = await resetLink(stranger, kept.email);
    const lapsedLink = await resetLink(stranger, lapsed.email);
    // Act: weak attempts a minute before the hour ends; the strong ones just before, and just after
    clock.mockReturnValue(issued + RESET_MS - 60_000);
    const weakKept = await resetWith(stranger, keptLink, 'short');
    const weakLapsed = await resetWith(stranger, lapsedLink, 'short');
    clock.mockReturnValue(issued + RESET_MS - 2_000);
    const inTime = await resetWith(stranger, keptLink, 'a brand new passphrase');
    clock.mockReturnValue(issued + RESET_MS + 2_000);
    const late = await resetWith(stranger, lapsedLink, 'a brand new passphrase');
    // Assess: the weak attempt gave no extra time
    expectError(routes.accountPasswordReset, weakKept, 400, 'WEAK_PASSWORD');
    expectError(routes.accountPasswordReset, weakLapsed, 400, 'WEAK_PASSWORD');
    expect(inTime.status).toBe(200);
    expectError(routes.accountPasswordReset, late, 400, 'INVALID_TOKEN');
  });

  it('deletes an account with its password: its keys stop at once and its email can sign up again', async () => {
    // Prepare
    const { browser, email } = await signedIn();
    const key = (await browser.post('/account/keys', { name: 'doomed' })).body.key as string;
    const before = await api.get('/v1/meta/coordinates-lookup?term=paris', { 'x-api-key': key });
    // Act
    const wrong = await browser.post('/account/delete', { password: 'not my password at all' });
    const deleted = await browser.post('/account/delete', { password: PASSWORD });
    const after = await api.get('/v1/meta/coordinates-lookup?term=paris', { 'x-api-key': key });
    const session = await browser.get('/account/session');
    await browser.open(); // signed out: the pre-session CSRF token
    const signin = await browser.post('/account/signin', { email, password: PASSWORD });
    const again = await (await new Browser().open()).post('/account/signup', { email, password: PASSWORD });
    // Assess
    expect(before.status).toBe(200);
    expectError(routes.accountDelete, wrong, 401, 'INVALID_CREDENTIALS');
    expect(deleted.status).toBe(200);
    expect(after.status).toBe(401);
    expect(session.body.signed_in).toBe(false);
    expectError(routes.accountSignIn, signin, 401, 'INVALID_CREDENTIALS');
    expect(again.status).toBe(202);
    expect(lastMailTo(email)!.link).toMatch(/#verify=/); // a new sign-up, not a notice to an owner
  });

  it('shows the tier with what the next one gives', async () => {
    const { browser } = await signedIn();
    const session = await browser.get('/account/session');
    expect(session.body.account).toMatchObject({
      tier: 'free',
      daily_limit: 10,
      key_limit: KEY_CAP,
      daily_key_creations: KEYS_PER_DAY,
      next_tier: { tier: 'basic', daily_limit: 1000 },
    });
  });
});
