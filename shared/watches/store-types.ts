/**
 * The watch store's interface and the records it keeps, apart from store.ts, so that the DynamoDB
 * implementation, which store.ts loads on demand, depends on the interface alone and not back on its loader.
 */
import type { Delivery, WatchRecord } from './model.ts';

/** A delivery as kept: the webhook's id, body and attempts. */
export interface DeliveryRecord {
  /** The webhook-id header, the same on every attempt. */
  id: string;
  watchId: string;
  /** The JSON body, signed and sent as is on every attempt. */
  payload: string;
  status: Delivery['status'];
  attempts: Delivery['attempts'];
  createdAt: number;
  /** Epoch ms of the next attempt while pending. */
  nextAttemptAt: number | null;
  version: number;
}

/** A due item as the index holds it. */
export interface Due {
  id: string;
  dueAt: number;
  interval: number;
}

export interface WatchStore {
  /** Keeps a new watch when its key has fewer than `max`; false at the limit. */
  create(watch: WatchRecord, max: number): Promise<boolean>;
  get(id: string): Promise<WatchRecord | undefined>;
  /** The key's watches, newest first. */
  listByKey(keyId: string): Promise<WatchRecord[]>;
  /** Writes the watch when its version is still `watch.version` (the write bumps it); false when it moved. */
  put(watch: WatchRecord): Promise<boolean>;
  /** Deletes the key's watch; false when the key has none of this id. */
  delete(id: string, keyId: string): Promise<boolean>;
  /** Active watches due at or before `now` (epoch ms), at most `limit`, earliest first. */
  due(now: number, limit: number): Promise<Due[]>;
  /** Moves a due watch's next check from `seen` to `next`: true for the one caller whose write did it. */
  claim(id: string, seen: number, next: number): Promise<boolean>;
  putDelivery(delivery: DeliveryRecord): Promise<boolean>;
  getDelivery(id: string): Promise<DeliveryRecord | undefined>;
  /** Pending deliveries whose next attempt is due at or before `now`. */
  dueDeliveries(now: number, limit: number): Promise<Due[]>;
  /** As `claim`, for a delivery's next attempt. */
  claimDelivery(id: string, seen: number, next: number): Promise<boolean>;
}
