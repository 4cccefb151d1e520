/**
 * Pure readers of a site_c hotel page (research §16 site_c, "Hotel details"): the page's JSON-LD object with
 * `aggregateRating` (`@type` LodgingBusiness: name, url, priceRange as a sentence, a string ratingValue,
 * address, geo, image), and from the rendered page, rated low-confidence, the description
 * (`data-automation="aboutTabDescription"`) and the amenities (`data-test-target` naming an amenity). The
 * hotel's name identifies it; everything else may be absent, and the low-confidence parts' absence is
 * counted as drift (null and [] there say nothing about the hotel). No HTML parser: bounded scans.
 */
import * as z from 'zod';
import { conform } from '../../extraction/conform.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { markupText } from '../../extraction/markup.ts';
import { recordMissing, tolerant } from '../../extraction/tolerant.ts';
import { absoluteUrl, isRecord, shownText } from '../../extraction/values.ts';

const Text = z.string();
/** A decimal as the structured data writes it: a string ("4.5") or a number. */
const Decimal = z
  .custom<number | string>(
    (v) =>
      (typeof v === 'number' && Number.isFinite(v)) ||
      (typeof v === 'string' && /^\s*-?\d+(?:\.\d+)?\s*$/.test(v)),
    { error: 'a decimal, as a number or its digits' },
  )
  .transform(Number);

/** The hotel's structured data (JSON-LD): its name identifies it. */
export const HotelData = tolerant(
  'site_c',
  z.looseObject({
    name: Text.min(1),
    url: Text.nullish(),
    priceRange: Text.nullish(),
    aggregateRating: z
      .looseObject({ ratingValue: Decimal.nullish(), reviewCount: Decimal.nullish() })
      .nullish(),
    address: z
      .looseObject({
        streetAddress: Text.nullish(),
        addressLocality: Text.nullish(),
        postalCode: Text.nullish(),
        addressCountry: z.union([Text, z.looseObject({ name: Text.nullish() })]).nullish(),
      })
      .nullish(),
    geo: z.looseObject({ latitude: Decimal, longitude: Decimal }).nullish(),
    image: z.union([Text, z.array(Text)]).nullish(),
  }),
  'the hotel structured data',
);
export type HotelData = z.output<typeof HotelData>;

const LD_SCRIPT = /<script\b[^>]*type\s*=\s*["']application\/ld\+json["'][^>]*>([\s\S]*?)<\/script/gi;

/**
 * The page's JSON-LD object that describes the hotel: the one with `aggregateRating` or a lodging type,
 * among every ld+json script (arrays and `@graph` included). An extraction error when there is none.
 * @example hotelJsonLd(html)['@type'] // 'LodgingBusiness'
 */
export function hotelJsonLd(html: string, status?: number): Record<string, unknown> {
  const objects: Record<string, unknown>[] = [];
  for (const m of html.matchAll(LD_SCRIPT)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(m[1]!);
    } catch {
      continue;
    }
    const queue = [parsed];
    while (queue.length) {
      const v = queue.shift();
      if (Array.isArray(v)) queue.push(...v);
      else if (isRecord(v)) {
        objects.push(v);
        if (Array.isArray(v['@graph'])) queue.push(...v['@graph']);
      }
    }
  }
  const lodging = (o: Record<string, unknown>) =>
    [o['@type']]
      .flat()
      .some((t) => typeof t === 'string' && /Lodging|Hotel|Resort|Inn|Motel|BedAndBreakfast|Hostel/.test(t));
  const found = objects.find((o) => 'aggregateRating' in o && lodging(o)) ?? objects.find(lodging);
  if (!found)
    throw new ExtractionError('site_c', 'the hotel page has no lodging structured data', undefined, status);
  return found;
}

/** Markup as plain text: tags dropped (a break or paragraph end a line break), references decoded, spaces folded. */
function plain(html: string): string {
  // A no-break space folds with the others (markupText decodes &nbsp; to one).
  return markupText(html)
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The inner markup of each element whose opening tag matches `attribute`, to its matching end tag (nested
 * elements of the same name counted).
 * @example elements('<div data-x="a"><div>b</div></div>', /data-x="a"/) // ['<div>b</div>']
 */
function elements(html: string, attribute: RegExp): string[] {
  const out: string[] = [];
  const open = /<([a-zA-Z][\w-]*)\b[^>]*>/g;
  for (const m of html.matchAll(open)) {
    if (!attribute.test(m[0])) continue;
    const name = m[1]!.toLowerCase();
    const tags = new RegExp(`<(/?)${name}\\b[^>]*>`, 'gi');
    tags.lastIndex = m.index + m[0].length;
    let depth = 1;
    for (let t = tags.exec(html); t; t = tags.exec(html)) {
      depth += t[1] ? -1 : t[0].endsWith('/>') ? 0 : 1;
      if (depth === 0) {
        out.push(html.slice(m.index + m[0].length, t.index));
        break;
      }
    }
  }
  return out;
}

/** The band of a price range without its explanatory sentence: "$$ - $$$ (Based on …)" → "$$ - $$$". */
function band(range: string | null | undefined): string | null {
  const value = range?.replace(/\s*\(.*$/s, '').trim();
  if (value) return value;
  if (typeof range === 'string') recordMissing('site_c', 'priceRange', 'the hotel structured data');
  return null;
}

/** The hotel's photo; an image sent that is no link is null, counted as missing. */
function photo(image: string | undefined, origin: string): string | null {
  const link = absoluteUrl(image, origin);
  if (link === null && image !== undefined) recordMissing('site_c', 'image', 'the hotel structured data');
  return link;
}

const WHAT = 'the hotel page';
const shown = (t: string | null | undefined, field: string) =>
  shownText('site_c', t, field, 'the hotel structured data');

/**
 * What the structured data says of a hotel, read (HotelData), in the contract's shape. `pageUrl` is the
 * page read (its url when the data names none).
 * @example fromStructuredData(ld, 314467, pageUrl, 'https://www.site-c.test').price_range // '$$ - $$$'
 */
export function fromStructuredData(ld: HotelData, locationId: number, pageUrl: string, origin: string) {
  const a = ld.address;
  const country = a?.addressCountry;
  const rating = ld.aggregateRating;
  const value = rating?.ratingValue;
  const count = rating?.reviewCount;
  const image = [ld.image ?? []].flat()[0];
  return {
    location_id: locationId,
    name: ld.name.trim(),
    url: absoluteUrl(ld.url, origin) ?? pageUrl,
    address: {
      street: shown(a?.streetAddress, 'address.streetAddress'),
      city: shown(a?.addressLocality, 'address.addressLocality'),
      postal_code: shown(a?.postalCode, 'address.postalCode'),
      country:
        typeof country === 'string'
          ? shown(country, 'address.addressCountry')
          : shown(country?.name, 'address.addressCountry.name'),
    },
    location: ld.geo ? { latitude: ld.geo.latitude, longitude: ld.geo.longitude } : null,
    // Unrated: neither a value nor a count. A value outside 1 to 5 is none the contract can show.
    rating:
      (value === undefined || value === null) && (count === undefined || count === null)
        ? null
        : {
            value: value !== undefined && value !== null && value >= 1 && value <= 5 ? value : null,
            review_count:
              count !== undefined && count !== null && Number.isInteger(count) && count >= 0 ? count : null,
          },
    price_range: band(ld.priceRange),
    photo_url: photo(image, origin),
  };
}

/**
 * A hotel's details from its page: the structured data, and the description and amenities where the page
 * rendered them (their absence counted).
 * @example extractHotelDetails(html, 314467, 'https://www.site-c.test/Hotel_Review-….html', 'https://www.site-c.test').name
 */
export function extractHotelDetails(
  html: string,
  locationId: number,
  pageUrl: string,
  origin: string,
  status?: number,
) {
  const ld = conform('site_c', HotelData, hotelJsonLd(html, status), 'the hotel structured data', status);
  const description = elements(html, /\sdata-automation\s*=\s*["']aboutTabDescription["']/)
    .map(plain)
    .find(Boolean);
  if (!description) recordMissing('site_c', 'div[data-automation=aboutTabDescription]', WHAT);
  const amenities = [
    ...new Set(
      elements(html, /\sdata-test-target\s*=\s*["'][^"']*amenity[^"']*["']/i)
        .map(plain)
        .filter(Boolean),
    ),
  ];
  if (amenities.length === 0) recordMissing('site_c', 'div[data-test-target*=amenity]', WHAT);
  const { photo_url, ...data } = fromStructuredData(ld, locationId, pageUrl, origin);
  return { ...data, description: description ?? null, amenities, photo_url };
}
export type SiteCHotelDetails = ReturnType<typeof extractHotelDetails>;
