import type { Providers } from '../../shared/upstream/providers.ts';

type ProviderInput = Providers[string];

/** The pattern every sandbox site follows: a provider token and a list of routes answering requests. */
export interface SiteRequest {
  method: 'GET' | 'POST';
  /** Path under the provider's prefix, e.g. `/hotel/fr/x.html`. */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  /** The request body as text ('' for none); sites parse it as the real source would (JSON, form). */
  body: string;
  /** The sandbox's own base URL for this provider, for links back into it. */
  base: string;
  match: RegExpExecArray;
}

export type SiteResponse =
  | { status: number; json: unknown; headers?: Record<string, string> }
  | { status: number; html: string; headers?: Record<string, string> }
  | { status: number; bytes: Buffer; type: string; headers?: Record<string, string> };

export type Route = ['GET' | 'POST', RegExp, (req: SiteRequest) => SiteResponse | Promise<SiteResponse>];

export interface Site {
  provider: string;
  /** The public hosts the site's pages live on (reserved `.test` names); user URLs must use one. */
  hosts: readonly string[];
  routes: Route[];
  /**
   * Provider configuration the sandbox hands out with its address, beyond `baseUrl` and `hosts`: what
   * the live profile sets for the real source (headers, a session bootstrap, operation ids), with the
   * sandbox's own values.
   */
  config?: Omit<ProviderInput, 'baseUrl' | 'hosts'>;
}
