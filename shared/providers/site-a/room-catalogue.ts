/**
 * The room catalogue of a site_a hotel page (real-sources §16 site_a, rooms for dates): the Apollo cache's
 * room table (`RoomTableQueryResult`, its `RTRoomCard`s with their `roomAvBlocks`) and the rooms' `RoomData`,
 * read into the contract's rooms without blocks.
 */
import * as z from 'zod';
import type { SiteARoom } from '../../schemas/site-a-hotel.ts';
import { recordMissing, recordSkipped, tolerant } from '../../extraction/tolerant.ts';
import { photoUrl } from './urls.ts';

/** The page's ids, schema pieces the carriers' readers share. */
export const id = z.union([z.string().regex(/^\d{1,24}$/), z.number().int().positive()]);
export const money = z.number().min(0);
const currency = z.string().regex(/^[A-Z]{3}$/);

/** A block of a room card (§16's carrier 2; fields modelled on FullSearch's blocks). */
export const AvBlock = z.looseObject({
  blockId: z.looseObject({
    roomId: id,
    policyGroupId: z.union([z.string(), z.number()]).nullish(),
    occupancy: z.number().int().min(1).nullish(),
    packageId: z.union([z.string(), z.number()]).nullish(),
    mealPlanId: z.union([z.string(), z.number()]).nullish(),
  }),
  finalPrice: z.looseObject({ amount: money, currency: currency.nullish() }).nullish(),
  freeCancellationUntil: z.string().nullish(),
  onlyXLeftMessage: z.string().nullish(),
});

/** The room table of the page's cache, with its rooms' data, read by the tolerant rule. */
export const RoomCatalogue = tolerant(
  'site_a',
  z.looseObject({
    isSoldOut: z.boolean().nullish(),
    areaMeasurementUnit: z.string().nullish(),
    // A room table is its cards: one without them lost its structure.
    roomCards: z.array(
      z.looseObject({
        roomId: id,
        name: z.string().nullish(),
        description: z.string().nullish(),
        roomSize: z.number().min(0).nullish(),
        occupancy: z.looseObject({ maxPersons: z.number().int().min(1).nullish() }).nullish(),
        photos: z.array(z.looseObject({ photoUri: z.string().min(1) })).nullish(),
        roomAvBlocks: z.array(AvBlock).nullish(),
      }),
    ),
    roomData: z
      .array(
        z.looseObject({
          id,
          amenities: z
            .array(z.looseObject({ instances: z.array(z.looseObject({ title: z.string() })).nullish() }))
            .nullish(),
        }),
      )
      .nullish(),
  }),
  'the room table',
);
export type RoomCatalogue = z.output<typeof RoomCatalogue>;

// Real pages spell the units SQUARE_METER and SQUARE_FEET (38 pages, 2026); the rest are kept for variants.
const SQM: Record<string, number> = {
  SQUARE_METER: 1,
  SQUARE_METERS: 1,
  SQM: 1,
  M2: 1,
  SQUARE_FEET: 0.092903,
  SQFT: 0.092903,
};

/**
 * A room card as the contract's room, its data's facilities, its size in square metres and its photos as
 * URLs; no blocks.
 * @example catalogueRoom(card, catalogue, 'https://<image host>').size_sqm // 24
 */
export function catalogueRoom(
  card: NonNullable<RoomCatalogue['roomCards']>[number],
  c: RoomCatalogue,
  imageBase: string | undefined,
): SiteARoom {
  const data = (c.roomData ?? []).find((d) => String(d.id) === String(card.roomId));
  const unit = c.areaMeasurementUnit ? SQM[c.areaMeasurementUnit.toUpperCase()] : undefined;
  // A unit spelled as none on record sizes no room: counted, so that a new spelling shows as drift.
  if (card.roomSize != null && c.areaMeasurementUnit && unit === undefined)
    recordMissing('site_a', `areaMeasurementUnit ${c.areaMeasurementUnit}`, 'the room table');
  // The cards carry paths on the image host (`/xdata/images/hotel/…`): the contract's photos are URLs.
  const photos = (card.photos ?? []).flatMap((p) => photoUrl(p.photoUri, imageBase) ?? []);
  const lost = (card.photos?.length ?? 0) - photos.length;
  if (lost) recordSkipped('site_a', 'roomCards[].photos[]', 'the room table', lost);
  return {
    room_id: String(card.roomId),
    name: card.name ?? null,
    description: card.description ?? null,
    size_sqm:
      card.roomSize === null || card.roomSize === undefined || unit === undefined
        ? null
        : Math.round(card.roomSize * unit * 10) / 10,
    max_persons: card.occupancy?.maxPersons ?? null,
    // The cards name beds by type id only, whose names are not on record.
    beds: null,
    facilities: (data?.amenities ?? []).flatMap((a) =>
      a.instances?.[0]?.title ? [a.instances[0].title] : [],
    ),
    photos,
    blocks: [],
  };
}

/** A room a carrier lists that the catalogue lacks: its id and name only. */
export const bare = (roomId: string, name: string | null | undefined): SiteARoom => ({
  room_id: roomId,
  name: name ?? null,
  description: null,
  size_sqm: null,
  max_persons: null,
  beds: null,
  facilities: [],
  photos: [],
  blocks: [],
});
