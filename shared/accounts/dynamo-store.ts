/**
 * Accounts in the counters table (one table, keyed by `pk` alone; every change one conditional write):
 * - `ACCOUNT#<id>`: email, scrypt hash, verified, tier, its keys (`account_keys`, by key id: hash, name, prefix,
 *   tier, created, revoked) and `live_keys`, the count the per-account cap is checked against;
 *   `expires_at` while unverified, so an abandoned sign-up goes away by TTL;
 * - `EMAIL#<sha256 of the email>`: the account holding the address (claimed with a conditional put);
 * - `VERIFY#…`, `RESET#<sha256 of the token>`, `SESSION#<sha256 of the cookie>`: verification and
 *   password-reset links, sessions; a reset link carries a nonce that must still be the account's
 *   `reset_nonce`, so a newer link or a used one ends every other;
 * - `DEVICE#<sha256 of the device cookie>`: a browser that signed in to the account, trusted by sign-in;
 * - `THROTTLE#<subject>#<day>`: creations of keys in a UTC day;
 * - `TIMES#<subject>`: when each failed sign-in (per account, per address, per pair), sign-up and reset
 *   request happened, for the sliding windows of the throttles;
 * - `KEY#<sha256 of the key>`: what keyed functions read (tier, name), with `account_id`.
 * No token, cookie or key is stored: only their hashes.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import {
  Tier,
  type ApiKeyRecord,
  type Account,
  type AccountKey,
  type AccountStore,
  type KeyChange,
} from '../store/types.ts';
import { sha256 } from './crypto.ts';
import { DynamoLinkStore } from './dynamo-links.ts';
import { written } from '../store/conditional.ts';
import { N, S, sdk, seconds, type Item } from './dynamo-table.ts';
/** How long a disabled key's item stays for audit before TTL removes it. */
const DISABLED_RETENTION_S = 30 * 86_400;

function keyItem(key: AccountKey): AttributeValue {
  return {
    M: {
      key_id: S(key.keyId),
      name: S(key.name),
      prefix: S(key.prefix),
      tier: S(key.tier),
      created_at: N(key.createdAt),
      ...(key.revokedAt ? { revoked_at: N(key.revokedAt) } : {}),
      ...(key.gatewayId ? { gateway_id: S(key.gatewayId) } : {}),
    },
  };
}

function toKey(id: string, value: AttributeValue): AccountKey {
  const m = value.M ?? {};
  return {
    id,
    keyId: m.key_id?.S ?? '',
    name: m.name?.S ?? '',
    prefix: m.prefix?.S ?? '',
    tier: Tier.catch('free').parse(m.tier?.S),
    createdAt: Number(m.created_at?.N ?? 0),
    ...(m.revoked_at?.N ? { revokedAt: Number(m.revoked_at.N) } : {}),
    ...(m.gateway_id?.S ? { gatewayId: m.gateway_id.S } : {}),
  };
}

function toAccount(item: Item): Account {
  return {
    id: item.pk!.S!.slice('ACCOUNT#'.length),
    email: item.email?.S ?? '',
    passwordHash: item.password_hash?.S ?? '',
    verified: item.verified?.BOOL ?? false,
    tier: Tier.catch('free').parse(item.tier?.S),
    createdAt: Number(item.created_at?.N ?? 0),
    verifyNonce: item.verify_nonce?.S ?? '',
    ...(item.sessions_from?.N ? { sessionsFrom: Number(item.sessions_from.N) } : {}),
    ...(item.reset_nonce?.S ? { resetNonce: item.reset_nonce.S } : {}),
    keys: Object.entries(item.account_keys?.M ?? {})
      .map(([id, value]) => toKey(id, value))
      .sort((a, b) => a.createdAt - b.createdAt),
  };
}

export class DynamoAccountStore extends DynamoLinkStore implements AccountStore {
  async createAccount(account: Account, unverifiedUntil: number): Promise<'created' | 'exists'> {
    const claimed = await this.put(
      {
        pk: S(`EMAIL#${sha256(account.email)}`),
        account_id: S(account.id),
        expires_at: N(seconds(unverifiedUntil)),
      },
      // Free, or held by a sign-up that was never verified and has expired (TTL may not have removed it yet).
      {
        expression: 'attribute_not_exists(pk) OR expires_at < :now',
        values: { ':now': N(seconds(Date.now())) },
      },
    );
    if (!claimed) return 'exists';
    await this.put({
      pk: S(`ACCOUNT#${account.id}`),
      email: S(account.email),
      password_hash: S(account.passwordHash),
      verified: { BOOL: account.verified },
      tier: S(account.tier),
      created_at: N(account.createdAt),
      verify_nonce: S(account.verifyNonce),
      live_keys: N(0),
      account_keys: { M: {} },
      expires_at: N(seconds(unverifiedUntil)),
    });
    return 'created';
  }

  async findByEmail(email: string): Promise<Account | undefined> {
    const claim = await this.get(`EMAIL#${sha256(email)}`);
    return claim?.account_id?.S ? this.getAccount(claim.account_id.S) : undefined;
  }

  async getAccount(id: string): Promise<Account | undefined> {
    const item = await this.get(`ACCOUNT#${id}`);
    return item && toAccount(item);
  }

  async restartUnverified(id: string, passwordHash: string, verifyNonce: string, until: number) {
    const changed = await this.update(
      `ACCOUNT#${id}`,
      'SET password_hash = :hash, verify_nonce = :nonce, expires_at = :until',
      {
        condition: 'verified = :no',
        values: {
          ':hash': S(passwordHash),
          ':nonce': S(verifyNonce),
          ':until': N(seconds(until)),
          ':no': { BOOL: false },
        },
      },
    );
    const account = changed ? await this.getAccount(id) : undefined;
    if (account)
      await this.update(`EMAIL#${sha256(account.email)}`, 'SET expires_at = :until', {
        condition: 'account_id = :id',
        values: { ':until': N(seconds(until)), ':id': S(id) },
      });
  }

  async markVerified(id: string, nonce: string): Promise<boolean> {
    if (!nonce) return false;
    // The nonce is spent: no other link of the account verifies after this one.
    const verified = await this.update(
      `ACCOUNT#${id}`,
      'SET verified = :yes REMOVE expires_at, verify_nonce',
      {
        condition: 'verify_nonce = :nonce AND expires_at > :now',
        values: { ':yes': { BOOL: true }, ':nonce': S(nonce), ':now': N(seconds(Date.now())) },
      },
    );
    if (!verified) return false;
    const account = await this.getAccount(id);
    await this.update(`EMAIL#${sha256(account!.email)}`, 'REMOVE expires_at', {
      condition: 'account_id = :id',
      values: { ':id': S(id) },
    });
    return true;
  }

  async setTier(id: string, tier: Tier): Promise<void> {
    const account = await this.getAccount(id);
    if (!account) return;
    const liveKeys = account.keys.filter((k) => !k.revokedAt);
    await this.update(
      `ACCOUNT#${id}`,
      ['SET tier = :tier', ...liveKeys.map((_k, i) => `account_keys.#k${i}.tier = :tier`)].join(', '),
      {
        ...(liveKeys.length ? { names: Object.fromEntries(liveKeys.map((k, i) => [`#k${i}`, k.id])) } : {}),
        values: { ':tier': S(tier) },
      },
    );
  }

  async setPassword(id: string, passwordHash: string, at: number, resetNonce: string): Promise<boolean> {
    if (!resetNonce) return false;
    const changed = await this.update(
      `ACCOUNT#${id}`,
      'SET password_hash = :hash, verified = :yes, sessions_from = :at REMOVE expires_at, reset_nonce',
      {
        condition: 'reset_nonce = :nonce',
        values: { ':hash': S(passwordHash), ':yes': { BOOL: true }, ':at': N(at), ':nonce': S(resetNonce) },
      },
    );
    const account = changed ? await this.getAccount(id) : undefined;
    if (account)
      await this.update(`EMAIL#${sha256(account.email)}`, 'REMOVE expires_at', {
        condition: 'account_id = :id',
        values: { ':id': S(id) },
      });
    return changed;
  }

  async deleteAccount(id: string): Promise<void> {
    const account = await this.getAccount(id);
    if (!account) return;
    const { DeleteItemCommand } = await sdk();
    // The email first: once it is free, a new sign-up may take it, whatever happens to the rest.
    await written(
      this.client.send(
        new DeleteItemCommand({
          TableName: this.table,
          Key: { pk: S(`EMAIL#${sha256(account.email)}`) },
          ConditionExpression: 'account_id = :id',
          ExpressionAttributeValues: { ':id': S(id) },
        }),
      ),
    );
    await this.client.send(new DeleteItemCommand({ TableName: this.table, Key: { pk: S(`ACCOUNT#${id}`) } }));
  }

  async addKey(accountId: string, key: AccountKey, cap: number): Promise<'done' | 'cap'> {
    const added = await this.update(
      `ACCOUNT#${accountId}`,
      'SET account_keys.#id = :key ADD live_keys :one',
      {
        condition: 'attribute_exists(pk) AND live_keys < :cap',
        names: { '#id': key.id },
        values: { ':key': keyItem(key), ':one': N(1), ':cap': N(cap) },
      },
    );
    return added ? 'done' : 'cap';
  }

  async dropKey(accountId: string, id: string): Promise<void> {
    await this.update(`ACCOUNT#${accountId}`, 'REMOVE account_keys.#id ADD live_keys :minus', {
      condition: 'attribute_exists(account_keys.#id) AND attribute_not_exists(account_keys.#id.revoked_at)',
      names: { '#id': id },
      values: { ':minus': N(-1) },
    });
  }

  /** Why a key change's condition failed: no such key, or revoked already. */
  private async whyNot(accountId: string, id: string): Promise<KeyChange> {
    const key = (await this.getAccount(accountId))?.keys.find((k) => k.id === id);
    return key ? 'revoked already' : 'missing';
  }

  async revokeKey(accountId: string, id: string, at: number): Promise<KeyChange> {
    const revoked = await this.update(
      `ACCOUNT#${accountId}`,
      'SET account_keys.#id.revoked_at = :at ADD live_keys :minus',
      {
        condition: 'attribute_exists(account_keys.#id) AND attribute_not_exists(account_keys.#id.revoked_at)',
        names: { '#id': id },
        values: { ':at': N(at), ':minus': N(-1) },
      },
    );
    return revoked ? 'done' : this.whyNot(accountId, id);
  }

  async replaceKey(accountId: string, id: string, next: AccountKey, at: number): Promise<KeyChange> {
    const replaced = await this.update(
      `ACCOUNT#${accountId}`,
      'SET account_keys.#id.revoked_at = :at, account_keys.#next = :next',
      {
        condition: 'attribute_exists(account_keys.#id) AND attribute_not_exists(account_keys.#id.revoked_at)',
        names: { '#id': id, '#next': next.id },
        values: { ':at': N(at), ':next': keyItem(next) },
      },
    );
    return replaced ? 'done' : this.whyNot(accountId, id);
  }

  async enableKey(record: ApiKeyRecord & { accountId: string; gatewayId?: string }): Promise<void> {
    await this.put({
      pk: S(`KEY#${record.keyId}`),
      tier: S(record.tier),
      name: S(record.name),
      account_id: S(record.accountId),
      created_at: S(new Date(Date.now()).toISOString()),
      ...(record.gatewayId ? { api_key_id: S(record.gatewayId) } : {}),
    });
  }

  async disableKey(keyId: string): Promise<void> {
    await this.update(`KEY#${keyId}`, 'SET revoked = :yes, expires_at = :until', {
      condition: 'attribute_exists(pk)',
      values: { ':yes': { BOOL: true }, ':until': N(seconds(Date.now()) + DISABLED_RETENTION_S) },
    });
  }
}
