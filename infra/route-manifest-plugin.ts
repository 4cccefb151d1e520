/**
 * The route manifest in a function's bundle: only the entries of the handlers it holds (and the billed
 * declarations every 429 names), as functions read them, unless the function reads the whole manifest.
 */
import type { BuildOptions, Plugin } from 'esbuild';
import { dirname, relative, resolve } from 'node:path';
import { routeEntries, type Route } from '../shared/routes/index.ts';
import { handlerLoadersPlugin } from './mcp-bundle.ts';

const ROOT = resolve(import.meta.dirname, '..');
const MANIFEST = resolve(ROOT, 'shared/routes/index.ts');

/**
 * Handlers whose bundle reads the manifest beyond the entries of the handlers it holds: the `GET /`
 * listing, the reference and error pages, and the accounts (usage names the routes of its counts). MCP
 * holds every data route's handler, so it carries their entries without reading the rest.
 * @example readsWholeManifest('functions/health/root.ts') // true
 */
export function readsWholeManifest(handler: string): boolean {
  return (
    handler === 'functions/health/root.ts' ||
    routeEntries.some(
      ([, r]) =>
        r.handler === handler && (r.kind === 'reference' || r.kind === 'account' || r.provider === 'account'),
    )
  );
}

/**
 * Shared modules a function's bundle may import the manifest from when it carries only its handlers'
 * entries: they read a route's declaration (errorSpec), or the routes of the bundle (the quota's endpoint
 * codes, the billing rule, whose billed declarations every bundle carries).
 */
const ENTRY_READERS = [
  'shared/http/daily-quota.ts',
  'shared/http/daily-quota-billing.ts',
  'shared/http/endpoint.ts',
  'shared/http/validate-request.ts',
  // The watches (#38): their errors (errorSpec), the watched route of a new watch (in MCP's bundle, every
  // data route's entry is there), and MCP's watch tools (the watch routes, whose handlers the bundle holds).
  'shared/watches/http.ts',
  'shared/watches/service.ts',
  'functions/watches/mcp-tools.ts',
];

/**
 * The manifest entries a bundle carries, by id in manifest order: the routes of the handlers it contains
 * (its own, and any it imports, as site_a search-by-url imports search), and those that declare an
 * error billed, which the billing rule names in every 429 body (shared/http/daily-quota-billing.ts).
 * @example bundledRoutes(['functions/chain-a/rooms.ts']).map(([id]) => id) // ['siteGDestinations', 'chainARooms']
 */
export function bundledRoutes(handlers: readonly string[]): [string, Route][] {
  return routeEntries.filter(
    ([, r]) => handlers.includes(r.handler) || Object.values(r.errors).some((e) => e.billed),
  );
}

/**
 * A manifest entry as a function reads it: without its documentation-only text, which only the whole
 * manifest's readers (the OpenAPI builder at bundling time, the reference and error pages, `GET /`) show:
 * the summary (MCP reads it from the OpenAPI document), the example request and each error's `when`; nor
 * the handler's file, which only the bundler and the local server read (about two thirds of the bytes).
 * @example runtimeEntry(routes.chainARooms).example // undefined
 */
export function runtimeEntry(route: Route): Partial<Route> {
  const without = <T extends object>(o: T, names: readonly string[]) =>
    Object.fromEntries(Object.entries(o).filter(([k]) => !names.includes(k))) as Partial<T>;
  return {
    ...without(route, ['summary', 'example', 'handler']),
    errors: Object.fromEntries(
      Object.entries(route.errors).map(([code, spec]) => [code, without(spec, ['when'])]),
    ) as Route['errors'],
  };
}

/**
 * The manifest module of a bundle that carries only `bundledRoutes(handlers)`: the same exports as
 * shared/routes/index.ts, the entries inlined as the data they are, as functions read them (`runtimeEntry`).
 * @example manifestModule(['functions/chain-a/rooms.ts']) // 'export { AUTH_ERRORS, … } from "./types.ts"; …'
 */
export function manifestModule(handlers: readonly string[]): string {
  const routes = Object.fromEntries(bundledRoutes(handlers).map(([id, route]) => [id, runtimeEntry(route)]));
  return [
    `export { AUTH_ERRORS, CSRF_ERRORS, SESSION_ERRORS, UPSTREAM_ERRORS } from './types.ts';`,
    // Every helper of errors.ts, as index.ts re-exports them, so that a new one needs no edit here.
    `export * from './errors.ts';`,
    `export const routes = ${JSON.stringify(routes)};`,
    'export const routeList = Object.values(routes);',
    'export const routeEntries = Object.entries(routes);',
    'export const operationEntries = routeEntries.filter(([, r]) => r.kind === undefined);',
    'export const operationList = operationEntries.map(([, r]) => r);',
    'export const dataEntries = operationEntries.filter(([, r]) => r.auth && r.counted !== false);',
  ].join('\n');
}

const isHandler = (file: string) => routeEntries.some(([, r]) => r.handler === file);

/** The one handler an esbuild build bundles, relative to the project root (undefined for any other build). */
function handlerOf(options: BuildOptions): string | undefined {
  const entries = Array.isArray(options.entryPoints) ? options.entryPoints : [];
  const [entry] = entries;
  if (entries.length !== 1 || typeof entry !== 'string') return undefined;
  const file = relative(ROOT, resolve(options.absWorkingDir ?? process.cwd(), entry));
  return isHandler(file) ? file : undefined;
}

/**
 * Bundles the route manifest (about 30 KB minified, most of it other routes' summaries and error texts) as
 * only the entries of the handlers in the bundle (`manifestModule`), unless the handler reads the whole
 * manifest. Which handlers the bundle holds is read from a first pass over our own modules (packages
 * left out: a few milliseconds). A module that is neither a handler nor one of `ENTRY_READERS` and imports
 * the manifest fails the build: it may read any route's entry, so its function is to be added to
 * `readsWholeManifest`.
 */
export const routeManifestPlugin: Plugin = {
  name: 'route-manifest',
  setup(build) {
    const handler = handlerOf(build.initialOptions);
    if (!handler || readsWholeManifest(handler)) return;
    let handlers: Promise<string[]> | undefined;
    const handlersInBundle = () =>
      (handlers ??= build.esbuild
        .build({
          entryPoints: [resolve(ROOT, handler)],
          absWorkingDir: ROOT,
          bundle: true,
          write: false,
          metafile: true,
          packages: 'external',
          platform: 'node',
          format: 'esm',
          logLevel: 'silent',
          // MCP's handlers, as its bundle holds them.
          plugins: [handlerLoadersPlugin],
        })
        .then(({ metafile }) => Object.keys(metafile.inputs).filter(isHandler)));
    build.onResolve({ filter: /\/routes\/index\.ts$/ }, async ({ path, resolveDir, importer }) => {
      if (resolve(resolveDir, path) !== MANIFEST) return undefined;
      const reader = relative(ROOT, importer);
      if (!ENTRY_READERS.includes(reader) && !(await handlersInBundle()).includes(reader))
        return {
          errors: [
            {
              text: `${reader} imports the route manifest in ${handler}'s bundle, which carries only its handlers' entries: add the function to readsWholeManifest (infra/route-manifest-plugin.ts), or the module to ENTRY_READERS if it reads only the bundle's routes`,
            },
          ],
        };
      return { path: MANIFEST, namespace: 'route-manifest' };
    });
    build.onLoad({ filter: /.*/, namespace: 'route-manifest' }, async () => ({
      contents: manifestModule(await handlersInBundle()),
      loader: 'js',
      resolveDir: dirname(MANIFEST),
    }));
  },
};
