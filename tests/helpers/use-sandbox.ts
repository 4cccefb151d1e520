/** The sandbox upstream for a test file that calls the connectors without the local server. */
import { afterAll, beforeAll } from '@jest/globals';
import { startSandbox, type Sandbox } from '../../infra/sandbox/server.ts';
import { useProviders } from '../../shared/upstream/providers.ts';
import { lateBound } from './late-bound.ts';

/**
 * The sandbox on loopback, its origins the providers' configuration: started before the file's tests and
 * closed after them.
 * @example const sandbox = useSandbox(); beforeEach(() => sandbox.clearFaults());
 */
export function useSandbox(): Sandbox {
  let sandbox: Sandbox | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox();
    useProviders(sandbox.providers());
  });
  afterAll(() => sandbox?.close());
  return lateBound(() => sandbox, 'the sandbox starts in beforeAll: use it inside a test');
}
