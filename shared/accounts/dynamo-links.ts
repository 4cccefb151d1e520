/**
 * The account store's short-lived items in the counters table: verification and password-reset links,
 * devices, sessions, and the times the throttles count (see dynamo-store.ts for the table's layout).
 */
import type { ResetLink, Session } from '../store/types.ts';
import { DynamoTable, N, S, sdk, seconds, type Item } from './dynamo-table.ts';

/** Expired items are kept this long past expiry before TTL removes them (an expired session says so). */
const GRACE_S = 86_400;

/** How many times out of the window an item may carry before they are dropped. */
const TIMES_SLACK = 32;
const timesOf = (item: Item | undefined): number[] =>
  (item?.times?.L ?? []).map((t) => Number(t.N)).sort((a, b) => a - b);

/** A verification or reset link's item read: the account it is for and the nonce it was issued with. */
const toLink = (item: Item | undefined): ResetLink | undefined =>
  item?.account_id?.S && item.nonce?.S ? { accountId: item.account_id.S, nonce: item.nonce.S } : undefined;

/** Links, devices, sessions and throttles: the items that expire. */
export abstract class DynamoLinkStore extends DynamoTable {
  async putVerification(tokenHash: string, accountId: string, nonce: string, expiresAt: number) {
    await this.put({
      pk: S(`VERIFY#${tokenHash}`),
      account_id: S(accountId),
      nonce: S(nonce),
      expires_at: N(seconds(expiresAt)),
    });
  }

  async takeVerification(tokenHash: string) {
    return toLink(await this.take(`VERIFY#${tokenHash}`));
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
    return toLink(await this.get(`RESET#${tokenHash}`));
  }

  async takeReset(tokenHash: string): Promise<ResetLink | undefined> {
    return toLink(await this.take(`RESET#${tokenHash}`));
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
}
