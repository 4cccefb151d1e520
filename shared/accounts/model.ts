/** The dashboard API's request bodies and answers, as zod schemas (the types are inferred from them). */
import * as z from 'zod';
import { Tier } from '../store/types.ts';
import { PASSWORD_MAX } from './crypto.ts';

/** Emails are compared trimmed and in lower case. */
export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'is not an email address' }));

const Password = z
  .string()
  .min(1, 'is required')
  .max(PASSWORD_MAX * 4);

export const Credentials = z.object({ email: Email, password: Password });
export type Credentials = z.infer<typeof Credentials>;

export const VerifyBody = z.object({ token: z.string().min(16).max(128) });
export const EmailBody = z.object({ email: Email });
export const ResetBody = z.object({ token: z.string().min(16).max(128), password: Password });
export const PasswordBody = z.object({ password: Password });

export const KeyName = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(40, 'is longer than 40 characters')
  .regex(/^[\p{L}\p{N} ._-]+$/u, 'may hold letters, digits, spaces, dots, dashes and underscores only');
export const KeyBody = z.object({ name: KeyName });

export const KeyIdPath = z.object({ key_id: z.string().regex(/^[0-9a-f]{16}$/, 'is not a key id') });

export const AccountView = z.object({
  email: z.string(),
  tier: Tier,
  daily_limit: z.number().int(),
  key_limit: z.number().int(),
  daily_key_creations: z.number().int().meta({ description: 'Keys the account may create a UTC day' }),
  next_tier: z.object({ tier: Tier, daily_limit: z.number().int() }).nullable().meta({
    description: 'What the next tier gives (tiers are changed by the operator); null on the highest',
  }),
  created_at: z.iso.datetime(),
});

export const SessionAnswer = z.object({
  signed_in: z.boolean(),
  csrf_token: z.string(),
  account: AccountView.optional(),
});

export const Message = z.object({ message: z.string() });

export const KeyView = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  tier: Tier,
  status: z.enum(['active', 'revoked']),
  created_at: z.iso.datetime(),
  revoked_at: z.iso.datetime().nullable(),
  last_used_at: z.iso.datetime().nullable().meta({ description: 'Within the last 30 days; null otherwise' }),
  today: z.number().int().meta({ description: "Today's requests (UTC day)" }),
  daily_limit: z.number().int(),
  remaining: z.number().int(),
  replaced_by: z
    .string()
    .nullable()
    .meta({ description: 'The id of the key that replaced this one by a rotation; null when none did' }),
  carried_today: z.number().int().meta({
    description:
      "Of today's requests, those the key it replaced made before the rotation: they count against this key's quota",
  }),
});
export type KeyView = z.infer<typeof KeyView>;

export const KeyList = z.object({
  keys: z.array(KeyView),
  live_keys: z.number().int(),
  key_limit: z.number().int(),
  reset_at: z.iso.datetime(),
});

/** A new key: the only answer that ever holds the key itself. */
export const NewKey = KeyView.extend({
  key: z.string(),
  replaces: z.string().optional(),
});

export const RevokedKey = z.object({
  id: z.string(),
  status: z.literal('revoked'),
  revoked_at: z.iso.datetime(),
});

const Series = z.array(z.number().int());
export const Activity = z.object({
  days: z.array(z.iso.date()).meta({ description: 'The last 30 UTC days, oldest first, today last' }),
  reset_at: z.iso.datetime(),
  keys: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      prefix: z.string(),
      status: z.enum(['active', 'revoked']),
      daily: Series,
      today: z.number().int(),
      daily_limit: z.number().int(),
      remaining: z.number().int(),
      endpoints: z.record(z.string(), Series),
    }),
  ),
  endpoints: z.record(z.string(), Series),
  total: z.number().int(),
});
