import type { Client } from 'openapi-fetch';
import type { paths } from './api.js';

export type { components, operations, paths } from './api.js';

export interface ClientOptions {
  /** The deployment's base URL; default http://127.0.0.1:3000 (npm start). */
  baseUrl?: string;
  /** Your API key (the dashboard makes one), sent as x-api-key. */
  apiKey?: string;
  /** Another fetch (a proxy's, a test's). */
  fetch?: typeof globalThis.fetch;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
}

/** A typed client of one deployment. */
export declare function createClient(options?: ClientOptions): Client<paths>;
