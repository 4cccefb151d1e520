// A watch's signing secret is derived, never stored (shared/watches/signing.ts): HMAC-SHA256 of its id
// under the deployment's key, read from Secrets Manager through the Parameters and Secrets extension
// when deployed, from the data folder's key file under npm start.
import { afterAll, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingMessage } from 'node:http';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { localSigningKey } from '../../infra/local/watches.ts';
import { useSigningKey, watchSecret } from '../../shared/watches/signing.ts';
import { signedHeaders } from '../../shared/watches/webhook.ts';

const ID = 'wch_0123456789abcdef0123';
const dir = mkdtempSync(join(tmpdir(), 'signing-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the signing key of a deployment', () => {
  // First in this file: the module has no key yet, so the deployment's secret is read.
  it('is read once from Secrets Manager through the extension, with the session token', async () => {
    // Prepare: the extension's local endpoint, answering the secret
    const asked: IncomingMessage[] = [];
    const extension = createServer((req, res) => {
      asked.push(req);
      res.end(JSON.stringify({ SecretString: 'k'.repeat(64) }));
    });
    await new Promise<void>((ok) => extension.listen(0, '127.0.0.1', ok));
    process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT = String((extension.address() as AddressInfo).port);
    process.env.WEBHOOK_SIGNING_SECRET_ID = 'arn:aws:secretsmanager:eu-west-1:1:secret:webhook-signing';
    process.env.AWS_SESSION_TOKEN = 'session-token';
    try {
      // Act
      const first = await watchSecret(ID);
      const again = await watchSecret(ID);

      // Assess: the key's HMAC, one read for both
      const expected = new Webhook(first).sign('msg', new Date(0), 'body');
      expect(again).toBe(first);
      expect(asked).toHaveLength(1);
      expect(asked[0]!.url).toBe(
        `/secretsmanager/get?secretId=${encodeURIComponent(process.env.WEBHOOK_SIGNING_SECRET_ID)}`,
      );
      expect(asked[0]!.headers['x-aws-parameters-secrets-token']).toBe('session-token');
      expect(signedHeaders(first, 'msg', new Date(0), 'body')['webhook-signature']).toBe(expected);
    } finally {
      delete process.env.WEBHOOK_SIGNING_SECRET_ID;
      delete process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT;
      delete process.env.AWS_SESSION_TOKEN;
      await new Promise((ok) => extension.close(ok));
    }
  });
});

describe("a watch's signing secret", () => {
  it('is whsec_ and 32 bytes, the same for the same id and key, another for another id or key', async () => {
    // Prepare
    useSigningKey(Buffer.alloc(32, 1));
    // Act
    const secret = await watchSecret(ID);
    const same = await watchSecret(ID);
    const other = await watchSecret('wch_ffffffffffffffffffff');
    useSigningKey(Buffer.alloc(32, 2));
    const otherKey = await watchSecret(ID);
    // Assess
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(same).toBe(secret);
    expect(other).not.toBe(secret);
    expect(otherKey).not.toBe(secret);
    // The standard's library takes it as a secret.
    expect(() => new Webhook(secret)).not.toThrow();
  });

  it('refuses a key shorter than 32 bytes', () => {
    expect(() => useSigningKey(Buffer.alloc(16))).toThrow('at least 32 bytes');
  });
});

describe("the data folder's signing key (npm start)", () => {
  it('is made once, readable by its owner only, and read again the same after a restart', async () => {
    // Act
    const made = await localSigningKey(dir);
    const again = await localSigningKey(dir);
    // Assess
    expect(made).toHaveLength(32);
    expect(again.equals(made)).toBe(true);
    expect(statSync(join(dir, 'webhook-signing.key')).mode & 0o777).toBe(0o600);
  });
});
