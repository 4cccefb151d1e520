/**
 * What a function may do on the counters table, by the items it works on: each action on the items whose
 * key starts with one of its prefixes (`dynamodb:LeadingKeys`), and nothing else. The table also holds
 * accounts, sessions and reset links, which no data or watch function may touch.
 */
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';

type Action = 'GetItem' | 'PutItem' | 'UpdateItem' | 'DeleteItem';
/** The item prefixes each action is allowed on. */
export type TableAccess = Partial<Record<Action, readonly string[]>>;

/**
 * A keyed data function (shared/http/endpoint.ts): reads its key (`KEY#`, shared/store/dynamodb.ts
 * DynamoKeyStore.lookup; never written: revoking is an account function's) and counts the call on the day's
 * counter (`COUNT#`, DynamoCounterStore.consume and refund).
 */
const KEYED: TableAccess = { GetItem: ['KEY'], UpdateItem: ['COUNT'] };

/**
 * A route that reaches a source, beyond that: the shared result and its fetch lease (`RESULT#`,
 * DynamoResultCache: get, put, lease, release) and the source slots (`SLOT#`, DynamoSlotStore, a lease).
 */
const UPSTREAM: TableAccess = { GetItem: ['RESULT'], UpdateItem: ['RESULT', 'SLOT'] };

/**
 * The watch routes (shared/watches/dynamo-store.ts), each after the key's lookup: create adds the id to the
 * key's list (`WATCHES#`, UpdateItem) and puts the watch (`WATCH#`); list reads both; get reads the watch;
 * delete deletes the watch and takes its id off the list.
 */
export const WATCH_ROUTE_ACCESS = {
  watchCreate: { GetItem: ['KEY'], PutItem: ['WATCH'], UpdateItem: ['WATCHES'] },
  watchList: { GetItem: ['KEY', 'WATCHES', 'WATCH'] },
  watchGet: { GetItem: ['KEY', 'WATCH'] },
  watchDelete: { GetItem: ['KEY'], DeleteItem: ['WATCH'], UpdateItem: ['WATCHES'] },
} as const satisfies Record<string, TableAccess>;

/** The union of several accesses, each action's prefixes once. */
export function joined(...accesses: TableAccess[]): TableAccess {
  const out: Partial<Record<Action, string[]>> = {};
  for (const access of accesses)
    for (const [action, items] of Object.entries(access) as [Action, readonly string[]][])
      out[action] = [...new Set([...(out[action] ?? []), ...items])];
  return out;
}

/**
 * A keyed function's access: the key and the counter; the result cache and the slots when it reaches a
 * source; for the MCP endpoint, whose tools run the data routes and the watch routes in process, all of
 * those.
 * @example keyedAccess({ upstream: true }) // { GetItem: ['KEY', 'RESULT'], UpdateItem: ['COUNT', 'RESULT', 'SLOT'] }
 */
export function keyedAccess({ upstream, mcp = false }: { upstream: boolean; mcp?: boolean }): TableAccess {
  if (mcp)
    return joined(
      KEYED,
      UPSTREAM,
      WATCH_ROUTE_ACCESS.watchCreate,
      WATCH_ROUTE_ACCESS.watchList,
      WATCH_ROUTE_ACCESS.watchDelete,
    );
  return upstream ? joined(KEYED, UPSTREAM) : KEYED;
}

/**
 * The watch engine's workers (shared/watches/engine.ts). The tick claims due watches and deliveries (one
 * conditional UpdateItem of the due time). A check reads and writes the watch (`updateWatch`: GetItem,
 * PutItem), puts a new delivery and claims it, and runs the watched route's handler in process: a keyed
 * data call on behalf of the watch's key, with its result cache and slots. A delivery reads and writes its
 * delivery and its watch (GetItem, PutItem).
 */
export const WATCH_ENGINE_ACCESS = {
  tick: { UpdateItem: ['WATCH', 'DELIVERY'] },
  check: joined(KEYED, UPSTREAM, {
    GetItem: ['WATCH'],
    PutItem: ['WATCH', 'DELIVERY'],
    UpdateItem: ['DELIVERY'],
  }),
  deliver: { GetItem: ['WATCH', 'DELIVERY'], PutItem: ['WATCH', 'DELIVERY'] },
} as const satisfies Record<string, TableAccess>;

/**
 * The policy statements of an access: one per action, on its items only.
 * @example for (const s of tableStatements(table, KEYED)) fn.addToRolePolicy(s);
 */
export function tableStatements(table: dynamodb.ITable, access: TableAccess): iam.PolicyStatement[] {
  return (Object.entries(access) as [Action, readonly string[]][]).map(
    ([action, items]) =>
      new iam.PolicyStatement({
        actions: [`dynamodb:${action}`],
        resources: [table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': items.map((i) => `${i}#*`) } },
      }),
  );
}
