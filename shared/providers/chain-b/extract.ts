/**
 * chain_b's readers, one module per answer: the search index (search-index.ts), the offers (offers.ts) and
 * the hotel content (content.ts). Here, what they share: coordinates as numbers or numeric strings,
 * `{code, label}` pairs, the back end's GraphQL errors, and texts read as null when blank.
 */
import * as z from 'zod';
import { text } from '../../extraction/values.ts';

/**
 * A latitude (limit 90) or longitude (limit 180): numbers or numeric strings; out of range, they place
 * nothing anywhere.
 * @example coordinate(90).parse('48.85') // 48.85
 */
export const coordinate = (limit: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .regex(/^-?\d+(\.\d+)?$/)
        .transform(Number),
    ])
    .pipe(z.number().min(-limit).max(limit));

/**
 * Where a hotel is, as the index and the content both give it: a hotel without part of its address (or
 * its coordinates) is still that hotel, kept with nulls.
 */
export const Localization = z
  .looseObject({
    address: z
      .looseObject({
        street: z.string().nullish(),
        zipCode: z.string().nullish(),
        city: z.string().nullish(),
        country: z.string().nullish(),
        countryCode: z.string().nullish(),
      })
      .nullish(),
    gps: z.looseObject({ lat: coordinate(90), lng: coordinate(180) }).nullish(),
  })
  .nullish();

/**
 * A hotel's address in the contract's terms: each part null when not shown, never an empty text.
 * @example addressOf({ address: { city: 'Lorvane', countryCode: 'zz' } }) // { street: null, city: 'Lorvane', postal_code: null, country: null, country_code: 'ZZ' }
 */
export function addressOf(localization: z.infer<typeof Localization>) {
  const address = localization?.address;
  return {
    street: text(address?.street),
    city: text(address?.city),
    postal_code: text(address?.zipCode),
    country: text(address?.country),
    country_code: text(address?.countryCode)?.toUpperCase() ?? null,
  };
}

/** A lodging type (the index's): its code, its label when shown. */
export const Lodging = z.looseObject({ code: z.string(), label: z.string().nullish() }).nullish();

/**
 * A lodging type in the contract's terms, or null when none is shown.
 * @example lodgingOf({ code: 'HOTEL' }) // { code: 'HOTEL', name: null }
 */
export const lodgingOf = (l: z.infer<typeof Lodging>) => (l ? { code: l.code, name: text(l.label) } : null);

/** A code with its label, as the back end pairs them (amenities, policies). */
export const CodeLabel = z.looseObject({ code: z.string(), label: z.string() });
