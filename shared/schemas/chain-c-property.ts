/**
 * A chain_c property's details (wave3-endpoints.md, chain_c property/details): the property header and the
 * room catalogue. Identity is required (the property's name, a room type's code); every other field is
 * null when the source does not show it, and `room_types` is [] when the catalogue could not be read.
 */
import * as z from 'zod';
import { CurrencyCode } from './currency.ts';
import { LatLng, PostalAddress } from './location.ts';

const Text = z.string().min(1).nullable();

/** A room type of the catalogue. */
export const ChainCRoomTypeInfo = z.object({
  code: z.string().min(1).meta({ description: "The source's room type code" }),
  name: Text,
  description: Text,
  max_occupancy: z.number().int().min(0).nullable(),
  beds: Text.meta({ description: 'The beds as text, e.g. "1 King"' }),
});
export type ChainCRoomTypeInfo = z.infer<typeof ChainCRoomTypeInfo>;

/** The details without the echo. */
export const ChainCPropertyDetails = z.object({
  name: z.string().min(1),
  brand: z.object({ code: Text.meta({ description: "chain_c's brand code" }) }),
  address: PostalAddress,
  location: LatLng.nullable(),
  phone: Text,
  currency: CurrencyCode.nullable().meta({ description: "The property's own currency" }),
  review: z
    .object({ rating: z.number().min(0).max(5), count: z.number().int().min(0).nullable() })
    .nullable()
    .meta({ description: 'Guest rating 0 to 5 with its review count; null when the source shows no rating' }),
  photo_url: z.url({ protocol: /^https?$/ }).nullable(),
  logo_url: z.url({ protocol: /^https?$/ }).nullable(),
  room_types: z.array(ChainCRoomTypeInfo).meta({
    description:
      'The room catalogue; [] when it could not be read (the source often refuses it), which says nothing about the rooms',
  }),
});
export type ChainCPropertyDetails = z.infer<typeof ChainCPropertyDetails>;
