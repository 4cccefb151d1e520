/**
 * Provider secrets (a SERP API key, proxy credentials) at run time. Deployed, they come from Secrets
 * Manager through the Lambda Parameters and Secrets extension on localhost (no SDK in the bundle; the
 * extension caches them); the function's role may read only its own providers' secrets. Locally they
 * come from `PROVIDER_SECRET_<NAME>` variables. Values are kept in memory only, never logged.
 */
import * as z from 'zod';
import { UpstreamError } from './errors.ts';

/**
 * A value that is a secret: named in the providers configuration (providers.ts), resolved here at run time,
 * so the profile and the repository never hold it.
 */
export const SecretRef = z.object({ secret: z.string().regex(/^[a-z][a-z0-9_]*$/) });
/** A configured value: as written, or a secret by its name. */
export const ConfigValue = z.union([z.string(), SecretRef]);
export type ConfigValue = z.infer<typeof ConfigValue>;

/** The parts of a provider's configuration that may name secrets. */
interface SecretHolder {
  params?: Record<string, ConfigValue>;
  headers?: Record<string, ConfigValue>;
  proxy?: { credentials?: ConfigValue | undefined } | undefined;
}

const loaded = new Map<string, string>();

/** The environment variable that holds a named secret locally. @example secretVariable('serp_api_key') // 'PROVIDER_SECRET_SERP_API_KEY' */
export function secretVariable(name: string): string {
  return `PROVIDER_SECRET_${name.toUpperCase()}`;
}

/** The secret names a provider's configuration refers to. @example secretNames(config) // ['serp_api_key'] */
export function secretNames(config: SecretHolder): string[] {
  const refs: ConfigValue[] = [...Object.values(config.params ?? {}), ...Object.values(config.headers ?? {})];
  if (config.proxy?.credentials) refs.push(config.proxy.credentials);
  return [...new Set(refs.flatMap((v) => (typeof v === 'string' ? [] : [v.secret])))];
}

/**
 * A Secrets Manager secret's string through the Parameters and Secrets extension on localhost.
 * @example await fromSecretsExtension('travel-data-api/webhook-signing-key')
 */
export async function fromSecretsExtension(secretId: string): Promise<string> {
  const port = Number(process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT ?? 2773);
  // Loaded here, not at import: node:http is most of a cold start that never needs a secret.
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: `/secretsmanager/get?secretId=${encodeURIComponent(secretId)}`,
        headers: { 'X-Aws-Parameters-Secrets-Token': process.env.AWS_SESSION_TOKEN ?? '' },
        timeout: 2_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`extension answered ${res.statusCode}`));
          try {
            const value = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { SecretString?: string })
              .SecretString;
            if (value) resolve(value);
            else reject(new Error('no SecretString'));
          } catch (error) {
            reject(error as Error);
          }
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

/**
 * Loads the provider's secrets once per process when the deployment names a Secrets Manager prefix;
 * a no-op locally. A secret that cannot be read is an upstream failure naming it, never its value.
 * @example await loadSecrets('web_search', providerConfig('web_search'))
 */
export async function loadSecrets(provider: string, config: SecretHolder): Promise<void> {
  const prefix = process.env.PROVIDER_SECRETS_PREFIX;
  if (!prefix) return;
  for (const name of secretNames(config)) {
    if (loaded.has(name)) continue;
    try {
      loaded.set(name, await fromSecretsExtension(`${prefix}${name}`));
    } catch (cause) {
      throw new UpstreamError(provider, `the secret ${name} could not be read`, undefined, cause);
    }
  }
}

/** A secret's value: loaded from Secrets Manager, else its local variable. @example secretValue('serp_api_key') */
export function secretValue(name: string): string | undefined {
  return loaded.get(name) ?? process.env[secretVariable(name)];
}
