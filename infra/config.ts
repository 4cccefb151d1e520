/**
 * Stack configuration from CDK context (`cdk.json` or `-c key=value`), validated with zod so a
 * typo fails the synth instead of deploying a broken API.
 */
import * as z from 'zod';
import { ProviderConfig, type Providers } from '../shared/upstream/providers.ts';
import { DEFAULT_PROFILE_PATH, loadProfile, profileProviders } from './live-profile.ts';

const Throttle = z.object({ rateLimit: z.number().positive(), burstLimit: z.number().int().positive() });

export const StackConfig = z.object({
  enterpriseDailyQuota: z.coerce.number().int().positive().default(100_000),
  enterpriseThrottle: Throttle.default({ rateLimit: 200, burstLimit: 400 }),
  logRetentionDays: z.coerce.number().int().positive().default(30),
  logLevel: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  /**
   * Per provider token: with `profile`, deployment settings merged over the live profile's entry (a proxy,
   * another origin); without it, the whole configuration. Empty: every upstream route answers 502.
   */
  providers: z.record(z.string(), z.looseObject({})).default({}),
  /** A live provider profile to deploy (`live` for infra/live-profile.json, or a path). */
  profile: z.string().optional(),
  /** Where alarm notifications are mailed (an SNS email subscription); unset: the topic only. */
  alarmEmail: z.email().optional(),
  /**
   * The sender of account mails (verification links), through Amazon SES; unset: the links go to the sign-up
   * function's log. The address (or `mailIdentity`) must be a verified SES identity.
   */
  mailFrom: z.email().optional(),
  /** The SES identity the sender is verified under (the address itself, or its domain); default: `mailFrom`. */
  mailIdentity: z.string().min(1).optional(),
  /** Where the providers' named secrets live in Secrets Manager: `<prefix><name>`. */
  secretsPrefix: z
    .string()
    .regex(/^[\w/+=.@-]*$/)
    .default('travel-data-api/'),
});
export type StackConfig = Omit<z.infer<typeof StackConfig>, 'providers'> & { providers: Providers };

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
  const parsed = StackConfig.parse(raw);
  const providers = parsed.profile
    ? profileProviders(
        loadProfile(parsed.profile === 'live' ? DEFAULT_PROFILE_PATH : parsed.profile),
        parsed.providers,
      )
    : Object.fromEntries(Object.entries(parsed.providers).map(([k, v]) => [k, ProviderConfig.parse(v)]));
  return { ...parsed, providers };
}
