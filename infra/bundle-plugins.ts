/**
 * What bundles leave out of the code they carry, each as an esbuild plugin: the package.json but its
 * version, schemas' documentation, library features no function uses (stubs in their place), and library
 * code that runs at import but is needed only later (deferred to first use).
 */
import type { Plugin } from 'esbuild';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '..');

/**
 * The project's package.json as functions read it: its version (shared/version.ts) and nothing else, so no
 * bundle carries the scripts and dependency lists (3 KB).
 */
export const packageVersionPlugin: Plugin = {
  name: 'package-version',
  setup(build) {
    const file = resolve(ROOT, 'package.json');
    build.onLoad({ filter: /[\\/]package\.json$/ }, ({ path }) => {
      if (path !== file) return undefined;
      const { version } = JSON.parse(readFileSync(file, 'utf8')) as { version: string };
      return { contents: JSON.stringify({ version }), loader: 'json' };
    });
  },
};

/**
 * The offset of the `closer` that ends the code starting at `from`, past nested brackets, strings, template
 * literals (and their `${…}`) and comments. Regular expression literals are not told from division: the
 * arguments of a schema's `.meta(…)` are object literals of strings (tests/infra/schema-docs.test.ts checks
 * every source against TypeScript's parser).
 */
function codeEnd(source: string, from: number, closer: string): number {
  let depth = 0;
  for (let i = from; i < source.length; i++) {
    const c = source[i]!;
    if (c === '"' || c === "'") {
      for (i++; i < source.length && source[i] !== c; i++) if (source[i] === '\\') i++;
    } else if (c === '`') {
      for (i++; i < source.length && source[i] !== '`'; i++) {
        if (source[i] === '\\') i++;
        else if (source.startsWith('${', i)) {
          i = codeEnd(source, i + 2, '}');
          if (i < 0) return -1;
        }
      }
    } else if (source.startsWith('//', i)) {
      i = source.indexOf('\n', i);
      if (i < 0) return -1;
    } else if (source.startsWith('/*', i)) {
      i = source.indexOf('*/', i + 2) + 1;
      if (i === 0) return -1;
    } else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      if (depth === 0) return c === closer ? i : -1;
      depth--;
    }
  }
  return -1;
}

/**
 * The `.meta(…)` calls with arguments in a module's source, as [start, end) offsets from the dot to past
 * the closing parenthesis: a zod schema's documentation (description, example, the OpenAPI type, format
 * and pattern), which only the OpenAPI builder reads, from the sources. `.meta()` without arguments, which
 * reads it, is left.
 * @example metaCalls("z.string().meta({ description: 'Id (required)' })") // [[10, 49]]
 */
export function metaCalls(source: string): [number, number][] {
  const calls: [number, number][] = [];
  for (const match of source.matchAll(/\??\.meta\((?!\s*\))/g)) {
    const open = match.index + match[0].length - 1;
    const close = codeEnd(source, open + 1, ')');
    if (close < 0) throw new Error(`a .meta( call at offset ${match.index} does not close`);
    // A call inside another's arguments goes with it.
    if (calls.length && match.index < calls.at(-1)![1]) continue;
    calls.push([match.index, close + 1]);
  }
  return calls;
}

/**
 * A module's source without its schemas' `.meta(…)` documentation (`metaCalls`), each call blanked to
 * spaces with its line breaks kept, so that every line and column, and the source map, stay as written.
 * @example withoutSchemaDocs("z.string().meta({ description: 'Id' })") // 'z.string()' followed by spaces
 */
export function withoutSchemaDocs(source: string): string {
  let out = '';
  let last = 0;
  for (const [start, end] of metaCalls(source)) {
    out += source.slice(last, start) + source.slice(start, end).replace(/[^\r\n]/g, ' ');
    last = end;
  }
  return out + source.slice(last);
}

/**
 * Bundles our modules without their schemas' documentation (`withoutSchemaDocs`): the descriptions,
 * examples and OpenAPI hints of every parameter and answer field (about 27 KB of MCP's bundle, which
 * holds every route's schemas, and up to 4 KB of each other function's). No function reads them: the
 * OpenAPI document is built from the sources at bundling time (generatedFor), zod's conversion to JSON
 * Schema is left out of bundles (unusedFeaturesPlugin), and `.meta()` adds nothing to what a schema
 * accepts. The source map's copy of such a module shows the calls blanked, at their own lines.
 */
export const schemaDocsPlugin: Plugin = {
  name: 'schema-docs',
  setup(build) {
    build.onLoad({ filter: /\.ts$/, namespace: 'file' }, async ({ path }) => {
      if (path.includes(`${sep}node_modules${sep}`) || !path.startsWith(ROOT + sep)) return undefined;
      const source = await readFile(path, 'utf8');
      return source.includes('.meta(') ? { contents: withoutSchemaDocs(source), loader: 'ts' } : undefined;
    });
  },
};

/** Why a feature a stub stands for is refused, should anything reach it. */
const NOT_BUNDLED = (feature: string) =>
  `const refuse = () => { throw new Error(${JSON.stringify(`${feature} is not in this bundle (infra/bundle-plugins.ts: unusedFeaturesPlugin)`)}); };`;

/**
 * A stub with every export of the real module (read at build time), each throwing if called, but for
 * `kept`, re-exported from the real module, and `factories`, which return a throwing function.
 */
async function stubOf(real: string, kept: string[], factories: string[] = []): Promise<string> {
  const names = Object.keys((await import(pathToFileURL(real).href)) as object);
  const lines = names
    .filter((name) => !kept.includes(name))
    .map((name) => `export const ${name} = ${factories.includes(name) ? '() => refuse' : 'refuse'};`);
  if (kept.length) lines.push(`export { ${kept.join(', ')} } from ${JSON.stringify(real)};`);
  return lines.join('\n');
}

/**
 * Library modules whose feature no function uses, each with the stub bundled instead: its exports, which
 * throw if reached. got's HTTP/2 client (got is called without `http2`) and RFC 7234 cache (without
 * `cache`: shared/upstream caches what it extracted), the MCP SDK's JSON Schema validator (Ajv, for the
 * answers to elicitations and the output schemas of tool calls made by a client; our server makes none),
 * and zod's conversion to JSON Schema (the OpenAPI document is built at bundling time; a schema's checks
 * summary, `aggregateChecks`, stays).
 */
const UNUSED_FEATURES: {
  filter: RegExp;
  feature: string;
  stub: string | ((real: string) => Promise<string>);
}[] = [
  {
    filter: /[\\/]got[\\/]dist[\\/]source[\\/]core[\\/]utils[\\/]http2-client\.js$/,
    feature: "got's HTTP/2 client",
    stub: 'export default { get globalAgent() { return refuse(); }, auto: refuse };',
  },
  {
    filter: /[\\/]got[\\/]dist[\\/]source[\\/]core[\\/]utils[\\/]dns-cache\.js$/,
    feature: "got's DNS cache (the `dnsCache` option)",
    stub: 'export default class DnsCache { constructor() { refuse(); } }',
  },
  {
    filter: /^cacheable-request$/,
    feature: "got's HTTP cache (the `cache` option)",
    stub: 'export default class CacheableRequest { constructor() { refuse(); } }\nexport class CacheError extends Error {}',
  },
  {
    filter: /[\\/]@modelcontextprotocol[\\/]sdk[\\/]dist[\\/]esm[\\/]validation[\\/]ajv-provider\.js$/,
    feature: "The MCP SDK's JSON Schema validator",
    stub: 'export class AjvJsonSchemaValidator { getValidator() { return refuse(); } }',
  },
  {
    filter: /[\\/]zod[\\/]v4[\\/]core[\\/]json-schema-processors\.js$/,
    feature: "zod's conversion to JSON Schema",
    stub: (real) => stubOf(real, ['aggregateChecks']),
  },
  {
    filter: /[\\/]zod[\\/]v4[\\/]core[\\/]to-json-schema\.js$/,
    feature: "zod's conversion to JSON Schema",
    stub: (real) => stubOf(real, [], ['createToJSONSchemaMethod', 'createStandardJSONSchemaMethod']),
  },
];

/**
 * Bundles a stub in place of each of `UNUSED_FEATURES`' modules (about 50 KB of got in every upstream
 * bundle, 130 KB of Ajv in MCP's). tests/infra/bundle-size.test.ts runs bundled functions through these
 * libraries.
 */
export const unusedFeaturesPlugin: Plugin = {
  name: 'unused-features',
  setup(build) {
    build.onResolve({ filter: /^cacheable-request$|\.js$/ }, ({ path, resolveDir, namespace }) => {
      // A stub's own import of the module it stands in for is the real module.
      if (namespace === 'unused-feature') return undefined;
      const target = path.endsWith('.js') ? resolve(resolveDir, path) : path;
      const index = UNUSED_FEATURES.findIndex(({ filter }) => filter.test(target));
      return index < 0 ? undefined : { path: target, namespace: 'unused-feature', pluginData: index };
    });
    build.onLoad({ filter: /.*/, namespace: 'unused-feature' }, async ({ path, pluginData }) => {
      const { feature, stub } = UNUSED_FEATURES[pluginData as number]!;
      const code = typeof stub === 'string' ? stub : await stub(path);
      return { contents: `${NOT_BUNDLED(feature)}\n${code}`, loader: 'js', resolveDir: dirname(path) };
    });
  },
};

/**
 * Library code that runs at import but is needed only later, each rewritten to run on first use: the
 * bundled module's text, the statement made lazy, and what replaces it. got's type checks
 * (`@sindresorhus/is`) build two `Intl.ListFormat`s at import for their error messages; the first Intl
 * object of a process loads ICU's data, about 22 ms of every cold start (`npm run bench`, the first
 * invocation), for a message that is only written when a check fails.
 */
export const DEFERRED_AT_IMPORT: { filter: RegExp; statement: RegExp; lazy: string }[] = [
  {
    filter: /[\\/]@sindresorhus[\\/]is[\\/]distribution[\\/]index\.js$/,
    statement:
      /const (andFormatter|orFormatter) = new Intl\.ListFormat\(('en', \{ style: 'long', type: '(?:conjunction|disjunction)' \})\);/g,
    lazy: 'const $1 = { format: (list) => new Intl.ListFormat($2).format(list) };',
  },
];

/**
 * Rewrites `DEFERRED_AT_IMPORT`'s statements in the modules they name; a module that no longer holds its
 * statement fails the build, so that a library's update is looked at, not silently paid for.
 */
export const deferredAtImportPlugin: Plugin = {
  name: 'deferred-at-import',
  setup(build) {
    for (const { filter, statement, lazy } of DEFERRED_AT_IMPORT)
      build.onLoad({ filter }, async ({ path }) => {
        const source = await readFile(path, 'utf8');
        const rewritten = source.replace(statement, lazy);
        if (rewritten === source)
          return {
            errors: [
              { text: `${path} no longer holds ${statement} (infra/bundle-plugins.ts: DEFERRED_AT_IMPORT)` },
            ],
          };
        return { contents: rewritten, loader: 'js' };
      });
  },
};
