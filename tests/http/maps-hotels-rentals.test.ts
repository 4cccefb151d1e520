// maps_hotels ids are accepted exactly as search returned them: every property of a search, hotel or
// vacation rental (wave 3, amendment 1), answers info and photos, against the sandbox's SERP-format engine.
import { describe, expect, it } from '@jest/globals';
import { getWorld } from '../../infra/sandbox/world.ts';
import { FIRST_LISTING_ID, LISTINGS_PER_CITY, listing } from '../../infra/sandbox/sites/rental.ts';
import { useTestServer } from '../helpers/server.ts';
import { day } from '../helpers/dates.ts';

const api = useTestServer();

const stay = { check_in: day(30), check_out: day(32) };
const get = (path: string, qs: Record<string, string>) => api.get(`${path}?${new URLSearchParams(qs)}`);
type Listed = { hotel_id: string; name: string };
const RENTAL = / - Entire apartment$/;
/** The sandbox world's listings in Paris, in its order: the last one has no rating on the maps service. */
const parisListings = () => {
  const ci = getWorld().cities.findIndex((c) => c.name === 'Paris');
  return Array.from({ length: LISTINGS_PER_CITY }, (_v, k) =>
    listing(FIRST_LISTING_ID + ci * LISTINGS_PER_CITY + k),
  );
};

describe('maps_hotels search → info and photos of every hotel_id', () => {
  it('answers info and photos for every property a search returns, vacation rentals and sponsored ones included', async () => {
    // Prepare
    const found = await get('/v1/maps_hotels/search', { location: 'Paris', ...stay });
    const listed = (found.body.hotels as (Listed & { is_paid: boolean })[]).map((h) => ({
      hotel_id: h.hotel_id,
      name: h.name,
      is_paid: h.is_paid,
    }));
    // Act
    const answers = [];
    for (const { hotel_id } of listed) {
      const info = await get('/v1/maps_hotels/info', { hotel_id, ...stay });
      const photos = await get('/v1/maps_hotels/photos', { hotel_id });
      answers.push({
        hotel_id,
        info: info.status,
        photos: photos.status,
        name: info.body.hotel?.name,
        id: info.body.hotel?.hotel_id,
      });
    }
    // Assess: each answers under the id it was asked with
    expect(listed.filter((h) => RENTAL.test(h.name)).length).toBeGreaterThan(0);
    expect(listed.filter((h) => h.is_paid).length).toBeGreaterThan(0);
    expect(answers).toEqual(
      listed.map((h) => ({ hotel_id: h.hotel_id, info: 200, photos: 200, name: h.name, id: h.hotel_id })),
    );
  });

  it("answers a vacation rental's info in full: its type, address, sellers with totals, its photos", async () => {
    // Prepare
    const found = await get('/v1/maps_hotels/search', { location: 'Paris', ...stay });
    const rental = (found.body.hotels as Listed[]).find((h) => RENTAL.test(h.name))!;
    // Act
    const info = await get('/v1/maps_hotels/info', { hotel_id: rental.hotel_id, ...stay });
    const photos = await get('/v1/maps_hotels/photos', { hotel_id: rental.hotel_id });
    // Assess
    expect(info.body.hotel).toMatchObject({
      hotel_id: rental.hotel_id,
      name: rental.name,
      type: 'vacation rental',
      address: expect.stringContaining('Paris'),
      stars: null,
      phone: null,
    });
    expect(info.body.hotel.prices.length).toBeGreaterThan(0);
    expect(
      info.body.hotel.prices.every(
        (p: { total_rate_value: unknown }) => typeof p.total_rate_value === 'number',
      ),
    ).toBe(true);
    expect(photos.body.total).toBeGreaterThan(0);
  });

  it('finds a vacation rental by its exact name, with rating null when the service shows none', async () => {
    // Prepare: Paris's newest listing, whose name no other property has, and which has no rating yet
    const newest = parisListings().at(-1)!;
    const name = `${newest.title} - Entire apartment`;
    // Act
    const res = await get('/v1/maps_hotels/info', { query: name, ...stay });
    // Assess
    expect(res.status).toBe(200);
    expect(res.body.hotel).toMatchObject({ name, type: 'vacation rental', rating: null });
  });

  it('answers 404 HOTEL_NOT_FOUND for a token in the style of a rental token that names none', async () => {
    // Act
    const res = await get('/v1/maps_hotels/info', {
      hotel_id: 'ChkQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      ...stay,
    });
    // Assess
    expect([res.status, res.body.error_code]).toEqual([404, 'HOTEL_NOT_FOUND']);
  });
});
