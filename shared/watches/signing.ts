/**
 * Each watch's signing secret, derived and never stored: `whsec_` and the HMAC-SHA256 of the watch's id
 * under the deployment's signing key, in base64 (the Standard Webhooks form, 32 bytes). The table holds
 * no secret a reader of it could sign with; the creation shows the secret once and each delivery derives
 * it again. Deployed, the key is a Secrets Manager secret (`WEBHOOK_SIGNING_SECRET_ID`) read through the
 * Parameters and Secrets extension by the functions that need it (create, deliver, and MCP, whose watch
 * tools create watches in process); under
 * `npm start` it is a file of the data folder, made on first start (infra/local/watches.ts).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { fromSecretsExtension } from '../upstream/secrets.ts';

let key: Promise<Buffer> | undefined;

/**
 * Sets the signing key of this process (the data folder's, a test's).
 * @example useSigningKey(randomBytes(32))
 */
export function useSigningKey(value: Buffer): void {
  if (value.length < 32) throw new Error('a webhook signing key has at least 32 bytes');
  key = Promise.resolve(value);
}

/** The deployment's key, read once per process; without a deployment, a key of this process alone. */
function signingKey(): Promise<Buffer> {
  key ??= (async () => {
    const secretId = process.env.WEBHOOK_SIGNING_SECRET_ID;
    if (!secretId) return randomBytes(32);
    const value = await fromSecretsExtension(secretId);
    if (value.length < 32) throw new Error('the webhook signing key secret is shorter than 32 characters');
    return Buffer.from(value, 'utf8');
  })().catch((error: unknown) => {
    // A failed read is tried again by the next call, not kept.
    key = undefined;
    throw error;
  });
  return key;
}

/**
 * The signing secret of a watch.
 * @example await watchSecret('wch_0123456789abcdef0123') // 'whsec_…'
 */
export async function watchSecret(watchId: string): Promise<string> {
  const digest = createHmac('sha256', await signingKey())
    .update(`watch-signing:${watchId}`)
    .digest('base64');
  return `whsec_${digest}`;
}
