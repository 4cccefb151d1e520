/**
 * Leases on DynamoDB items: an item held by one holder until a time, taken when free or expired, given
 * back early by its holder. The result cache's fetch leases and the per-source slots are both this.
 * Only UpdateItem, which keyed functions already may call.
 */
import type { TableRef } from './table.ts';
import { updateIf } from './update-if.ts';

/** How long a lease runs, how long its item is kept after it, and what else the item must be for it to be taken. */
export interface LeaseTerms {
  ms: number;
  keepSeconds: number;
  /** A further condition on the item, over `:now` (a result cache item: no fresh result in it). */
  also?: string;
}

const FREE = 'attribute_not_exists(lease_until) OR lease_until < :now';

/**
 * Takes the item's lease for `ms` when it is free or expired (and `also` holds); true when `holder` now holds
 * it. The item itself expires (TTL) `keepSeconds` after the lease.
 * @example await takeLease({ client, table }, 'SLOT#site_a#3', holder, { ms: 30_000, keepSeconds: 86_400 })
 */
export function takeLease(
  table: TableRef,
  pk: string,
  holder: string,
  { ms, keepSeconds, also }: LeaseTerms,
): Promise<boolean> {
  const now = Date.now();
  return updateIf(table, pk, {
    UpdateExpression: 'SET holder = :holder, lease_until = :until, expires_at = :expires',
    ConditionExpression: also ? `(${FREE}) AND (${also})` : FREE,
    ExpressionAttributeValues: {
      ':holder': { S: holder },
      ':until': { N: String(now + ms) },
      ':now': { N: String(now) },
      ':expires': { N: String(Math.ceil((now + ms) / 1000) + keepSeconds) },
    },
  });
}

/** Gives the lease back early; a no-op when another holder has taken it over. @example await giveBackLease(t, pk, holder) */
export async function giveBackLease(table: TableRef, pk: string, holder: string): Promise<void> {
  await updateIf(table, pk, {
    UpdateExpression: 'SET lease_until = :zero',
    ConditionExpression: 'holder = :holder',
    ExpressionAttributeValues: { ':zero': { N: '0' }, ':holder': { S: holder } },
  });
}
