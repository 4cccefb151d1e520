/**
 * `npm run sam:env`: writes the file `sam local invoke` / `sam local start-api` take as `--env-vars`,
 * `{ "<LogicalId>": { "VAR": "value" } }`, for every Lambda function of the synthesized template:
 * `PROVIDERS` pointing at a sandbox (or at live sources), a local key list (`API_KEYS`), and an
 * empty `COUNTER_TABLE`, which makes the functions use the embedded stores instead of DynamoDB
 * (shared/store/index.ts), so no AWS table is needed.
 *
 * SAM only overrides variables the template declares (it ignores the rest of the file), so each
 * function gets exactly the variables it declares; the stack declares `API_KEYS` (empty) on keyed
 * functions for this reason.
 *
 * @example npm run sam:env -- --sandbox http://host.docker.internal:3100 --keys 'local-key:pro'
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as z from 'zod';
import { MemoryKeyStore } from '../shared/store/memory.ts';
import { ProviderConfig } from '../shared/upstream/providers.ts';
import { providersAt } from './sandbox/server.ts';
import { flattenResources, stackTemplates } from './templates.ts';

/** Command output (stdout); errors go to stderr. */
const say = (text: string) => void process.stdout.write(`${text}\n`);

const ROOT = resolve(import.meta.dirname, '..');
export const DEFAULT_OUT = 'sam-env.json';

/** The part of a Lambda function resource SAM reads to run it. */
export const LambdaFunctionResource = z.object({
  Type: z.literal('AWS::Lambda::Function'),
  Metadata: z
    .object({
      'aws:asset:path': z.string().optional(),
      'aws:asset:property': z.string().optional(),
    })
    .loose()
    .default({}),
  Properties: z
    .object({
      Handler: z.string(),
      Runtime: z.string(),
      Architectures: z.array(z.string()).default(['x86_64']),
      // Values may be intrinsics (a table's Ref): only the names matter here.
      Environment: z
        .object({ Variables: z.record(z.string(), z.unknown()).default({}) })
        .default({ Variables: {} }),
    })
    .loose(),
});

export const CloudFormationTemplate = z.object({
  Resources: z.record(z.string(), z.object({ Type: z.string() }).loose()),
});
export type CloudFormationTemplate = z.infer<typeof CloudFormationTemplate>;

const CloudAssemblyManifest = z.object({
  artifacts: z.record(
    z.string(),
    z.object({
      type: z.string(),
      properties: z.object({ templateFile: z.string().optional() }).loose().optional(),
    }),
  ),
});

/** SAM's env-vars file: variables per function logical id. */
export const SamEnvVars = z.record(z.string(), z.record(z.string(), z.string()));
export type SamEnvVars = z.infer<typeof SamEnvVars>;

const Providers = z.record(z.string(), ProviderConfig);

/**
 * The Lambda functions of a template, by logical id.
 * @example lambdaFunctions(template).map(([id, fn]) => `${id}: ${fn.Properties.Handler}`)
 */
export function lambdaFunctions(
  template: CloudFormationTemplate,
): [string, z.infer<typeof LambdaFunctionResource>][] {
  return Object.entries(template.Resources)
    .filter(([, resource]) => resource.Type === 'AWS::Lambda::Function')
    .map(([id, resource]) => [id, LambdaFunctionResource.parse(resource)]);
}

/**
 * The env-vars file for a template: per function, the overrides of the variables it declares.
 * Throws when the template does not declare what a local run needs (a template synthesized before
 * the stack declared `API_KEYS`).
 * @example samEnvVars(template, { providers: '{"site_a":{…}}', apiKeys: 'local-key:pro' })
 */
export function samEnvVars(
  template: CloudFormationTemplate,
  { providers, apiKeys }: { providers: string; apiKeys: string },
): SamEnvVars {
  const overrides: Record<string, string> = {
    PROVIDERS: providers,
    API_KEYS: apiKeys,
    // No table name: the embedded key and counter stores (shared/store/index.ts).
    COUNTER_TABLE: '',
    // No deployment URL: the served OpenAPI document names the address it was asked at.
    PUBLIC_BASE_URL: '',
    // No API Gateway to make account keys at, and no mail service: verification links go to the log.
    REST_API_ID: '',
    MAIL_FROM: '',
    // No asynchronous invocation of a function by itself under sam local (and a container may stop once it
    // has answered): the mail jobs run before the answer (shared/accounts/outbox.ts).
    MAIL_QUEUE: 'inline',
    // No Secrets Manager: a watch's signing key is the process's own (shared/watches/signing.ts).
    WEBHOOK_SIGNING_SECRET_ID: '',
  };
  const file: SamEnvVars = {};
  for (const [id, fn] of lambdaFunctions(template)) {
    const declared = new Set(Object.keys(fn.Properties.Environment.Variables));
    // Functions that reach no source declare no PROVIDERS; keyed ones must declare API_KEYS.
    const missing = (declared.has('COUNTER_TABLE') ? ['API_KEYS'] : []).filter((name) => !declared.has(name));
    if (missing.length > 0)
      throw new Error(
        `${id} does not declare ${missing.join(', ')}, so sam local could not set it: synthesize again (npx cdk synth)`,
      );
    file[id] = Object.fromEntries(Object.entries(overrides).filter(([name]) => declared.has(name)));
  }
  return file;
}

/**
 * A root template with its nested stacks' resources (the routes' functions live in nested stacks; SAM finds
 * a nested function by its logical id).
 * @example lambdaFunctions(deploymentTemplate('cdk.out/TravelDataApi.template.json'))
 */
export function deploymentTemplate(rootFile: string): CloudFormationTemplate {
  return CloudFormationTemplate.parse({ Resources: flattenResources(stackTemplates(rootFile)) });
}

/** The stack template of a cloud assembly (the app has one stack). @example templateOf('cdk.out') */
export function templateOf(outdir: string): string {
  const manifest = CloudAssemblyManifest.parse(
    JSON.parse(readFileSync(join(outdir, 'manifest.json'), 'utf8')),
  );
  const stacks = Object.values(manifest.artifacts).filter((a) => a.type === 'aws:cloudformation:stack');
  const file = stacks.length === 1 ? stacks[0]!.properties?.templateFile : undefined;
  if (!file) throw new Error(`${outdir} holds ${stacks.length} stacks; name the template with --template`);
  return join(outdir, file);
}

/** Loopback is the container's own, not the host's. */
const unreachableFromContainers = (providers: z.infer<typeof Providers>) =>
  Object.values(providers).some((p) =>
    /^(localhost|127\.[\d.]+|\[::1\])$/i.test(new URL(p.baseUrl).hostname),
  );

const USAGE = `usage: npm run sam:env -- (--sandbox URL | --providers JSON) [--keys 'key:tier,…'] [--template cdk.out/<stack>.template.json] [--out ${DEFAULT_OUT}]`;

/** The command; returns the exit code. @example await main(['--sandbox', 'http://host.docker.internal:3100']) */
export async function main(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        sandbox: { type: 'string' },
        providers: { type: 'string' },
        keys: { type: 'string' },
        template: { type: 'string' },
        out: { type: 'string', default: DEFAULT_OUT },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.sandbox && values.providers) {
    console.error(`give --sandbox or --providers, not both\n${USAGE}`);
    return 2;
  }
  const rawProviders = values.providers ?? env.PROVIDERS;
  let providers: z.infer<typeof Providers>;
  try {
    if (values.sandbox) {
      const url = URL.parse(values.sandbox);
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
        throw new Error(`--sandbox: not an http(s) URL: ${values.sandbox}`);
      providers = Providers.parse(providersAt(values.sandbox.replace(/\/+$/, '')));
    } else if (rawProviders) {
      providers = Providers.parse(JSON.parse(rawProviders));
    } else {
      console.error(
        `say where the functions find their sources: --sandbox URL (as the containers reach \`npm run sandbox\`), or --providers / PROVIDERS\n${USAGE}`,
      );
      return 2;
    }
  } catch (error) {
    console.error(`providers: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }

  let apiKeys = values.keys ?? env.API_KEYS ?? '';
  let madeKey: string | undefined;
  if (!apiKeys.trim()) {
    madeKey = `local_${randomBytes(16).toString('hex')}`;
    apiKeys = `${madeKey}:pro`;
  }
  // For the curl hint: the first key, without its tier (keys may contain ':', the tier is after the last).
  const firstKey = apiKeys
    .split(',')[0]!
    .trim()
    .replace(/:(free|basic|pro|enterprise)$/, '');
  try {
    MemoryKeyStore.fromSpec(apiKeys);
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }

  let templatePath = values.template;
  if (!templatePath) {
    const outdir = join(ROOT, 'cdk.out');
    if (!existsSync(join(outdir, 'manifest.json'))) {
      say('no cdk.out yet: synthesizing (npm run synth)');
      execFileSync('npm', ['run', 'synth'], { cwd: ROOT, stdio: 'inherit' });
    }
    try {
      templatePath = templateOf(outdir);
    } catch (error) {
      console.error((error as Error).message);
      return 1;
    }
  }
  if (!existsSync(templatePath)) {
    console.error(`no template at ${templatePath}: run npx cdk synth --quiet first`);
    return 1;
  }

  let file: SamEnvVars;
  try {
    const template = deploymentTemplate(templatePath);
    file = samEnvVars(template, { providers: JSON.stringify(providers), apiKeys });
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
  writeFileSync(values.out, `${JSON.stringify(file, null, 2)}\n`);

  say(`wrote ${values.out}: ${Object.keys(file).length} functions of ${templatePath}`);
  if (unreachableFromContainers(providers))
    console.warn(
      "warning: PROVIDERS names loopback, which is each container's own; start the sandbox with --host 0.0.0.0 --public-url http://host.docker.internal:<port> and pass that URL",
    );
  if (madeKey) say(`API key (pro tier): ${madeKey}`);
  say(
    `next: sam local start-api -t ${relative(process.cwd(), templatePath)} --env-vars ${values.out}\n  curl -H 'x-api-key: ${firstKey}' 'http://127.0.0.1:3000/v1/meta/coordinates-lookup?term=paris'`,
  );
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await main(process.argv.slice(2));
