/**
 * The soak's server: the local server (every route, as `npm start` serves them) in its own process, so
 * that its memory alone is sampled, on in-memory stores with one enterprise key, upstream the parent's
 * sandbox (`PROVIDERS`). It answers `stats` messages with its memory and the response cache's size, and,
 * once the run is over, `weigh` with what the caches really held: the live heap (after a full collection)
 * with them and without them, against what they counted (needs `--expose-gc`). Started by tests/soak/run.ts.
 */
import { writeHeapSnapshot } from 'node:v8';
import { startServer } from '../../infra/local/server.ts';
import { useStores } from '../../shared/store/index.ts';
import { MemoryCounterStore, MemoryKeyStore } from '../../shared/store/memory.ts';
import { cacheStats, clearCache } from '../../shared/upstream/cache.ts';

const keys = new MemoryKeyStore();
keys.add(process.env.SOAK_KEY ?? 'soak-key', 'enterprise');
useStores({ keys, counters: new MemoryCounterStore() });
const server = await startServer({ port: 0 });
process.send!({ url: server.url });
process.on('message', (message) => {
  if (message === 'stats') {
    const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
    process.send!({ rss, heapUsed, external, arrayBuffers, cache: cacheStats() });
  } else if (message === 'live') {
    (globalThis as { gc?: () => void }).gc!();
    process.send!({ liveHeap: process.memoryUsage().heapUsed, rss: process.memoryUsage().rss });
  } else if (message === 'weigh') {
    const gc = (globalThis as { gc?: () => void }).gc!;
    const counted = cacheStats().bytes;
    gc();
    const withCaches = process.memoryUsage().heapUsed;
    clearCache();
    gc();
    process.send!({ counted, held: withCaches - process.memoryUsage().heapUsed, liveHeap: withCaches });
  } else if (typeof message === 'string' && message.startsWith('snapshot ')) {
    // Diagnosis: the heap after a full collection, written to the path given.
    (globalThis as { gc?: () => void }).gc!();
    process.send!({ snapshot: writeHeapSnapshot(message.slice('snapshot '.length)) });
  } else if (message === 'stop') void server.close().then(() => process.exit(0));
});
