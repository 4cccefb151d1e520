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

/** How long a receiver has to answer. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * Posts a delivery to the callback URL through the outbound guard; a redirect is an answer, not followed.
 * @example await postWebhook(url, headers, body) // { status: 204, error: null }
 */
export function postWebhook(url: string, headers: Record<string, string>, body: string): Promise<PostResult> {
  return new Promise((resolve) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      target,
      {
        method: 'POST',
        lookup: guardedLookup() as never,
        timeout: DELIVERY_TIMEOUT_MS,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'travel-data-api-webhooks',
        },
      },
      (res) => {
        res.resume(); // the answer's body is not read: only its status counts
        res.on('end', () => resolve({ status: res.statusCode ?? null, error: null }));
        res.on('error', (error) => resolve({ status: res.statusCode ?? null, error: error.message }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${DELIVERY_TIMEOUT_MS / 1000} s`)));
    req.on('error', (error) => resolve({ status: null, error: error.message }));
    req.end(body);
  });
}
