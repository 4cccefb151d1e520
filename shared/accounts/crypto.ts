/**
 * Passwords, tokens and keys. Passwords are hashed with scrypt (memory-hard: 32 MiB and about 0.1 s a
 * hash here), each with its own salt, its parameters kept beside it so they can be raised later. Tokens
 * (sessions, verification links) and keys come from the CSPRNG and are stored only as SHA-256 hashes.
 */
import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  length: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/** scrypt's cost: N = 2^15, r = 8 (128·N·r bytes = 32 MiB of memory per hash), p = 1. */
export const SCRYPT = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

/** @example await hashPassword('correct horse battery staple') // 'scrypt$32768$8$1$…$…' */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, {
    ...SCRYPT,
    maxmem: 256 * SCRYPT.N * SCRYPT.r,
  });
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

/**
 * Compares in constant time; a malformed stored hash never matches.
 * @example await verifyPassword('correct horse battery staple', stored) // true
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const N = Number(n);
  const R = Number(r);
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64'), expected.length, {
    N,
    r: R,
    p: Number(p),
    maxmem: 256 * N * R,
  });
  return timingSafeEqual(actual, expected);
}

/** A hash of a password nobody has: unknown emails are checked against it, so they take as long. */
let decoy: Promise<string> | undefined;
/** @example await verifyPassword(password, await decoyHash()) // false, after as long as a real check */
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(24).toString('base64'));
  return decoy;
}

const COMMON = new Set([
  'password1234',
  'password12345',
  'password123456',
  '123456789012',
  '1234567890123',
  'qwertyuiop12',
  'qwertyuiopas',
  'iloveyou1234',
  'letmein12345',
  'welcome12345',
  'administrator',
  'changeme1234',
  'aaaaaaaaaaaa',
  'abcdefghijkl',
]);

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

/**
 * Why a password is too weak, or undefined when it will do: long enough, not a common one, not one
 * character repeated, not the email or its name part.
 * @example passwordWeakness('short', 'a@b.test') // 'shorter than 12 characters'
 */
export function passwordWeakness(password: string, email: string): string | undefined {
  const lower = password.toLowerCase();
  const local = email.split('@')[0]!.toLowerCase();
  if ([...password].length < PASSWORD_MIN) return `shorter than ${PASSWORD_MIN} characters`;
  if ([...password].length > PASSWORD_MAX) return `longer than ${PASSWORD_MAX} characters`;
  if (COMMON.has(lower) || /^(.)\1+$/.test(password)) return 'too common';
  if (lower.includes(email.toLowerCase()) || (local.length >= 4 && lower.includes(local)))
    return 'made of the email address';
  return undefined;
}

/** @example sha256('abc') // 'ba7816bf…' */
export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** @example randomToken() // 43 URL-safe characters (32 random bytes) */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A new API key: 40 letters and digits from the CSPRNG (238 bits; API Gateway takes 20 or more); bytes past
 * the last whole multiple of 62 are dropped to avoid bias.
 * @example newApiKey() // '3kVq…' (40 characters)
 */
export function newApiKey(): string {
  let key = '';
  while (key.length < 40)
    for (const b of randomBytes(48)) if (b < 248 && key.length < 40) key += ALPHABET[b % 62];
  return key;
}

/** Equal strings, compared in constant time. @example sameSecret(header, session.csrf) */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
