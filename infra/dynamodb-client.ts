/**
 * The card's DynamoDB client as a keyed function loads it: `@aws-sdk/client-dynamodb` bundled once with
 * esbuild, only the commands functions send and `fromEnv`, into the function's own
 * `node_modules/@aws-sdk/`, which Node finds before the copy Lambda's runtime ships. The runtime's copy is
 * 31 files and 864 KB of source: about 135 ms to require on the bench machine, most of a keyed function's
 * floor. This one is about 200 KB, one file, and loads in about half the time (`npm run bench`, the
 * floor). The default credentials chain is left out (functions read Lambda's environment, `fromEnv`,
 * shared/store/dynamo-client.ts): with its SSO, STS and sign-in clients it is a third of the SDK's bytes.
 */
import type { Metafile, Plugin } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

/**
 * What functions import of the SDK at run time, by package: every value import of these packages under
 * shared/ and functions/ is here (tests/infra/dynamodb-client.test.ts reads the sources).
 */
export const BUNDLED_SDK_EXPORTS = {
  '@aws-sdk/client-dynamodb': [
    'BatchGetItemCommand',
    'DeleteItemCommand',
    'DynamoDBClient',
    'GetItemCommand',
    'PutItemCommand',
    // The watches' due-time index (shared/watches/dynamo-store.ts).
    'QueryCommand',
    'UpdateItemCommand',
  ],
  '@aws-sdk/credential-provider-env': ['fromEnv'],
} as const;

type BundledPackage = keyof typeof BUNDLED_SDK_EXPORTS;
const PACKAGES = Object.keys(BUNDLED_SDK_EXPORTS) as BundledPackage[];
const [CLIENT] = PACKAGES as [BundledPackage];

/** The default chain's place in the client's config: a provider that says why it is not there. */
const noDefaultChain: Plugin = {
  name: 'no-default-credentials-chain',
  setup(build) {
    build.onResolve({ filter: /^@aws-sdk\/credential-provider-node$/ }, ({ path }) => ({
      path,
      namespace: 'no-default-chain',
    }));
    build.onLoad({ filter: /.*/, namespace: 'no-default-chain' }, () => ({
      contents: `export const defaultProvider = () => async () => {
  throw new Error('the default credentials chain is not bundled: pass credentials (fromEnv on Lambda, shared/store/dynamo-client.ts)');
};`,
      loader: 'js',
    }));
  },
};

const entry = () =>
  PACKAGES.map(
    (name) => `export { ${BUNDLED_SDK_EXPORTS[name].join(', ')} } from ${JSON.stringify(name)};`,
  ).join('\n');

/**
 * The bundled client's source: built once per installed SDK and kept in `cacheDir` (a CDK synth bundles
 * every function in a process of its own).
 * @example const source = await bundledSdkSource(); // 'var …' (about 200 KB)
 */
export async function bundledSdkSource(
  root = ROOT,
  cacheDir = resolve(root, 'node_modules/.cache/bundled-sdk'),
): Promise<string> {
  const require = createRequire(resolve(root, 'package.json'));
  const versions = PACKAGES.map(
    (name) => `${name}@${(require(`${name}/package.json`) as { version: string }).version}`,
  );
  const key = createHash('sha256')
    .update(versions.join(' '))
    .update(entry())
    .update(readFileSync(import.meta.filename))
    .digest('hex')
    .slice(0, 16);
  const cached = resolve(cacheDir, `${key}.js`);
  if (existsSync(cached)) return readFileSync(cached, 'utf8');
  const { build } = await import('esbuild');
  const result = await build({
    stdin: { contents: entry(), resolveDir: root, loader: 'js', sourcefile: 'bundled-sdk.js' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node24',
    minify: true,
    // The SDK's error and command classes keep their names (an error's `name` is what stores test).
    keepNames: true,
    mainFields: ['module', 'main'],
    // The SDK's `import('node:http')` as a `require`: an import builds node:http's ES module facade, whose
    // getters load Node's bundled fetch library, about 30 ms of the first request.
    supported: { 'dynamic-import': false },
    legalComments: 'none',
    write: false,
    logLevel: 'error',
    plugins: [noDefaultChain],
  });
  const source = `// ${versions.join(', ')}: infra/dynamodb-client.ts\n${result.outputFiles[0]!.text}`;
  mkdirSync(dirname(cached), { recursive: true });
  // Written whole, then renamed: a concurrent reader sees the old state or the new file, never half of it.
  const partial = `${cached}.${process.pid}`;
  writeFileSync(partial, source);
  renameSync(partial, cached);
  return source;
}

/**
 * Writes the bundled client into `outputDir/node_modules/@aws-sdk/` when the bundle requires it (an
 * external import in its metafile); returns the packages written. The credentials package re-exports
 * the client's file, which holds `fromEnv`.
 * @example await writeBundledSdk(metafile, 'cdk.out/bundle-reviews') // ['@aws-sdk/client-dynamodb', '@aws-sdk/credential-provider-env']
 */
export async function writeBundledSdk(metafile: Metafile, outputDir: string): Promise<string[]> {
  const required = new Set(
    Object.values(metafile.outputs).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path)),
  );
  return PACKAGES.some((name) => required.has(name)) ? writeSdkPackages(outputDir) : [];
}

/**
 * Writes the bundled client's packages into `outputDir/node_modules/@aws-sdk/`, whatever is beside them.
 * @example await writeSdkPackages('tests/bench/out/floor-bundled')
 */
export async function writeSdkPackages(outputDir: string): Promise<string[]> {
  const source = await bundledSdkSource();
  for (const name of PACKAGES) {
    const dir = resolve(outputDir, 'node_modules', name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      resolve(dir, 'package.json'),
      JSON.stringify({ name, private: true, type: 'commonjs', main: 'index.js' }),
    );
    writeFileSync(
      resolve(dir, 'index.js'),
      name === CLIENT ? source : `module.exports = require(${JSON.stringify(CLIENT)});\n`,
    );
  }
  return PACKAGES;
}
