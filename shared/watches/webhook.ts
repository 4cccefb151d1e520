/**
 * Deliveries the Standard Webhooks way (standardwebhooks.com): `webhook-id` (the same on every attempt),
 * `webhook-timestamp` (epoch seconds of this attempt) and `webhook-signature` (`v1,` and the HMAC-SHA256 of
 * `id.timestamp.body` under the watch's secret), signed by the standard's own library, and posted through
 * the outbound guard (callback-url.ts). The secret is derived from the watch's id (signing.ts).
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Webhook } from 'standardwebhooks';
import { guardedLookup } from './callback-url.ts';

/**
 * The three headers of one attempt.
 * @example signedHeaders(secret, 'msg_1', new Date(), body)['webhook-signature'] // 'v1,…'
 */
export function signedHeaders(secret: string, id: string, at: Date, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  };
}

/** What a receiver answered: its status, or the error that stopped the attempt. */
export interface PostResult {
  status: number | null;
  error: string | null;
}

/**
 * How long a receiver has to answer, in all: connecting, taking the body, and sending its status line and
 * headers. A deadline on the whole attempt, not an idle timeout: a receiver trickling bytes cannot hold a
 * delivery (and the delivery worker's batch) past it. Its body is never read.
 */
export const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * Posts a delivery to the callback URL through the outbound guard; a redirect is an answer, not followed.
 * Settles with the status as soon as the status line and headers are in (the body is dropped unread), or
 * with the error, a timeout included, that ended the attempt: either is recorded as the attempt.
 * @example await postWebhook(url, headers, body) // { status: 204, error: null }
 */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs = DELIVERY_TIMEOUT_MS,
): Promise<PostResult> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(result);
    };
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      target,
      {
        method: 'POST',
        lookup: guardedLookup() as never,
        // No pooled socket: the connection ends with this attempt, whatever the receiver still sends.
        agent: false,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'travel-data-api-webhooks',
        },
      },
      (res) => {
        settle({ status: res.statusCode ?? null, error: null });
        // Only the status counts: the body is not waited for.
        res.destroy();
      },
    );
    const deadline = setTimeout(() => {
      settle({ status: null, error: `no answer within ${timeoutMs / 1000} s` });
      req.destroy();
    }, timeoutMs);
    req.on('error', (error) => settle({ status: null, error: error.message }));
    req.end(body);
  });
}
