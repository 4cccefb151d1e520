// What the dated listing routes (details and pricing) answer about the stay they were asked for.
import * as z from 'zod';
import { nights } from '../../shared/schemas/params.ts';
import { ListingIdJson } from '../../shared/schemas/rental.ts';

/** The listing and the stay, as a dated listing route's response states them. */
export const ListingStay = {
  listing_id: ListingIdJson,
  check_in: z.iso.date(),
  check_out: z.iso.date(),
  nights: z.number().int().min(1),
};

/**
 * The listing and the stay as answered: the dates asked for and the nights between them.
 * @example listingStay('40000001', { check_in: '2030-06-01', check_out: '2030-06-04' }) // { listing_id: '40000001', check_in: '2030-06-01', check_out: '2030-06-04', nights: 3 }
 */
export const listingStay = (listingId: string, stay: { check_in: string; check_out: string }) => ({
  listing_id: listingId,
  check_in: stay.check_in,
  check_out: stay.check_out,
  nights: nights(stay.check_in, stay.check_out),
});
