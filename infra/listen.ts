/** What the loopback servers (the local API, the sandbox) share: where they listen and how they start. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Where a server listens, and the address its callers reach it at. */
export interface ListenOptions {
  /** 0 picks a free port. */
  port?: number;
  /** Interface to listen on: loopback unless something outside this machine's loopback (a container) must reach it. */
  host?: string;
  /**
   * The base URL callers reach the server at, when it is not the listen address (a container reaches the
   * host as `http://host.docker.internal:<port>`); by default the listen address.
   */
  publicUrl?: string;
}

/**
 * Starts listening; resolves with the port bound (the one picked when asked for 0), rejects when the port
 * cannot be had.
 * @example const port = await listen(createServer(handle), 0, '127.0.0.1');
 */
export async function listen(server: Server, port: number, host: string): Promise<number> {
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => ok());
  });
  return (server.address() as AddressInfo).port;
}
