/**
 * Pure readers of a chain_c property's details (real-sources §16, chain_c), by the tolerant rule:
 * - the header operation's answer, `data.catalog.propertyById{id, basicInformation{name, latitude,
 *   longitude, currency, brand{id}}, reviews{numberOfReviews{count}, stars{count}}, contactInformation{
 *   contactNumbers[]{phoneNumber{original}, type}, address{line1…line3, city, stateProvince, country,
 *   postalCode}}, media{primaryImage, hotelLogo}}`: the property needs its name, everything else may be
 *   absent; an unknown property is `propertyById: null` with errors that name it (unverified);
 * - the room catalogue, `data.property.roomTypes.edges[].node{roomTypeCode, name, description,
 *   longDescription, bedCounts[], maxOccupancy}`: a room type needs its code. The sub-shape of `bedCounts`
 *   is not on record: counts and names are read where they are, else the beds are null.
 */
import * as z from 'zod';
import { GraphQLError } from '../../extraction/graphql.ts';
import { ChainCPropertyDetails, ChainCRoomTypeInfo } from '../../schemas/chain-c-property.ts';
import { conform } from '../../extraction/conform.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { tolerant } from '../../extraction/tolerant.ts';
import { operationRefusal } from './extract.ts';
import { UNKNOWN_PROPERTY } from './rooms.ts';
import { HEADER } from './requests.ts';
import { shownText, text } from '../../extraction/values.ts';

const Str = z.string().nullish();
const Edges = <T extends z.ZodType>(node: T) => z.looseObject({ edges: z.array(z.looseObject({ node })) });

const Property = z.looseObject({
  id: Str,
  basicInformation: z.looseObject({
    // What the details are about: without it they are not the page asked for.
    name: z.string().regex(/\S/),
    latitude: z.number().nullish(),
    longitude: z.number().nullish(),
    currency: Str,
    brand: z.looseObject({ id: Str }).nullish(),
  }),
  reviews: z
    .looseObject({
      numberOfReviews: z.looseObject({ count: z.number().int().min(0).nullish() }).nullish(),
      stars: z.looseObject({ count: z.number().nullish() }).nullish(),
    })
    .nullish(),
  contactInformation: z
    .looseObject({
      contactNumbers: z
        .array(
          z.looseObject({
            phoneNumber: z.looseObject({ original: z.string() }),
            type: z.looseObject({ code: Str, description: Str }).nullish(),
          }),
        )
        .nullish(),
      address: z
        .looseObject({
          line1: Str,
          line2: Str,
          line3: Str,
          city: Str,
          stateProvince: z.looseObject({ description: Str }).nullish(),
          country: z.looseObject({ code: Str, description: Str }).nullish(),
          postalCode: Str,
        })
        .nullish(),
    })
    .nullish(),
  media: z
    .looseObject({
      primaryImage: Edges(
        z.looseObject({ imageUrls: z.looseObject({ wideHorizontal: z.string() }) }),
      ).nullish(),
      hotelLogo: Edges(z.looseObject({ imageSrc: z.string(), isPrimary: z.boolean().nullish() })).nullish(),
    })
    .nullish(),
});
type Property = z.infer<typeof Property>;

export const HeaderAnswer = tolerant(
  'chain_c',
  z.union([
    z.looseObject({
      data: z.looseObject({ catalog: z.looseObject({ propertyById: Property }) }),
      errors: z.array(GraphQLError).optional(),
    }),
    // No property: the source's word on it is in the errors (an unknown property, or a refused operation).
    z.looseObject({
      data: z.looseObject({ catalog: z.looseObject({ propertyById: z.null() }).nullish() }).nullish(),
      errors: z.array(GraphQLError).optional(),
    }),
  ]),
  'the property header',
);
export type HeaderAnswer = z.infer<typeof HeaderAnswer>;

/**
 * The property of a header answer, or undefined when chain_c says it does not exist (every error names the
 * property). A refused operation is a 502 naming its setting; no property and no word on why, a changed
 * format (never "not found").
 * @example headerProperty({ data: { catalog: { propertyById: null } }, errors: [{ message: 'Property ZZZZZ is not valid' }] }, 200) // undefined
 */
export function headerProperty(answer: HeaderAnswer, status: number): Property | undefined {
  const property = answer.data?.catalog?.propertyById;
  if (property) return property;
  const errors = answer.errors ?? [];
  const named = (e: z.infer<typeof GraphQLError>) =>
    UNKNOWN_PROPERTY.test(e.extensions?.code ?? '') || UNKNOWN_PROPERTY.test(e.message);
  if (errors.length > 0 && errors.every(named)) return undefined;
  const refused = operationRefusal(answer, status, HEADER, 'hotel_header_data');
  if (refused) throw refused;
  throw new ExtractionError('chain_c', 'the property header has no property', undefined, status);
}

const WHAT = 'the property header';

/** A text as shown, trimmed; a blank one is null and counted like an absent one. */
const shown = (value: string | null | undefined, field: string, what = WHAT) =>
  shownText('chain_c', value, field, what);

/** The site gives image paths relative to its image host; the base may carry a path of its own. */
function imageUrl(path: string | null, base: string): string | null {
  if (!path) return null;
  if (/^https?:\/\//i.test(path)) return path;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** The phone: the first number whose type does not say it is a fax. */
function phoneOf(p: Property): string | null {
  const numbers = p.contactInformation?.contactNumbers ?? [];
  const phone = numbers.find((n) => !/fax/i.test(`${n.type?.code ?? ''} ${n.type?.description ?? ''}`));
  return shown(
    phone?.phoneNumber.original,
    'data.catalog.propertyById.contactInformation.contactNumbers[].phoneNumber.original',
  );
}

export interface PropertyOptions {
  /** The property asked for: an answer about another is not the page asked for. */
  propertyId: string;
  /** Where relative image paths resolve. */
  imageBase: string;
}

/**
 * The details in the contract's terms, with the room types read apart (`roomTypesOf`).
 * @example extractProperty(property, [], { propertyId: 'PARXY', imageBase: 'https://img.chain-c.test' }).name // 'Meridian Crown Paris'
 */
export function extractProperty(
  p: Property,
  roomTypes: ChainCRoomTypeInfo[],
  o: PropertyOptions,
): ChainCPropertyDetails {
  if (p.id && p.id.trim().toUpperCase() !== o.propertyId)
    throw new ExtractionError('chain_c', `the property header is for property "${p.id}"`, undefined, 200);
  const info = p.basicInformation;
  const address = p.contactInformation?.address;
  const path = 'data.catalog.propertyById';
  const streets = [address?.line1, address?.line2, address?.line3]
    .map((l, i) => shown(l, `${path}.contactInformation.address.line${i + 1}`))
    .filter((l): l is string => l !== null);
  const country = shown(
    address?.country?.code,
    `${path}.contactInformation.address.country.code`,
  )?.toUpperCase();
  const currency = shown(info.currency, `${path}.basicInformation.currency`)?.toUpperCase();
  const stars = p.reviews?.stars?.count;
  const logos = p.media?.hotelLogo?.edges.map((e) => e.node) ?? [];
  const logo = logos.find((l) => l.isPrimary) ?? logos[0];
  return conform(
    'chain_c',
    ChainCPropertyDetails,
    {
      name: info.name.trim(),
      brand: { code: shown(info.brand?.id, `${path}.basicInformation.brand.id`) },
      address: {
        street: streets.length ? streets.join(', ') : null,
        city: shown(address?.city, `${path}.contactInformation.address.city`),
        state: shown(
          address?.stateProvince?.description,
          `${path}.contactInformation.address.stateProvince.description`,
        ),
        postal_code: shown(address?.postalCode, `${path}.contactInformation.address.postalCode`),
        country_code: country && /^[A-Z]{2}$/.test(country) ? country : null,
      },
      location:
        typeof info.latitude === 'number' &&
        typeof info.longitude === 'number' &&
        Math.abs(info.latitude) <= 90 &&
        Math.abs(info.longitude) <= 180
          ? { latitude: info.latitude, longitude: info.longitude }
          : null,
      phone: phoneOf(p),
      currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : null,
      // A rating is the stars' count on 0 to 5; a count without a rating is no review to show.
      review:
        typeof stars === 'number' && stars >= 0 && stars <= 5
          ? { rating: stars, count: p.reviews?.numberOfReviews?.count ?? null }
          : null,
      photo_url: imageUrl(
        shown(
          p.media?.primaryImage?.edges[0]?.node.imageUrls.wideHorizontal,
          `${path}.media.primaryImage.edges[].node.imageUrls.wideHorizontal`,
        ),
        o.imageBase,
      ),
      logo_url: imageUrl(shown(logo?.imageSrc, `${path}.media.hotelLogo.edges[].node.imageSrc`), o.imageBase),
      room_types: roomTypes,
    },
    WHAT,
  );
}

const RoomNode = z.looseObject({
  roomTypeCode: z.string().regex(/\S/),
  name: Str,
  description: Str,
  longDescription: Str,
  // Not on record beyond its name: read tolerantly (`bedsOf`).
  bedCounts: z.array(z.unknown()).nullish(),
  maxOccupancy: z.number().int().min(0).nullish(),
});

export const RoomCardsAnswer = tolerant(
  'chain_c',
  z.looseObject({
    data: z.looseObject({ property: z.looseObject({ roomTypes: Edges(RoomNode) }) }),
  }),
  'the room catalogue',
);
export type RoomCardsAnswer = z.infer<typeof RoomCardsAnswer>;

/** One entry of `bedCounts` as text: "1 King" from a count and a name where they are, or a text as is. */
function bedText(entry: unknown): string | null {
  if (typeof entry === 'string') return text(entry);
  if (!entry || typeof entry !== 'object') return null;
  const e = entry as Record<string, unknown>;
  const count =
    typeof e.count === 'number' ? e.count : typeof e.quantity === 'number' ? e.quantity : undefined;
  const kind = [
    e.description,
    e.name,
    e.label,
    (e.type as { description?: unknown } | undefined)?.description,
    e.type,
  ]
    .find((v): v is string => typeof v === 'string' && v.trim() !== '')
    ?.trim();
  if (!kind) return null;
  return count === undefined ? kind : `${count} ${kind}`;
}

/**
 * The room types of a catalogue answer, in its order, each code once.
 * @example roomTypesOf(answer)[0] // { code: 'GR1K', name: 'Guest room, 1 King', description: …, max_occupancy: 2, beds: '1 King' }
 */
export function roomTypesOf(answer: RoomCardsAnswer): ChainCRoomTypeInfo[] {
  const seen = new Set<string>();
  const what = 'the room catalogue';
  const node = 'data.property.roomTypes.edges[].node';
  return answer.data.property.roomTypes.edges.flatMap(({ node: r }) => {
    const code = r.roomTypeCode.trim();
    if (seen.has(code)) return [];
    seen.add(code);
    const beds = (r.bedCounts ?? []).map(bedText).filter((b): b is string => b !== null);
    return [
      conform(
        'chain_c',
        ChainCRoomTypeInfo,
        {
          code,
          name: shown(r.name, `${node}.name`, what),
          description: shown(r.description, `${node}.description`, what) ?? text(r.longDescription),
          max_occupancy: r.maxOccupancy ?? null,
          beds: beds.length ? beds.join(', ') : null,
        },
        what,
      ),
    ];
  });
}
