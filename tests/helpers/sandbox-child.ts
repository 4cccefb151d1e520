/**
 * The sandbox in its own process, for the benches and soaks that must not count its page building: it is
 * started on a free port and its provider map (the `PROVIDERS='…'` line it prints) is used in this one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { useProviders } from '../../shared/upstream/providers.ts';

/**
 * Starts infra/sandbox/main.ts as a child process, waits for its provider map and uses it; the caller
 * ends the child (`child.kill('SIGTERM')`).
 * @example const child = await sandboxChild(); … child.kill('SIGTERM');
 */
export async function sandboxChild(): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', 'infra/sandbox/main.ts', '--port', '0'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.setEncoding('utf8');
  while (!/PROVIDERS='.*'\n/.test(out)) {
    const [chunk] = (await once(child.stdout, 'data')) as [string];
    out += chunk;
  }
  useProviders(JSON.parse(/PROVIDERS='(.*)'\n/.exec(out)![1]!));
  return child;
}
