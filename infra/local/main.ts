/**
 * `npm start`: the whole API on http://127.0.0.1:${PORT:-3000}, on embedded stores kept in the data folder
 * (data.ts) and, unless PROVIDERS names live sources, the embedded sandbox upstream on another loopback port.
 * Keys come from API_KEYS="key1:pro,key2:free" and from the accounts of the dashboard; with no API_KEYS,
 * one pro demo key is made for this process and printed.
 */
import { randomBytes } from 'node:crypto';
import { useProviders } from '../../shared/upstream/providers.ts';
import { startSandbox } from '../sandbox/server.ts';
import { MemoryKeyStore } from '../../shared/store/memory.ts';
import { useStores } from '../../shared/store/index.ts';
import { startServer } from './server.ts';
import { useMailer } from '../../shared/accounts/mailer.ts';
import { dataDir, openDataFolder } from './data.ts';
import { LOCAL_TICK_MS, startLocalWatches } from './watches.ts';

const keys = MemoryKeyStore.fromSpec(process.env.API_KEYS ?? '');
let demoKey: string | undefined;
if (!process.env.API_KEYS) {
  demoKey = `demo_${randomBytes(16).toString('hex')}`;
  keys.add(demoKey, 'pro', 'demo');
}
const data = await openDataFolder(dataDir()).catch((error: unknown) => {
  console.error(`npm start: ${(error as Error).message}`);
  process.exit(1);
});
useStores(data.stores(keys));
// Watches (#38): the same scheduler and queues as deployed, in this process, on the data folder.
const watches = await startLocalWatches(data.client, data.dir);
// Sign-up mails are printed here, link included: npm start alone is enough to sign up and verify.
useMailer({
  async send(mail) {
    console.log(
      `\nmail to ${mail.to}: ${mail.subject}${mail.link ? `\n  open ${mail.link}` : `\n  ${mail.text}`}\n`,
    );
  },
});

const sandbox = process.env.PROVIDERS
  ? undefined
  : await startSandbox({ port: Number(process.env.SANDBOX_PORT ?? 0) });
if (sandbox) useProviders(sandbox.providers());

const port = Number(process.env.PORT ?? 3000);
const server = await startServer({ port, host: process.env.HOST ?? '127.0.0.1' }).catch((error: unknown) => {
  // One line a newcomer can act on, not node's stack trace (issue #40).
  const code = (error as { code?: string }).code;
  console.error(
    code === 'EADDRINUSE'
      ? `npm start: port ${port} is in use (another npm start?). Stop it, or start on another port: PORT=${port + 1} npm start`
      : `npm start: cannot listen on port ${port}: ${(error as Error).message}`,
  );
  process.exit(1);
});
// The address clients use defaults to the listen address (README, Configuration): the watches' checks, which
// call the routes with no request of a client to take it from, read it here too.
process.env.PUBLIC_BASE_URL ||= server.url;
// Signal handlers first: a supervisor may signal as soon as it reads the "listening" line.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: draining (requests in flight finish, new ones get 503)`);
    // The sandbox goes last: requests in flight may still be asking it.
    watches.stop();
    void server
      .close()
      .then(() => sandbox?.close())
      .then(() => data.close())
      .then(() => process.exit(0));
  });
}

console.log(`travel-data-api listening on ${server.url}`);
console.log(sandbox ? `upstream: embedded sandbox on ${sandbox.url}` : 'upstream: providers from PROVIDERS');
console.log(`dashboard: ${server.url}/dashboard (sign up there; verification links are printed here)`);
console.log(
  `data: accounts, keys and daily counts are kept in ${data.dir} (set DATA_DIR to move it; stop the server and delete the folder to start afresh)`,
);
console.log(
  `watches: checked every ${LOCAL_TICK_MS / 1000} s in this process; callbacks to loopback are allowed locally (POST /v1/watches)`,
);
if (demoKey)
  console.log(
    `demo API key (pro tier, this process only): ${demoKey}\n  curl -H 'x-api-key: ${demoKey}' '${server.url}/v1/meta/coordinates-lookup?term=paris'`,
  );
