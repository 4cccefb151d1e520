/** The account routes: the usage endpoint (keyed) and the accounts dashboard with its session API. */
import { EDGE_REFUSALS, STATUS } from '../errors.ts';
import { ACCOUNT_INPUT, CSRF_ERRORS, type ErrorSpec, type Route, SESSION_ERRORS } from './types.ts';
import { area } from './area.ts';

/** The dashboard's script or styles asked by a name it does not have. */
const NO_ASSET = {
  not_found: { status: EDGE_REFUSALS.notFound.status, when: 'no asset of this name', dialect: 'global' },
} as const satisfies Record<string, ErrorSpec>;

const WEAK_PASSWORD = {
  status: 400,
  when: 'the password is shorter than 12 characters, common, or made of the email',
} as const;
const KEY_NOT_FOUND = { status: 404, when: 'the account has no key with this id' } as const;
const KEY_ALREADY_REVOKED = { status: 409, when: 'the key is revoked already' } as const;

/** The usage endpoint: keyed, and it reads the quota without spending it. */
const usageRoutes = area(
  { provider: 'account', counted: false },
  {
    accountUsage: {
      path: '/v1/account/usage',
      product: 'usage',
      summary:
        "The calling key's tier, today's quota (used, remaining, limit, reset) and its daily requests for the last 30 days, per endpoint; not counted against the quota",
      example: '/v1/account/usage',
    },
  },
);

/** The dashboard's page and assets. */
const dashboardRoutes = area(
  { provider: 'account', auth: false, kind: 'account' },
  {
    dashboard: {
      path: '/dashboard',
      product: 'dashboard',
      summary: 'The accounts dashboard: sign up, sign in, keys, usage chart, remaining quota',
      example: '/dashboard',
    },
    dashboardAsset: {
      path: '/dashboard/{asset}',
      product: 'dashboard',
      errors: NO_ASSET,
      summary:
        "The dashboard's script and styles (chart library included), bundled and served by the API itself",
      example: '/dashboard/app.js',
    },
  },
);

/** The session API behind the dashboard: cookies and CSRF tokens, JSON bodies. */
const sessionRoutes = area(
  { provider: 'account', method: 'POST', auth: false, validation: ACCOUNT_INPUT, kind: 'account' },
  {
    accountSession: {
      method: 'GET',
      path: '/account/session',
      product: 'session',
      summary: 'Whether the browser is signed in, its account, and the CSRF token for its next requests',
      example: '/account/session',
    },
    accountSignUp: {
      path: '/account/signup',
      handler: 'signup',
      product: 'signup',
      success: [202],
      errors: {
        ...CSRF_ERRORS,
        WEAK_PASSWORD,
        TOO_MANY_ATTEMPTS: {
          status: STATUS.tooManyRequests,
          when: 'too many sign-ups from this address; Retry-After says when to retry',
        },
      },
      summary:
        'Signs up with email and password; the same answer whether or not the email is registered, a verification link is mailed',
      example: '/account/signup',
    },
    accountVerify: {
      path: '/account/verify',
      product: 'verify',
      errors: {
        ...CSRF_ERRORS,
        INVALID_TOKEN: { status: 400, when: 'the verification link is unknown, used or expired' },
      },
      summary: "Verifies the account's email with the token of the mailed link",
      example: '/account/verify',
    },
    accountSignIn: {
      path: '/account/signin',
      handler: 'signin',
      product: 'signin',
      errors: {
        ...CSRF_ERRORS,
        INVALID_CREDENTIALS: {
          status: STATUS.unauthorized,
          when: 'the email and password match no verified account',
        },
        EMAIL_NOT_VERIFIED: { status: 403, when: 'the password is right but the email is not verified yet' },
        TOO_MANY_ATTEMPTS: {
          status: STATUS.tooManyRequests,
          when: 'too many failed sign-ins for this account or from this address; Retry-After says when to retry',
        },
      },
      summary: 'Signs in: sets the HttpOnly session cookie and returns a new CSRF token',
      example: '/account/signin',
    },
    accountSignOut: {
      path: '/account/signout',
      handler: 'signout',
      product: 'signout',
      errors: { ...CSRF_ERRORS },
      summary: 'Signs out: ends the session and clears its cookie',
      example: '/account/signout',
    },
    accountKeys: {
      method: 'GET',
      path: '/account/keys',
      handler: 'keys-list',
      product: 'keys',
      errors: { ...SESSION_ERRORS },
      summary: "The account's keys: name, prefix, created, last used, today's count, status",
      example: '/account/keys',
    },
    accountKeyCreate: {
      path: '/account/keys',
      handler: 'keys-create',
      product: 'keys',
      success: [201],
      errors: {
        ...SESSION_ERRORS,
        ...CSRF_ERRORS,
        KEY_LIMIT_REACHED: {
          status: 409,
          when: 'the account already has as many live keys as its cap allows',
        },
        DAILY_KEY_LIMIT_REACHED: {
          status: STATUS.tooManyRequests,
          when: 'the account created as many keys today (UTC) as a day allows, revoked ones included; Retry-After gives the reset',
        },
      },
      summary: "Creates a named key on the account's tier; the key is in this answer only, and works at once",
      example: '/account/keys',
    },
    accountKeyRevoke: {
      path: '/account/keys/{key_id}/revoke',
      handler: 'keys-revoke',
      product: 'keys',
      errors: { ...SESSION_ERRORS, ...CSRF_ERRORS, KEY_NOT_FOUND, KEY_ALREADY_REVOKED },
      summary: 'Revokes a key: the API refuses it from then on',
      example: '/account/keys/0123456789abcdef/revoke',
    },
    accountKeyRotate: {
      path: '/account/keys/{key_id}/rotate',
      handler: 'keys-rotate',
      product: 'keys',
      success: [201],
      errors: { ...SESSION_ERRORS, ...CSRF_ERRORS, KEY_NOT_FOUND, KEY_ALREADY_REVOKED },
      summary: 'Replaces a key by a new one of the same name, shown once; the old one is revoked',
      example: '/account/keys/0123456789abcdef/rotate',
    },
    accountPasswordForgot: {
      path: '/account/password/forgot',
      product: 'password',
      success: [202],
      errors: {
        ...CSRF_ERRORS,
        TOO_MANY_ATTEMPTS: {
          status: STATUS.tooManyRequests,
          when: 'too many reset requests from this address; Retry-After says when to retry',
        },
      },
      summary: 'Mails a link to set a new password; the same answer whether or not the email is registered',
      example: '/account/password/forgot',
    },
    accountPasswordReset: {
      path: '/account/password/reset',
      product: 'password',
      errors: {
        ...CSRF_ERRORS,
        INVALID_TOKEN: { status: 400, when: 'the reset link is unknown, used or expired' },
        WEAK_PASSWORD,
      },
      summary: 'Sets a new password with the token of the mailed link; sessions opened before end',
      example: '/account/password/reset',
    },
    accountDelete: {
      path: '/account/delete',
      product: 'account',
      errors: {
        ...SESSION_ERRORS,
        ...CSRF_ERRORS,
        INVALID_CREDENTIALS: {
          status: STATUS.unauthorized,
          when: 'the password is wrong: nothing is deleted',
        },
      },
      summary:
        'Deletes the account with the password: its keys stop at once (at the gateway too), the email is freed; with check_only, checks the password and deletes nothing',
      example: '/account/delete',
    },
    accountActivity: {
      method: 'GET',
      path: '/account/activity',
      product: 'usage',
      errors: { ...SESSION_ERRORS },
      summary:
        "The account's requests per day for the last 30 days, per key and per endpoint, and each key's quota today",
      example: '/account/activity',
    },
  },
);

export const accountRoutes = {
  ...usageRoutes,
  ...dashboardRoutes,
  ...sessionRoutes,
} satisfies Record<string, Route>;
