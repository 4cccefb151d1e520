/**
 * `npm run sandbox`: the sandbox upstream on its own, for functions that run elsewhere (`sam local`'s
 * containers). Prints the `PROVIDERS` JSON that points every provider at it and stays up until
 * SIGINT or SIGTERM.
 *
 * Options (flags win over the environment):
 * - `--host` / `SANDBOX_HOST`: interface to listen on, `127.0.0.1` by default; `0.0.0.0` lets
 *   containers reach it.
 * - `--port` / `SANDBOX_PORT`: port, `3100` by default (`0` picks a free one).
 * - `--public-url` / `SANDBOX_PUBLIC_URL`: the base URL the functions reach it at when that is not
 *   the listen address, e.g. `http://host.docker.internal:3100` from a container.
 *
 * @example npm run sandbox -- --host 0.0.0.0 --public-url http://host.docker.internal:3100
 */
import { parseArgs } from 'node:util';
import { startSandbox } from './server.ts';

/** Command output (stdout); errors go to stderr. */
const say = (text: string) => void process.stdout.write(`${text}\n`);

export const DEFAULT_SANDBOX_PORT = 3100;

const USAGE = `usage: npm run sandbox -- [--host 127.0.0.1] [--port ${DEFAULT_SANDBOX_PORT}] [--public-url http://host.docker.internal:${DEFAULT_SANDBOX_PORT}]`;

/** The sandbox's options from flags, then SANDBOX_* variables. @example sandboxOptions(['--port', '0'], {}) */
export function sandboxOptions(
  args: string[],
  env: NodeJS.ProcessEnv,
): { host: string; port: number; publicUrl?: string } {
  const { values } = parseArgs({
    args,
    options: {
      host: { type: 'string' },
      port: { type: 'string' },
      'public-url': { type: 'string' },
    },
  });
  const host = values.host ?? env.SANDBOX_HOST ?? '127.0.0.1';
  const rawPort = values.port ?? env.SANDBOX_PORT ?? String(DEFAULT_SANDBOX_PORT);
  const port = Number(rawPort);
  if (!/^\d+$/.test(rawPort) || port > 65_535) throw new Error(`not a port: ${rawPort}`);
  const publicUrl = values['public-url'] ?? env.SANDBOX_PUBLIC_URL;
  if (publicUrl !== undefined) {
    const url = URL.parse(publicUrl);
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
      throw new Error(`not an http(s) URL: ${publicUrl}`);
  }
  return { host, port, ...(publicUrl ? { publicUrl } : {}) };
}

async function main(): Promise<void> {
  let options;
  try {
    options = sandboxOptions(process.argv.slice(2), process.env);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const sandbox = await startSandbox(options);
  say(`sandbox listening on ${options.host}:${sandbox.port}; providers point at ${sandbox.url}`);
  if (options.host.startsWith('127.') && options.publicUrl)
    say('note: it listens on loopback only; containers need --host 0.0.0.0 to reach it');
  // One line, quoted for a shell: `export PROVIDERS='…'`, or pass it to `npm run sam:env -- --providers`.
  say(`PROVIDERS='${JSON.stringify(sandbox.providers())}'`);

  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      say(`${signal}: sandbox stopping`);
      void sandbox.close().then(() => process.exit(0));
    });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
