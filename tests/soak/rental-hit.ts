/**
 * rental details served from the in-process cache: the handler's wall time per hit, interleaved with a
 * rental pricing hit (a cached JSON answer of the same source) as the baseline; then the connector's
 * alone, interleaved with the same hit served as before (the page kept, read again and extracted on every
 * hit) and with the pricing hit. The sandbox runs in its own process so that its page building is not counted.
 * @example node --disable-warning=ExperimentalWarning tests/soak/rental-hit.ts
 */
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { handler as details } from '../../functions/rental/details.ts';
import { handler as pricing } from '../../functions/rental/pricing.ts';
import { rental } from '../../shared/providers/rental/index.ts';
import { extractDetails } from '../../shared/providers/rental/extract-details.ts';
import { pdpFromPage } from '../../shared/providers/rental/page.ts';
import { listingPageRequest } from '../../shared/providers/rental/requests.ts';
import { fetchUpstream } from '../../shared/upstream/client.ts';
import { Deadline } from '../../shared/upstream/deadline.ts';
import { useStores } from '../../shared/store/index.ts';
import { MemoryCounterStore, MemoryKeyStore } from '../../shared/store/memory.ts';
import { apiEvent, lambdaContext } from '../helpers/events.ts';
import { day } from '../helpers/dates.ts';
import { sandboxChild } from '../helpers/sandbox-child.ts';

process.env.LOG_LEVEL ??= 'silent';
process.env.ENTERPRISE_DAILY_QUOTA ??= '100000000';
const HITS = Number(process.env.HITS ?? 200);
const child = await sandboxChild();
const keys = new MemoryKeyStore();
keys.add('soak-key', 'enterprise');
useStores({ keys, counters: new MemoryCounterStore() });

const query = { check_in: day(40), check_out: day(43), adults: '2', currency: 'EUR' };
type Handler = (event: APIGatewayProxyEvent, context: Context) => Promise<unknown>;
const call = async (h: Handler, what: 'details' | 'pricing') => {
  const path = `/v1/rental/listing/40000001/${what}`;
  const t0 = performance.now();
  const res = (await h(
    apiEvent({
      path,
      query,
      headers: { 'x-api-key': 'soak-key' },
      pathParameters: { listing_id: '40000001' },
    }),
    lambdaContext(),
  )) as { statusCode: number; headers?: Record<string, string> };
  const dt = performance.now() - t0;
  if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode}`);
  return { dt, hit: res.headers?.['X-Cache'] === 'HIT' };
};
// The first calls fill the cache (and warm the modules); every later one must be a hit.
await call(details, 'details');
await call(pricing, 'pricing');
const times = { details: [] as number[], pricing: [] as number[] };
for (let i = 0; i < HITS; i++) {
  for (const [h, what] of [
    [details, 'details'],
    [pricing, 'pricing'],
  ] as const) {
    const { dt, hit } = await call(h, what);
    if (!hit) throw new Error(`${what} was not a hit`);
    times[what].push(dt);
  }
}
// The same hits one level down: the connector's call alone, without the endpoint around it.
const stay = {
  checkIn: query.check_in,
  checkOut: query.check_out,
  adults: 2,
  children: 0,
  infants: 0,
  pets: 0,
};
const ctx = () => ({ deadline: new Deadline(20_000), served: [] });
const connector = { details: [] as number[], pricing: [] as number[], page: [] as number[] };
// What a hit did before the details were kept: the page kept, read again and extracted on every hit.
const pageKept = async () => {
  const res = await fetchUpstream<string>(listingPageRequest('40000001', stay), ctx());
  return extractDetails(pdpFromPage(res.body, res.status));
};
await pageKept();
for (let i = 0; i < HITS; i++) {
  let t0 = performance.now();
  if (!(await rental.details(ctx(), '40000001', stay))) throw new Error('no details');
  connector.details.push(performance.now() - t0);
  t0 = performance.now();
  const q = { listingId: '40000001', ...stay, nights: 3, currency: 'EUR' };
  if ((await rental.pricing(ctx(), q)).kind !== 'priced') throw new Error('no price');
  connector.pricing.push(performance.now() - t0);
  t0 = performance.now();
  if (!(await pageKept()).title) throw new Error('no title');
  connector.page.push(performance.now() - t0);
}
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
const p90 = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length * 0.9)]!;
console.log(
  `rental in-process hits (${HITS} each, interleaved): details median ${med(times.details).toFixed(2)} ms (p90 ${p90(times.details).toFixed(2)}), ` +
    `pricing (baseline) median ${med(times.pricing).toFixed(2)} ms (p90 ${p90(times.pricing).toFixed(2)}); ` +
    `details / pricing ${(med(times.details) / med(times.pricing)).toFixed(1)}x`,
);
console.log(
  `rental connector hits (${HITS} each, interleaved): listingDetails median ${med(connector.details).toFixed(3)} ms, ` +
    `the page kept and re-read (as before) median ${med(connector.page).toFixed(3)} ms, ` +
    `listingPricing (baseline) median ${med(connector.pricing).toFixed(3)} ms; ` +
    `details / pricing ${(med(connector.details) / med(connector.pricing)).toFixed(1)}x`,
);
child.kill('SIGTERM');
