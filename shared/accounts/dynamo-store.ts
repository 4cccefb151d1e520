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
import type { AttributeValue, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { Tier, type ApiKeyRecord } from '../store/types.ts';
import { sha256 } from './crypto.ts';
import type { Account, AccountKey, AccountStore, KeyChange, ResetLink, Session } from './store.ts';

const sdk = () => import('@aws-sdk/client-dynamodb');
type Item = Record<string, AttributeValue>;

/** Expired items are kept this long past expiry before TTL removes them (an expired session says so). */
const GRACE_S = 86_400;
/** How long a disabled key's item stays for audit before TTL removes it. */
const DISABLED_RETENTION_S = 30 * 86_400;

const seconds = (ms: number) => Math.ceil(ms / 1000);
const S = (value: string) => ({ S: value });
const N = (value: number) => ({ N: String(value) });
/** How many times out of the window an item may carry before they are dropped. */
const TIMES_SLACK = 32;
const timesOf = (item: Item | undefined): number[] =>
  (item?.times?.L ?? []).map((t) => Number(t.N)).sort((a, b) => a - b);
const isConditionFailure = (error: unknown) =>
  (error as { name?: string }).name === 'ConditionalCheckFailedException';
/** Items past their TTL that TTL has not deleted yet are treated as gone. */
const alive = (item: Item | undefined) =>
  item && !(item.expires_at?.N && Number(item.expires_at.N) * 1000 <= Date.now()) ? item : undefined;

const toReset = (item: Item | undefined): ResetLink | undefined =>
  item?.account_id?.S && item.nonce?.S ? { accountId: item.account_id.S, nonce: item.nonce.S } : undefined;

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

export class DynamoAccountStore implements AccountStore {
  private readonly client: DynamoDBClient;
  private readonly table: string;

  constructor(client: DynamoDBClient, table: string) {
    this.client = client;
    this.table = table;
  }

  private async get(pk: string): Promise<Item | undefined> {
    const { GetItemCommand } = await sdk();
    const out = await this.client.send(
      new GetItemCommand({ TableName: this.table, Key: { pk: S(pk) }, ConsistentRead: true }),
    );
    return alive(out.Item);
  }

  private async put(item: Item, condition?: { expression: string; values?: Item }): Promise<boolean> {
    const { PutItemCommand } = await sdk();
    try {
      await this.client.send(
        new PutItemCommand({
          TableName: this.table,
          Item: item,
          ...(condition
            ? { ConditionExpression: condition.expression, ExpressionAttributeValues: condition.values }
            : {}),
        }),
      );
      return true;
    } catch (error) {
      if (condition && isConditionFailure(error)) return false;
      throw error;
    }
  }

  /** One UpdateItem; false when its condition fails. */
  private async update(
    pk: string,
    expression: string,
    options: { condition?: string; names?: Record<string, string>; values?: Item } = {},
  ): Promise<boolean> {
    const { UpdateItemCommand } = await sdk();
    try {
      await this.client.send(
        new UpdateItemCommand({
          TableName: this.table,
          Key: { pk: S(pk) },
          UpdateExpression: expression,
          ConditionExpression: options.condition,
          ExpressionAttributeNames: options.names,
          ExpressionAttributeValues: options.values,
        }),
      );
      return true;
    } catch (error) {
      if (options.condition && isConditionFailure(error)) return false;
      throw error;
    }
  }

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

  async putVerification(tokenHash: string, accountId: string, nonce: string, expiresAt: number) {
    await this.put({
      pk: S(`VERIFY#${tokenHash}`),
      account_id: S(accountId),
      nonce: S(nonce),
      expires_at: N(seconds(expiresAt)),
    });
  }

  async takeVerification(tokenHash: string) {
    const { DeleteItemCommand } = await sdk();
    const out = await this.client.send(
      new DeleteItemCommand({
        TableName: this.table,
        Key: { pk: S(`VERIFY#${tokenHash}`) },
        ReturnValues: 'ALL_OLD',
      }),
    );
    const item = alive(out.Attributes);
    return item?.account_id?.S && item.nonce?.S
      ? { accountId: item.account_id.S, nonce: item.nonce.S }
      : undefined;
  }

  async putReset(tokenHash: string, accountId: string, nonce: string, expiresAt: number): Promise<void> {
    // The account's live nonce first: from here on, every link issued before is refused.
    const changed = await this.update(`ACCOUNT#${accountId}`, 'SET reset_nonce = :nonce', {
      condition: 'attribute_exists(pk)',
      values: { ':nonce': S(nonce) },
    });
    if (!changed) return;
    await this.put({
      pk: S(`RESET#${tokenHash}`),
      account_id: S(accountId),
      nonce: S(nonce),
      expires_at: N(seconds(expiresAt)),
    });
  }

  async peekReset(tokenHash: string): Promise<ResetLink | undefined> {
    return toReset(await this.get(`RESET#${tokenHash}`));
  }

  async takeReset(tokenHash: string): Promise<ResetLink | undefined> {
    const { DeleteItemCommand } = await sdk();
    const out = await this.client.send(
      new DeleteItemCommand({
        TableName: this.table,
        Key: { pk: S(`RESET#${tokenHash}`) },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return toReset(alive(out.Attributes));
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

  async putDevice(tokenHash: string, accountId: string, expiresAt: number): Promise<void> {
    await this.put({
      pk: S(`DEVICE#${tokenHash}`),
      account_id: S(accountId),
      expires_at: N(seconds(expiresAt)),
    });
  }

  async getDevice(tokenHash: string): Promise<string | undefined> {
    return (await this.get(`DEVICE#${tokenHash}`))?.account_id?.S;
  }

  async deleteAccount(id: string): Promise<void> {
    const account = await this.getAccount(id);
    if (!account) return;
    const { DeleteItemCommand } = await sdk();
    // The email first: once it is free, a new sign-up may take it, whatever happens to the rest.
    await this.client
      .send(
        new DeleteItemCommand({
          TableName: this.table,
          Key: { pk: S(`EMAIL#${sha256(account.email)}`) },
          ConditionExpression: 'account_id = :id',
          ExpressionAttributeValues: { ':id': S(id) },
        }),
      )
      .catch((error: unknown) => {
        if (!isConditionFailure(error)) throw error;
      });
    await this.client.send(new DeleteItemCommand({ TableName: this.table, Key: { pk: S(`ACCOUNT#${id}`) } }));
  }

  async putSession(tokenHash: string, session: Session): Promise<void> {
    await this.put({
      pk: S(`SESSION#${tokenHash}`),
      account_id: S(session.accountId),
      csrf: S(session.csrf),
      expires_ms: N(session.expiresAt),
      expires_at: N(seconds(session.expiresAt) + GRACE_S),
    });
  }

  async getSession(tokenHash: string): Promise<Session | undefined> {
    const item = await this.get(`SESSION#${tokenHash}`);
    if (!item?.account_id?.S || !item.csrf?.S) return undefined;
    return { accountId: item.account_id.S, csrf: item.csrf.S, expiresAt: Number(item.expires_ms?.N ?? 0) };
  }

  async deleteSession(tokenHash: string): Promise<void> {
    const { DeleteItemCommand } = await sdk();
    await this.client.send(
      new DeleteItemCommand({ TableName: this.table, Key: { pk: S(`SESSION#${tokenHash}`) } }),
    );
  }

  async attempts(subject: string, windowStart: number): Promise<number> {
    const item = await this.get(`THROTTLE#${subject}#${windowStart}`);
    return Number(item?.n?.N ?? 0);
  }

  async addAttempt(subject: string, windowStart: number, windowMs: number): Promise<number> {
    const { UpdateItemCommand } = await sdk();
    const out = await this.client.send(
      new UpdateItemCommand({
        TableName: this.table,
        Key: { pk: S(`THROTTLE#${subject}#${windowStart}`) },
        UpdateExpression: 'ADD n :one SET expires_at = if_not_exists(expires_at, :until)',
        ExpressionAttributeValues: { ':one': N(1), ':until': N(seconds(windowStart + windowMs)) },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(out.Attributes?.n?.N ?? 1);
  }

  async recent(subject: string, since: number): Promise<number[]> {
    const item = await this.get(`TIMES#${subject}`);
    return timesOf(item).filter((t) => t >= since);
  }

  async record(subject: string, at: number, keepMs: number): Promise<number[]> {
    const { UpdateItemCommand } = await sdk();
    const out = await this.client.send(
      new UpdateItemCommand({
        TableName: this.table,
        Key: { pk: S(`TIMES#${subject}`) },
        UpdateExpression: 'SET times = list_append(if_not_exists(times, :none), :at), expires_at = :until',
        ExpressionAttributeValues: {
          ':none': { L: [] },
          ':at': { L: [N(at)] },
          ':until': N(seconds(at + keepMs)),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    const all = timesOf(out.Attributes);
    const kept = all.filter((t) => t >= at - keepMs);
    // Times out of the window are dropped now and then, so the item stays small under a long attack
    // (a time recorded meanwhile by another instance may be lost: one failure less, never one more).
    if (all.length - kept.length > TIMES_SLACK)
      await this.client.send(
        new UpdateItemCommand({
          TableName: this.table,
          Key: { pk: S(`TIMES#${subject}`) },
          UpdateExpression: 'SET times = :kept',
          ExpressionAttributeValues: { ':kept': { L: kept.map(N) } },
        }),
      );
    return kept;
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
