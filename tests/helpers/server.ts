/** Starts the local server in-process on a free loopback port, with its own embedded stores. */
import { afterAll, beforeAll, beforeEach } from '@jest/globals';
import { startServer, type LocalServer } from '../../infra/local/server.ts';
import { startSandbox, type Sandbox } from '../../infra/sandbox/server.ts';
import { clearCache } from '../../shared/upstream/cache.ts';
import { configurePolicies } from '../../shared/upstream/policies.ts';
import { useProviders } from '../../shared/upstream/providers.ts';
import { useMailer, type Mail } from '../../shared/accounts/mailer.ts';
import { lateBound } from './late-bound.ts';
import { MemoryCounterStore, MemoryKeyStore } from '../../shared/store/memory.ts';
import { useStores } from '../../shared/store/index.ts';
import type { Tier } from '../../shared/store/types.ts';

export const KEYS = {
  free: 'test-free-key',
  basic: 'test-basic-key',
  pro: 'test-pro-key',
  enterprise: 'test-ent-key',
} as const;

// Response bodies are asserted field by field (or parsed with the zod schemas) by each test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

export interface TestServer extends LocalServer {
  get(
    pathAndQuery: string,
    headers?: Record<string, string>,
  ): Promise<{ status: number; headers: Headers; body: Json; text: string }>;
  /** Registers a fresh key of a tier, so a test has its own quota. */
  addKey(tier: Tier): string;
  sandbox: Sandbox;
  /** Clears injected faults, the request log, the response cache and every breaker. */
  resetUpstream(): void;
}

export async function startTestServer(options: { budgetMs?: number } = {}): Promise<TestServer> {
  const keys = new MemoryKeyStore();
  for (const [tier, key] of Object.entries(KEYS)) keys.add(key, tier as Tier);
  useStores({ keys, counters: new MemoryCounterStore() });
  const sandbox = await startSandbox();
  useProviders(sandbox.providers());
  const server = await startServer({ port: 0, ...options });
  let n = 0;
  return {
    ...server,
    sandbox,
    close: async () => {
      await server.close();
      await sandbox.close();
    },
    resetUpstream() {
      sandbox.clearFaults();
      sandbox.resetLog();
      clearCache();
      configurePolicies();
    },
    async get(pathAndQuery, headers = { 'x-api-key': KEYS.pro }) {
      const res = await fetch(`${server.url}${pathAndQuery}`, { headers });
      const text = await res.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      return { status: res.status, headers: res.headers, body, text };
    },
    addKey(tier) {
      const key = `test-${tier}-${++n}-${Math.random().toString(36).slice(2)}`;
      keys.add(key, tier);
      return key;
    },
  };
}

/**
 * The local server for a test file: started before its tests, closed after them, and (unless `resetEach` is
 * false) its upstream reset before each test; with `outbox`, the mails it sends land there; `budgetMs` is the
 * server's request budget (startTestServer). The server answers once the file's tests run.
 * @example const api = useTestServer(); it('…', async () => expect((await api.get('/health')).status).toBe(200));
 */
export function useTestServer(
  options: { resetEach?: boolean; outbox?: Mail[]; budgetMs?: number } = {},
): TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(options.budgetMs === undefined ? {} : { budgetMs: options.budgetMs });
    const { outbox } = options;
    if (outbox) useMailer({ send: async (mail) => void outbox.push(mail) });
  });
  afterAll(() => server?.close());
  if (options.resetEach !== false) beforeEach(() => server!.resetUpstream());
  return lateBound(() => server, 'the test server starts in beforeAll: use it inside a test');
}

/**
 * Uses the sandbox's providers with some of one provider's operations configured otherwise, as a stale
 * deployment would have them (a persisted query hash or a query id the source no longer knows); the test
 * puts the sandbox's own back (`useProviders(api.sandbox.providers())`).
 * @example withOperations(api, 'rental', { stays_search: 'e'.repeat(64) });
 */
export function withOperations(api: TestServer, provider: string, operations: Record<string, string>): void {
  const providers = api.sandbox.providers();
  const own = providers[provider]!;
  useProviders({ ...providers, [provider]: { ...own, operations: { ...own.operations, ...operations } } });
}
