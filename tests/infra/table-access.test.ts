// The table access the stack grants (infra/constructs/table-access.ts) against what the code really sends:
// each function's work run on dynalite, every command recorded with the key of the item it names, and
// each one checked against that function's grant as IAM reads `dynamodb:LeadingKeys` (a prefix wrong by
// one letter would be refused in production, silently where the caller tolerates a failing store).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PutItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  keyedAccess,
  WATCH_ENGINE_ACCESS,
  WATCH_ROUTE_ACCESS,
  type TableAccess,
} from '../../infra/constructs/table-access.ts';
import { sha256 } from '../../shared/accounts/crypto.ts';
import { useStores } from '../../shared/store/index.ts';
import { DynamoResultCache, dynamoStores } from '../../shared/store/dynamodb.ts';
import { DynamoSlotStore } from '../../shared/store/slots.ts';
import { DynamoWatchStore } from '../../shared/watches/dynamo-store.ts';
import { runDelivery } from '../../shared/watches/engine.ts';
import { newWatchRecord } from '../../shared/watches/model.ts';
import { updateWatch } from '../../shared/watches/store.ts';
import type { DeliveryRecord } from '../../shared/watches/store-types.ts';
import { dynamoClient, startDynalite, type LocalDynamo } from '../helpers/dynalite.ts';
import { apiEvent, lambdaContext } from '../helpers/events.ts';

let db: LocalDynamo;
beforeAll(async () => {
  db = await startDynalite();
});
afterAll(() => db.close());

/** A command sent: its action and the partition key of the item it names. */
type Sent = [action: string, pk: string];

/** A client of the same dynalite that records every command it sends. */
function recording(): { client: DynamoDBClient; sent: Sent[] } {
  const client = dynamoClient(db.endpoint);
  const sent: Sent[] = [];
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { Key?: { pk?: { S?: string } }; Item?: { pk?: { S?: string } } };
      const action = context.commandName!.replace(/Command$/, '');
      sent.push([action, input.Key?.pk?.S ?? input.Item?.pk?.S ?? '(no key)']);
      return next(args);
    },
    { step: 'initialize', name: 'recordCommands' },
  );
  return { client, sent };
}

/** The commands a grant refuses, as IAM's `ForAllValues:StringLike` on `<PREFIX>#*` reads them. */
const refused = (access: TableAccess, sent: Sent[]) =>
  sent.filter(
    ([action, pk]) =>
      !(access[action as keyof TableAccess] ?? []).some((prefix) => pk.startsWith(`${prefix}#`)),
  );

const keyId = sha256('a-key-for-the-grant-check');
async function enableKey() {
  await db.client.send(
    new PutItemCommand({
      TableName: db.table,
      Item: { pk: { S: `KEY#${keyId}` }, tier: { S: 'pro' }, name: { S: 'grant-check' } },
    }),
  );
}

const watch = (id: string, createdAt = Date.now()) =>
  newWatchRecord({
    id,
    keyId,
    tier: 'pro',
    routeId: 'chainBRooms',
    route: '/v1/chain_b/hotel/rooms',
    params: { hotel_id: 'ZZ01', check_in: '2031-03-01' },
    condition: { type: 'any_change' },
    callbackUrl: 'http://127.0.0.1:9/hook',
    interval: 300,
    expiresAt: createdAt + 86_400_000,
    createdAt,
  });

describe('a keyed data function', () => {
  it("reads its key and counts the call within its grant: a route's real handler on the DynamoDB stores", async () => {
    // Prepare
    await enableKey();
    const { client, sent } = recording();
    useStores(dynamoStores(db.table, client));
    const { handler } = await import('../../functions/meta/coordinates-lookup.ts');
    // Act
    const res = await handler(
      apiEvent({
        path: '/v1/meta/coordinates-lookup',
        query: { term: 'paris', limit: '1' },
        headers: { 'x-api-key': 'a-key-for-the-grant-check' },
      }),
      lambdaContext(),
    );
    // Assess
    expect(res.statusCode).toBe(200);
    expect(sent).toEqual([
      ['GetItem', `KEY#${keyId}`],
      ['UpdateItem', expect.stringMatching(/^COUNT#/)],
    ]);
    expect(refused(keyedAccess({ upstream: false }), sent)).toEqual([]);
  });

  it('shares results and takes source slots within the grant of a route that reaches a source', async () => {
    // Prepare
    const { client, sent } = recording();
    const results = new DynamoResultCache(client, db.table);
    const slots = new DynamoSlotStore(client, db.table);
    // Act: what shared/http/shared-cache.ts and shared/upstream/pipeline.ts do on a miss
    await results.watch('GET /v1/x?a=1');
    expect(await results.lease('GET /v1/x?a=1', 'h1', 5_000)).toBe(true);
    await results.put('GET /v1/x?a=1', { body: { ok: 1 }, storedAt: Date.now() }, 60);
    await results.release('GET /v1/x?a=1', 'h1');
    const slot = await slots.acquire('site_a', 2, 'h2', 5_000);
    await slots.release('site_a', slot!, 'h2');
    // Assess
    expect(new Set(sent.map(([action, pk]) => `${action} ${pk.split('#')[0]}`))).toEqual(
      new Set(['GetItem RESULT', 'UpdateItem RESULT', 'UpdateItem SLOT']),
    );
    expect(refused(keyedAccess({ upstream: true }), sent)).toEqual([]);
    // The key's item is read only: no keyed function may change or revoke a key.
    expect(keyedAccess({ upstream: true, mcp: true }).UpdateItem).not.toContain('KEY');
    expect(keyedAccess({ upstream: true, mcp: true }).PutItem).not.toContain('KEY');
  });
});

describe('the watch routes and the watch engine', () => {
  const run = async (work: (store: DynamoWatchStore) => Promise<unknown>) => {
    const { client, sent } = recording();
    await work(new DynamoWatchStore(client, db.table));
    return sent;
  };

  it('create, list, get and delete a watch each within its own grant, which the MCP endpoint has too', async () => {
    // Act
    const created = await run((s) => s.create(watch('wch_grant1'), 5));
    const listed = await run((s) => s.listByKey(keyId));
    const read = await run((s) => s.get('wch_grant1'));
    const deleted = await run((s) => s.delete('wch_grant1', keyId));
    // Assess
    expect(created.map(([a]) => a)).toEqual(['UpdateItem', 'PutItem']);
    expect(deleted.map(([a]) => a)).toEqual(['DeleteItem', 'UpdateItem']);
    expect(refused(WATCH_ROUTE_ACCESS.watchCreate, created)).toEqual([]);
    expect(refused(WATCH_ROUTE_ACCESS.watchList, listed)).toEqual([]);
    expect(refused(WATCH_ROUTE_ACCESS.watchGet, read)).toEqual([]);
    expect(refused(WATCH_ROUTE_ACCESS.watchDelete, deleted)).toEqual([]);
    const mcp = keyedAccess({ upstream: true, mcp: true });
    expect(refused(mcp, [...created, ...listed, ...deleted])).toEqual([]);
  });

  it("keep the tick, a check's writes and a delivery within their grants", async () => {
    // Prepare
    const now = Date.now();
    await new DynamoWatchStore(db.client, db.table).create(watch('wch_grant2', now), 5);
    const delivery: DeliveryRecord = {
      id: 'msg_grant2',
      watchId: 'wch_grant2',
      payload: '{}',
      status: 'pending',
      attempts: [],
      createdAt: now,
      nextAttemptAt: now,
      version: 0,
    };
    // Act: the check's writes as runCheck makes them (its route call is a keyed data call, above)
    const tick = await run((s) => s.claim('wch_grant2', now, now + 300_000));
    const check = await run(async (s) => {
      await updateWatch(s, 'wch_grant2', (w) => {
        w.holding = true;
      });
      await s.putDelivery(delivery);
      await s.claimDelivery(delivery.id, now, now + 60_000);
    });
    const tickRetry = await run((s) => s.claimDelivery(delivery.id, now + 60_000, now + 120_000));
    const deliver = await run((store) =>
      runDelivery(
        {
          store,
          queues: undefined as never,
          clock: () => now,
          route: undefined as never,
          post: async () => ({ status: 204, error: null }),
        },
        { deliveryId: delivery.id },
      ),
    );
    // Assess
    expect(deliver.filter(([a]) => a === 'PutItem').map(([, pk]) => pk)).toEqual([
      'DELIVERY#msg_grant2',
      'WATCH#wch_grant2',
    ]);
    expect(refused(WATCH_ENGINE_ACCESS.tick, [...tick, ...tickRetry])).toEqual([]);
    expect(refused(WATCH_ENGINE_ACCESS.check, check)).toEqual([]);
    expect(refused(WATCH_ENGINE_ACCESS.deliver, deliver)).toEqual([]);
  });
});
