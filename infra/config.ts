/**
 * Stack configuration from CDK context (`cdk.json` or `-c key=value`), validated with zod so a
 * typo fails the synth instead of deploying a broken API.
 */
import * as z from 'zod';
import { ProviderConfig } from '../shared/upstream/providers.ts';

const Throttle = z.object({ rateLimit: z.number().positive(), burstLimit: z.number().int().positive() });

export const StackConfig = z.object({
  enterpriseDailyQuota: z.coerce.number().int().positive().default(100_000),
  enterpriseThrottle: Throttle.default({ rateLimit: 200, burstLimit: 400 }),
  logRetentionDays: z.coerce.number().int().positive().default(30),
  logLevel: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  /** Per provider token; empty until the connectors that read it land. */
  providers: z.record(z.string(), ProviderConfig).default({}),
});
export type StackConfig = z.infer<typeof StackConfig>;

/** @example readConfig((key) => app.node.tryGetContext(key)) */
export function readConfig(context: (key: string) => unknown): StackConfig {
  const raw = Object.fromEntries(
    Object.keys(StackConfig.shape)
      .map((k) => {
        const v = context(k);
        return [
          k,
          typeof v === 'string' && (k === 'providers' || k === 'enterpriseThrottle') ? JSON.parse(v) : v,
        ];
      })
      .filter(([, v]) => v !== undefined),
  );
  return StackConfig.parse(raw);
}
