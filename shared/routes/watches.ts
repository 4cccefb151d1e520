/**
 * The watches resource (issue #38): a key's owner asks to be told, by a signed webhook, when a watched
 * route's answer changes. Keyed and not counted against the quota (each check the watch makes is: one
 * billed call of the watched route). JSON bodies and a DELETE: no operation of the data API, no MCP tool.
 */
import { ACCOUNT_INPUT, CSRF_ERRORS, SESSION_ERRORS, type ErrorSpec, type Route } from './types.ts';
import { area } from './area.ts';

const NOT_FOUND = {
  WATCH_NOT_FOUND: { status: 404, when: 'the key has no watch with this id' },
} as const satisfies Record<string, ErrorSpec>;

export const watchRoutes = area(
  { provider: 'account', kind: 'watch', counted: false, folder: 'watches', idPrefix: 'watch' },
  {
    watchCreate: {
      method: 'POST',
      path: '/v1/watches',
      product: 'watches',
      success: [201],
      errors: {
        ROUTE_NOT_WATCHABLE: {
          status: 400,
          when: 'route is no keyed data route with a stay or a date, or declares no watchable field',
        },
        CONDITION_NOT_SUPPORTED: {
          status: 400,
          when: "the condition needs a field (price, availability) the route's answer does not carry",
        },
        INVALID_CALLBACK_URL: {
          status: 400,
          when: 'callback_url is not https, has credentials, or names a private, loopback or link-local address (allowed in local mode)',
        },
        INTERVAL_TOO_SHORT: { status: 400, when: "interval is shorter than the key's tier allows" },
        WATCH_LIMIT_REACHED: { status: 409, when: 'the key already has as many watches as its tier allows' },
      },
      summary:
        'Creates a watch: the route and its parameters (checked as a real call would be), a condition, an interval, an end and the https URL to call; the signing secret is in this answer only',
      example: '/v1/watches',
    },
    watchList: {
      path: '/v1/watches',
      product: 'watches',
      summary: "The key's watches with their status, next check and last result",
      example: '/v1/watches',
    },
    watchGet: {
      path: '/v1/watches/{watch_id}',
      product: 'watches',
      errors: NOT_FOUND,
      summary: 'One watch with its last checks and deliveries, each attempt of each delivery',
      example: '/v1/watches/wch_0123456789abcdef0123',
    },
    watchDelete: {
      method: 'DELETE',
      path: '/v1/watches/{watch_id}',
      product: 'watches',
      errors: NOT_FOUND,
      summary: 'Deletes a watch: no check or delivery follows',
      example: '/v1/watches/wch_0123456789abcdef0123',
    },
  },
) satisfies Record<string, Route>;

/** The dashboard's view of an account's watches (session, CSRF), over all the account's keys. */
export const accountWatchRoutes = area(
  {
    provider: 'account',
    method: 'POST',
    auth: false,
    validation: ACCOUNT_INPUT,
    kind: 'account',
    folder: 'watches',
  },
  {
    accountWatches: {
      method: 'GET',
      path: '/account/watches',
      handler: 'account-list',
      product: 'watches',
      errors: { ...SESSION_ERRORS },
      summary:
        "The account's watches over all its keys, each with its key's name, status, reason and last check",
      example: '/account/watches',
    },
    accountWatchStatus: {
      path: '/account/watches/{watch_id}/status',
      handler: 'account-status',
      product: 'watches',
      errors: {
        ...SESSION_ERRORS,
        ...CSRF_ERRORS,
        WATCH_NOT_FOUND: { status: 404, when: "no watch of this id on the account's keys, or it has ended" },
      },
      summary:
        '`{status: "paused"}` pauses a watch, `{status: "active"}` resumes it (checked at the next tick)',
      example: '/account/watches/wch_0123456789abcdef0123/status',
    },
    accountWatchDelete: {
      path: '/account/watches/{watch_id}/delete',
      handler: 'account-delete',
      product: 'watches',
      errors: {
        ...SESSION_ERRORS,
        ...CSRF_ERRORS,
        WATCH_NOT_FOUND: { status: 404, when: "no watch of this id on the account's keys" },
      },
      summary: 'Deletes one of the account’s watches',
      example: '/account/watches/wch_0123456789abcdef0123/delete',
    },
  },
) satisfies Record<string, Route>;
