// The handler of every data route, loaded when its tool is first called, from the file the route manifest
// names: a new data route needs no line here. Run from source (the local server, the tests), the loader
// imports that file; bundled, infra/mcp-bundle.ts (handlerLoadersPlugin) replaces this module with one of
// literal `import()`s of the same files, so the MCP bundle holds every handler, each a chunk of its own
// that a request reads only when it calls that tool.
import { dataEntries, type DataRouteId } from '../../shared/routes/index.ts';

/** The project root, which the manifest's handler paths are relative to. */
const ROOT = new URL('../../', import.meta.url);

/**
 * The loader of a handler file named as the manifest names it (relative to the project root).
 * @example await loaderOf('functions/meta/match.ts')() // the module, with its `handler`
 */
export function loaderOf(handler: string): () => Promise<unknown> {
  return () => import(new URL(handler, ROOT).href);
}

/** @example const { handler } = (await handlers.metaMatch()) as { handler: RouteHandler } */
export const handlers = Object.fromEntries(
  dataEntries.map(([id, route]) => [id, loaderOf(route.handler)]),
) as Record<DataRouteId, () => Promise<unknown>>;
