/**
 * `npm run soak`: many requests, mostly unique, against the local server (in its own process, so its
 * memory alone is sampled) and the sandbox (in this one), in several mixes; the server's RSS is sampled
 * every `SOAK_SAMPLE_EVERY` requests, and each mix passes when its RSS after warm-up never grows by 10 %
 * or more over what it was at the end of warm-up. Writes tests/soak/REPORT.md. Not part of `npm test`.
 *
 * Environment: `SOAK_REQUESTS` per mix (100000), `SOAK_WARMUP` requests (a tenth of them),
 * `SOAK_CONCURRENCY` (4: the machine is shared), `SOAK_SAMPLE_EVERY` (1000), `SOAK_MIXES`
 * (`unique,repeated,mixed`), `SOAK_MEMORY_MB`: the function memory the server's caches are sized from (512),
 * `SOAK_OLD_SPACE_MB`: the server's V8 old space (a quarter of that memory, as Node sizes it there),
 * `SOAK_LIVE`: also the live heap (after a full collection) every 5 samples, `SOAK_UNTIL`: a time (ISO)
 * at which a mix stops and reports the requests it made, `SOAK_REPORT`: the report's path.
 * @example SOAK_REQUESTS=20000 SOAK_MIXES=unique npm run soak
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { startSandbox } from '../../infra/sandbox/server.ts';
import { LISTINGS_PER_CITY } from '../../infra/sandbox/sites/rental.ts';
import { getWorld } from '../../infra/sandbox/world.ts';
import { day } from '../helpers/dates.ts';

const REQUESTS = Number(process.env.SOAK_REQUESTS ?? 100_000);
const WARMUP = Number(process.env.SOAK_WARMUP ?? Math.floor(REQUESTS / 10));
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 4);
const SAMPLE_EVERY = Number(process.env.SOAK_SAMPLE_EVERY ?? 1_000);
const MIXES = (process.env.SOAK_MIXES ?? 'unique,repeated,mixed').split(',');
const MEMORY_MB = process.env.SOAK_MEMORY_MB ?? '512';
/**
 * The server's V8 old space: what Node gives itself on a machine of the function's memory (V8 takes a
 * quarter of physical memory; a Lambda's micro-VM has the function's memory), not this machine's 4 GB.
 * `SOAK_OLD_SPACE_MB=0` leaves Node's own default.
 */
const OLD_SPACE_MB = Number(process.env.SOAK_OLD_SPACE_MB ?? Math.floor(Number(MEMORY_MB) / 4));
/** Diagnosis: request counts after which the server writes a heap snapshot (after a full collection). */
const SNAPSHOT_AT = (process.env.SOAK_SNAPSHOT_AT ?? '').split(',').filter(Boolean).map(Number);
const SNAPSHOT_DIR = process.env.SOAK_SNAPSHOT_DIR ?? tmpdir();
/** A mix stops here, and its report says how far it got (a long run on a shared machine). */
const UNTIL = process.env.SOAK_UNTIL ? Date.parse(process.env.SOAK_UNTIL) : Infinity;
const REPORT = resolve(process.env.SOAK_REPORT ?? resolve(import.meta.dirname, 'REPORT.md'));
const KEY = 'soak-enterprise-key';
const MB = 1024 * 1024;

const world = getWorld();
const { hotels, cities } = world;
/** A stay that differs for each `n`: arrival 20 to 699 days ahead, 1 to 14 nights. */
const stay = (n: number) => {
  const start = 20 + (n % 680);
  const nights = 1 + (Math.floor(n / 680) % 14);
  return `check_in=${day(start)}&check_out=${day(start + nights)}`;
};
const pick = <T>(list: readonly T[], n: number) => list[n % list.length]!;
const chainA = hotels.filter((h) => h.chain === 'chain_a');
const listingId = (n: number) => 40_000_001 + (n % (cities.length * LISTINGS_PER_CITY));
const PLATFORMS = ['site_a', 'site_b', 'site_c', 'site_d', 'site_e', 'site_f'];

/** A request for each `n`, by route; `n` makes it unique (as far as the route's inputs allow). */
const UNIQUE: Record<string, (n: number) => string> = {
  'chain_a rooms': (n) =>
    `/v1/chain_a/rooms?hotel_code=${pick(chainA, n).hotelCode}&${stay(Math.floor(n / chainA.length))}&adults=${1 + (n % 2)}`,
  'meta match': (n) =>
    `/v1/meta/match?name=${encodeURIComponent(pick(hotels, n).name)}&platform=${pick(PLATFORMS, Math.floor(n / hotels.length))}`,
  'maps_hotels search': (n) =>
    `/v1/maps_hotels/search?location=${encodeURIComponent(pick(cities, n).name)}&${stay(Math.floor(n / cities.length))}&currency=EUR`,
  'maps_reviews reviews': (n) =>
    `/v1/maps_reviews/reviews?data_id=${pick(hotels, n).ids.maps_data_id}&sort_by=${pick(['newest', 'most_relevant', 'highest_rating', 'lowest_rating'], Math.floor(n / hotels.length))}`,
  'site_a destinations': (n) =>
    `/v1/site_a/destinations/lookup?query=${encodeURIComponent(pick(cities, n).name.slice(0, 3 + (Math.floor(n / cities.length) % 6)))}&language=${pick(['fr', 'en', 'de', 'es'], Math.floor(n / cities.length / 6))}`,
  'coordinates lookup': (n) =>
    `/v1/meta/coordinates-lookup?term=${encodeURIComponent(pick(cities, n).name)}&limit=${1 + (Math.floor(n / cities.length) % 10)}`,
  'rental details': (n) => `/v1/rental/listing/${listingId(n)}/details?${stay(n)}&adults=${1 + (n % 2)}`,
};
/** The big pages: site_a photos reads a 1.5 MB page, rental a 400 KB one. */
const BIG: Record<string, (n: number) => string> = {
  'site_a photos': (n) => `/v2/site_a/hotel/photos?hotel_id=${pick(hotels, n).ids.site_a}`,
  'rental overview': (n) => `/v1/rental/listing/${listingId(n)}/overview`,
  'rental details': UNIQUE['rental details']!,
};

/** Each mix: the route and path of request `i`. */
const MIX: Record<string, (i: number) => [string, string]> = {
  // Mostly unique: every request differs, a tenth of them rental pages.
  unique: (i) => {
    const names = Object.keys(UNIQUE);
    const name = names[i % names.length]!;
    return [name, UNIQUE[name]!(Math.floor(i / names.length))];
  },
  // The same 200 requests again and again: hits.
  repeated: (i) => {
    const names = Object.keys(UNIQUE);
    const name = names[i % names.length]!;
    return [name, UNIQUE[name]!(Math.floor((i % 200) / names.length))];
  },
  // Mixed: a fifth big pages (site_a photos, rental details and overview), the rest unique and repeated.
  mixed: (i) => {
    if (i % 5 === 0) {
      const names = Object.keys(BIG);
      const name = names[(i / 5) % names.length]!;
      return [name, BIG[name]!(Math.floor(i / 5 / names.length))];
    }
    return i % 5 < 3 ? MIX.unique!(i) : MIX.repeated!(i);
  },
};

interface Stats {
  rss: number;
  heapUsed: number;
  external: number;
  cache: { entries: number; bytes: number; maxBytes: number };
}

function statsOf(child: ChildProcess): Promise<Stats> {
  const answer = once(child, 'message') as Promise<[Stats]>;
  child.send('stats');
  return answer.then(([stats]) => stats);
}

const sandbox = await startSandbox({ port: 0 });
const report: string[] = [];
const say = (line = '') => {
  report.push(line);
  console.log(line);
};
say('# Soak');
say();
say(
  `Command: \`SOAK_REQUESTS=${REQUESTS} SOAK_WARMUP=${WARMUP} SOAK_MIXES=${MIXES.join(',')} SOAK_CONCURRENCY=${CONCURRENCY}${process.env.SOAK_UNTIL ? ` SOAK_UNTIL=${process.env.SOAK_UNTIL}` : ''}${process.env.SOAK_LIVE ? ' SOAK_LIVE=1' : ''} npm run soak\` — ` +
    `the local server in its own process (caches sized for a ${MEMORY_MB} MB function, V8 old space ${OLD_SPACE_MB ? `${OLD_SPACE_MB} MB` : "Node's default"}), the sandbox in the runner's; ` +
    `RSS sampled every ${SAMPLE_EVERY} requests; warm-up ${WARMUP} requests.`,
);
let failed = false;
for (const mix of MIXES) {
  const generate = MIX[mix];
  if (!generate) throw new Error(`no mix ${mix}: ${Object.keys(MIX).join(', ')}`);
  const child = fork(resolve(import.meta.dirname, 'server.ts'), [], {
    execArgv: [
      '--disable-warning=ExperimentalWarning',
      '--expose-gc',
      ...(OLD_SPACE_MB ? [`--max-old-space-size=${OLD_SPACE_MB}`] : []),
      // Diagnosis: more flags for the server (`--cpu-prof`).
      ...(process.env.SOAK_SERVER_FLAGS ?? '').split(' ').filter(Boolean),
    ],
    env: {
      ...process.env,
      PROVIDERS: JSON.stringify(sandbox.providers()),
      AWS_LAMBDA_FUNCTION_MEMORY_SIZE: MEMORY_MB,
      ENTERPRISE_DAILY_QUOTA: String(REQUESTS * 10),
      LOG_LEVEL: 'silent',
      SOAK_KEY: KEY,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [{ url }] = (await once(child, 'message')) as [{ url: string }];
  const statuses = new Map<string, Map<number, number>>();
  const samples: { at: number; stats: Stats }[] = [{ at: 0, stats: await statsOf(child) }];
  const liveAt = new Map<number, number>();
  const started = performance.now();
  let next = 0;
  let sampling: Promise<void> = Promise.resolve();
  const worker = async () => {
    while (next < REQUESTS && Date.now() < UNTIL) {
      const i = next++;
      const [route, path] = generate(i);
      // 0: no answer at all (the connection failed).
      let status: number;
      try {
        const res = await fetch(`${url}${path}`, { headers: { 'x-api-key': KEY } });
        await res.arrayBuffer();
        status = res.status;
      } catch {
        status = 0;
      }
      if (SNAPSHOT_AT.includes(i + 1)) {
        sampling = sampling.then(async () => {
          const answer = once(child, 'message') as Promise<[{ snapshot: string }]>;
          child.send(`snapshot ${resolve(SNAPSHOT_DIR, `soak-${mix}-${i + 1}.heapsnapshot`)}`);
          console.log(`  ${mix} ${i + 1}: heap snapshot ${(await answer)[0].snapshot}`);
        });
        await sampling;
      }
      const byStatus = statuses.get(route) ?? new Map<number, number>();
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      statuses.set(route, byStatus);
      if ((i + 1) % SAMPLE_EVERY === 0) {
        sampling = sampling.then(async () => {
          samples.push({ at: i + 1, stats: await statsOf(child) });
        });
        if ((i + 1) % (SAMPLE_EVERY * 5) === 0) {
          await sampling;
          const s = samples.at(-1)!.stats;
          // Diagnosis only (it changes what RSS does): the live heap after a full collection.
          const live = process.env.SOAK_LIVE
            ? await new Promise<string>((ok) => {
                sampling = sampling.then(async () => {
                  const answer = once(child, 'message') as Promise<[{ liveHeap: number }]>;
                  child.send('live');
                  const { liveHeap } = (await answer)[0];
                  liveAt.set(i + 1, liveHeap);
                  ok(`, live heap ${(liveHeap / MB).toFixed(0)} MB`);
                });
              })
            : '';
          const rate = (i + 1) / ((performance.now() - started) / 1000);
          console.log(
            `  ${mix} ${i + 1}: RSS ${(s.rss / MB).toFixed(0)} MB, heap ${(s.heapUsed / MB).toFixed(0)} MB, cache ${(s.cache.bytes / MB).toFixed(1)} MB${live} (${rate.toFixed(0)} req/s)`,
          );
        }
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  await sampling;
  // Every request started was awaited: `next` is how many were made.
  const made = next;
  const seconds = (performance.now() - started) / 1000;
  // After the last sample: what the caches really held (clearing them empties the route results too).
  const weighed = once(child, 'message') as Promise<[{ counted: number; held: number; liveHeap: number }]>;
  child.send('weigh');
  const [{ counted, held, liveHeap }] = await weighed;
  child.send('stop');
  await once(child, 'exit');

  const atWarmup = samples.filter((s) => s.at <= WARMUP).at(-1)!.stats.rss;
  const after = samples.filter((s) => s.at > WARMUP);
  const peak = Math.max(...after.map((s) => s.stats.rss));
  const last = samples.at(-1)!.stats.rss;
  const growth = (peak - atWarmup) / atWarmup;
  // A run stopped before warm-up ended measured nothing after it.
  const pass = after.length > 0 && growth < 0.1;
  failed ||= !pass;
  say();
  say(
    `## ${mix}: ${made} requests${made < REQUESTS ? ` of ${REQUESTS} (stopped at SOAK_UNTIL)` : ''} in ${seconds.toFixed(0)} s (${(made / seconds).toFixed(0)} req/s)`,
  );
  say();
  say(
    `RSS at warm-up (${WARMUP}) ${(atWarmup / MB).toFixed(1)} MB, peak after ${(peak / MB).toFixed(1)} MB, ` +
      `last ${(last / MB).toFixed(1)} MB: growth ${(growth * 100).toFixed(1)} % — ${pass ? 'PASS' : 'FAIL'} (< 10 %)`,
  );
  say();
  say(
    `At the end: live heap ${(liveHeap / MB).toFixed(1)} MB after a full collection; emptying the caches freed ` +
      `${(held / MB).toFixed(1)} MB, for ${(counted / MB).toFixed(1)} MB the response cache counted.`,
  );
  say();
  say(
    '| requests | RSS | heap used | live heap (after a full collection) | external | response cache (entries, of its bound) |',
  );
  say('| ---: | ---: | ---: | ---: | ---: | --- |');
  const step = Math.max(SAMPLE_EVERY, Math.floor(made / 10 / SAMPLE_EVERY) * SAMPLE_EVERY);
  for (const { at, stats } of samples)
    if (at === 0 || at === WARMUP || at % step === 0 || liveAt.has(at) || at === samples.at(-1)!.at) {
      const live = liveAt.get(at);
      say(
        `| ${at}${at === WARMUP ? ' (warm-up)' : ''} | ${(stats.rss / MB).toFixed(1)} MB | ${(stats.heapUsed / MB).toFixed(1)} MB | ` +
          `${live === undefined ? '' : `${(live / MB).toFixed(1)} MB`} | ${(stats.external / MB).toFixed(1)} MB | ` +
          `${(stats.cache.bytes / MB).toFixed(1)} of ${(stats.cache.maxBytes / MB).toFixed(1)} MB (${stats.cache.entries}) |`,
      );
    }
  say();
  say(
    `Statuses: ${[...statuses]
      .map(([route, byStatus]) => `${route} ${[...byStatus].map(([s, n]) => `${s}×${n}`).join(' ')}`)
      .join('; ')}`,
  );
}
await sandbox.close();
writeFileSync(REPORT, `${report.join('\n')}\n`);
process.exitCode = failed ? 1 : 0;
