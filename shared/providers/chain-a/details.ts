/**
 * Pure readers of chain_a's profile API (real-sources §16, chain_a): one hotel's profile,
 * `hotelInfo{brandInfo, profile, address, contact, policies, …}`, and the batch of names and brands,
 * `[]{hotelCode, profile{name}, brandInfo{brandCode, brandName}}`. Read by the tolerant rule: a profile
 * needs its name, a batch entry its code; everything else may be absent and is null. The sub-shapes of
 * `contact` (the phone) and `policies` (check-in and check-out times) are not on record: they are searched
 * for fields named as a phone or a check-in time, never guessed from anything else.
 */
import * as z from 'zod';
import { ChainAHotelDetails } from '../../schemas/chain-a-hotels.ts';
import { conform } from '../../extraction/conform.ts';
import { UpstreamError } from '../../upstream/errors.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { tolerant } from '../../extraction/tolerant.ts';
import { ErrorAnswer, UNKNOWN_HOTEL_CODES } from './offers-answer.ts';
import { shownText, text } from '../../extraction/values.ts';

/** A coordinate as a number or a decimal string, checked as one type (absent and wrong stay distinct). */
const Coordinate = z
  .custom<number | string>(
    (v) =>
      (typeof v === 'number' && Number.isFinite(v)) ||
      (typeof v === 'string' && /^-?\d{1,3}(\.\d+)?$/.test(v)),
    { error: 'a coordinate, as a number or a decimal string' },
  )
  .transform(Number);

const Named = z.looseObject({ code: z.string().optional(), name: z.string().optional() });

const BrandInfo = z.looseObject({ brandCode: z.string().optional(), brandName: z.string().optional() });

export const ProfileAnswer = tolerant(
  'chain_a',
  z.looseObject({
    hotelInfo: z.looseObject({
      brandInfo: BrandInfo.optional(),
      profile: z.looseObject({
        // What the details are about: without it they are not the page asked for.
        name: z.string().regex(/\S/),
        shortDescription: z.string().optional(),
        longDescription: z.string().optional(),
        latLong: z
          .looseObject({ latitude: Coordinate.optional(), longitude: Coordinate.optional() })
          .optional(),
        roomsIncludingSuitesCount: z.number().int().min(0).optional(),
      }),
      address: z
        .looseObject({
          street1: z.string().optional(),
          street2: z.string().optional(),
          street3: z.string().optional(),
          street4: z.string().optional(),
          city: z.string().optional(),
          zip: z.string().optional(),
          state: Named.optional(),
          country: Named.optional(),
          consumerFriendlyURL: z.string().optional(),
        })
        .optional(),
      // Not on record: searched by field name (module comment).
      contact: z.unknown().optional(),
      policies: z.unknown().optional(),
    }),
  }),
  'the hotel profile',
);
export type ProfileAnswer = z.infer<typeof ProfileAnswer>;

/** What a profile call answers: a profile, or the API's error codes (a 4xx). */
export const ProfileCallAnswer = z.union([ProfileAnswer, ErrorAnswer]);

/**
 * The profile of a profile call, or undefined when chain_a says it has no such hotel (its unknown-hotel
 * error codes). Any other error answer is the source's failure, never "not found".
 * @example profileOutcome(400, { errors: [{ code: 'INVALID_HOTEL_MNEMONICS' }] }) // undefined
 */
export function profileOutcome(status: number, body: ProfileAnswer | ErrorAnswer): ProfileAnswer | undefined {
  if ('hotelInfo' in body) return body as ProfileAnswer;
  const codes = (body as ErrorAnswer).errors.map((e) => e.code);
  if (status >= 200 && status < 300)
    throw new ExtractionError('chain_a', 'the profile answer has no hotel', undefined, status);
  if (codes.some((c) => UNKNOWN_HOTEL_CODES.includes(c))) return undefined;
  throw new UpstreamError('chain_a', `the profile API answered ${codes.join(', ')}`, status);
}

/**
 * A text field as shown, trimmed; null when absent or blank, a blank one counted like an absent one (the
 * read counts those that are not there).
 */
const shown = (value: string | undefined, field: string, what: string) =>
  shownText('chain_a', value, field, what);

const PROFILE = 'the hotel profile';

/** Plain text of a description that may carry markup or entities. */
function plain(s: string | undefined, field: string): string | null {
  const stripped = s
    ?.replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
  return shown(stripped, field, PROFILE);
}

/** Every value under `root` (depth-limited) whose key matches, with the object that holds it. */
function fieldsNamed(
  root: unknown,
  key: RegExp,
  depth = 4,
): { value: unknown; holder: Record<string, unknown> }[] {
  if (depth < 0 || root === null || typeof root !== 'object') return [];
  if (Array.isArray(root)) return root.flatMap((v) => fieldsNamed(v, key, depth - 1));
  const holder = root as Record<string, unknown>;
  return Object.entries(holder).flatMap(([k, v]) => [
    ...(key.test(k) ? [{ value: v, holder }] : []),
    ...fieldsNamed(v, key, depth - 1),
  ]);
}

/**
 * A phone number: a field named as one, with digits in it, not in an entry that says it is a fax.
 * @example phoneIn({ phone: { number: '+1 514 555 0142' }, fax: { number: '+1 514 555 0143', type: 'FAX' } }) // '+1 514 555 0142'
 */
export function phoneIn(contact: unknown): string | null {
  for (const { value, holder } of fieldsNamed(contact, /^(phone|phoneNumber|telephone|voice)$/i)) {
    const said = JSON.stringify(Object.values(holder).filter((v) => typeof v === 'string'));
    if (/fax/i.test(said)) continue;
    const number = typeof value === 'string' ? value : (value as { number?: unknown } | null)?.number;
    if (typeof number === 'string' && /\d{4}/.test(number.replace(/\D/g, ''))) return number.trim();
  }
  return null;
}

/**
 * A time of day as HH:MM from the forms a source writes ("15:00:00", "15:00", "3:00 PM", "3 PM").
 * @example clockTime('3:00 PM') // '15:00'
 */
export function clockTime(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = /^\s*(\d{1,2})(?::(\d{2}))?(?::\d{2})?\s*([AaPp])?\.?\s*[Mm]?\.?\s*$/.exec(value);
  if (!m) return null;
  let hour = Number(m[1]);
  const minute = Number(m[2] ?? '0');
  if (m[3]) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (/p/i.test(m[3]) ? 12 : 0);
  } else if (m[2] === undefined) return null;
  if (hour > 23 || minute > 59) return null;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** The first readable time of a field named like `name` ("checkinTime", "checkInTime", "check_in_time"). */
function timeIn(policies: unknown, name: 'in' | 'out'): string | null {
  const key = new RegExp(`^check[-_]?${name}[-_]?time$`, 'i');
  for (const { value } of fieldsNamed(policies, key)) {
    const time = clockTime(value);
    if (time) return time;
  }
  return null;
}

/** The hotel page: the profile's link, made absolute on the site when it is a path. */
function pageUrl(link: string | undefined, site: string): string | null {
  const url = text(link);
  if (!url) return null;
  if (/^https?:\/\//i.test(url)) return url;
  return url.startsWith('/') ? `${site}${url}` : null;
}

/**
 * The hotel profile in the contract's terms. `site` is the chain's public site, for a page link given as a
 * path.
 * @example extractDetails(answer, 'https://www.chain-a.test').name // 'Aurelia Suites Paris'
 */
export function extractDetails(answer: ProfileAnswer, site: string): ChainAHotelDetails {
  const info = answer.hotelInfo;
  const { profile, address } = info;
  const [latitude, longitude] = [profile.latLong?.latitude, profile.latLong?.longitude];
  const country = text(address?.country?.code)?.toUpperCase() ?? null;
  const streets = [address?.street1, address?.street2, address?.street3, address?.street4]
    .map(text)
    .filter((s): s is string => s !== null);
  return conform(
    'chain_a',
    ChainAHotelDetails,
    {
      name: profile.name.trim(),
      brand: {
        code: shown(info.brandInfo?.brandCode, 'hotelInfo.brandInfo.brandCode', PROFILE),
        name: shown(info.brandInfo?.brandName, 'hotelInfo.brandInfo.brandName', PROFILE),
      },
      short_description: plain(profile.shortDescription, 'hotelInfo.profile.shortDescription'),
      description: plain(profile.longDescription, 'hotelInfo.profile.longDescription'),
      address: {
        street: streets.length ? streets.join(', ') : null,
        city: shown(address?.city, 'hotelInfo.address.city', PROFILE),
        state: text(address?.state?.name) ?? text(address?.state?.code),
        postal_code: shown(address?.zip, 'hotelInfo.address.zip', PROFILE),
        country_code: country && /^[A-Z]{2}$/.test(country) ? country : null,
      },
      location:
        latitude !== undefined &&
        longitude !== undefined &&
        Math.abs(latitude) <= 90 &&
        Math.abs(longitude) <= 180
          ? { latitude, longitude }
          : null,
      phone: phoneIn(info.contact),
      room_count: profile.roomsIncludingSuitesCount ?? null,
      check_in_time: timeIn(info.policies, 'in'),
      check_out_time: timeIn(info.policies, 'out'),
      url: pageUrl(address?.consumerFriendlyURL, site),
    },
    'the hotel profile',
  );
}

/** The batch of names and brands: entries without a hotel code are left out and counted. */
export const ProfilesAnswer = tolerant(
  'chain_a',
  z.array(
    z.looseObject({
      hotelCode: z.string().min(1),
      profile: z.looseObject({ name: z.string().optional() }).optional(),
      brandInfo: BrandInfo.optional(),
    }),
  ),
  'the hotel profiles',
);
export type ProfilesAnswer = z.infer<typeof ProfilesAnswer>;

/** A hotel's name and brand as the batch gives them. */
export interface ProfileName {
  name: string | null;
  brand: { code: string | null; name: string | null };
}

/**
 * The batch by upper-cased hotel code.
 * @example namesOf([{ hotelCode: 'ASPAR0', profile: { name: 'Aurelia Suites Paris' } }]).get('ASPAR0')?.name // 'Aurelia Suites Paris'
 */
export function namesOf(answer: ProfilesAnswer): Map<string, ProfileName> {
  const what = 'the hotel profiles';
  return new Map(
    answer.map((p) => [
      p.hotelCode.trim().toUpperCase(),
      {
        name: shown(p.profile?.name, '[].profile.name', what),
        brand: {
          code: shown(p.brandInfo?.brandCode, '[].brandInfo.brandCode', what),
          name: shown(p.brandInfo?.brandName, '[].brandInfo.brandName', what),
        },
      },
    ]),
  );
}
