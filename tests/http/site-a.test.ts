// site_a endpoints against the sandbox: url-to-id, photos, destinations lookup.
import { describe, expect, it } from '@jest/globals';
import * as z from 'zod';
import { DestinationSuggestion, Photo } from '../../shared/schemas/site-a.ts';
import { galleryIds, hotelPage } from '../../infra/sandbox/sites/site-a.ts';
import { getWorld } from '../../infra/sandbox/world.ts';
import { PAGE_PHOTO_CAP } from '../../shared/providers/site-a/gallery.ts';
import { useTestServer } from '../helpers/server.ts';

const api = useTestServer();

const hotel = () => getWorld().hotels.find((h) => h.name === 'Aurelia Suites Paris')!;
const thaiHotel = () => getWorld().hotels.find((h) => h.city.country === 'TH')!;
const q = (s: string) => encodeURIComponent(s);

describe('GET /v1/site_a/hotel/url-to-id', () => {
  const full = () => `https://www.site-a.test/hotel/fr/${hotel().slug}.html`;

  it.each([
    ['a full URL', () => full()],
    ['a full URL with query and fragment', () => `${full()}?aid=12&checkin=2027-01-01#photos`],
    ['a mobile-host URL', () => `https://m.site-a.test/hotel/fr/${hotel().slug}.html`],
    ['{cc}/{slug}', () => `fr/${hotel().slug}`],
  ])('resolves %s to the numeric id and the normalised URL', async (_case, input) => {
    const res = await api.get(`/v1/site_a/hotel/url-to-id?url=${q(input())}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, hotel_id: String(hotel().ids.site_a), url: full() });
  });

  it('assumes country th for a bare slug', async () => {
    const h = thaiHotel();
    const res = await api.get(`/v1/site_a/hotel/url-to-id?url=${h.slug}`);
    expect(res.body).toEqual({
      success: true,
      hotel_id: String(h.ids.site_a),
      url: `https://www.site-a.test/hotel/th/${h.slug}.html`,
    });
  });

  it('reads only the top of the page, and caches the id', async () => {
    await api.get(`/v1/site_a/hotel/url-to-id?url=${q(full())}`);
    await new Promise((ok) => setTimeout(ok, 50));
    const [read] = api.sandbox.requests('site_a');
    const pageBytes = (
      await fetch(`${api.sandbox.url}/site_a/hotel/fr/${hotel().slug}.html`).then((r) => r.arrayBuffer())
    ).byteLength;
    expect(read!.path).toBe(`/hotel/fr/${hotel().slug}.html`);
    expect(read!.bytes).toBeLessThan(pageBytes * 0.75); // stopped well before the end
    const again = await api.get(`/v1/site_a/hotel/url-to-id?url=${q(`fr/${hotel().slug}`)}`);
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(api.sandbox.requests('site_a')).toHaveLength(2); // our one read + the full-size probe above
  });

  it('answers 404 HOTEL_NOT_FOUND for a page site_a does not have', async () => {
    const res = await api.get('/v1/site_a/hotel/url-to-id?url=fr/no-such-hotel-anywhere');
    expect(res.status).toBe(404);
    expect(res.body.error_code).toBe('HOTEL_NOT_FOUND');
  });

  it.each([
    'https://www.site-b.test/hotel/fr/x.html',
    'https://127.0.0.1/hotel/fr/x.html',
    'https://www.site-a.test/searchresults.html?ss=paris',
    'https://user@www.site-a.test/hotel/fr/x.html',
    'ftp://www.site-a.test/hotel/fr/x.html',
    'not a url at all!',
    '',
  ])('answers 400 INVALID_URL with provided for %j', async (input) => {
    const res = await api.get(`/v1/site_a/hotel/url-to-id?url=${q(input)}`);
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('INVALID_URL');
    expect(api.sandbox.requests()).toHaveLength(0);
  });
});

describe('GET /v2/site_a/hotel/photos', () => {
  const Body = z.strictObject({
    success: z.literal(true),
    hotel_id: z.string(),
    photos: z.array(Photo.strict()),
    photo_count: z.number().int(),
    message: z.string(),
    retrieved_at: z.iso.datetime(),
  });

  it.each([
    ['a changed layout', { kind: 'layout' }],
    ['a malformed page', { kind: 'malformed' }],
    ['a page that lost its fields', { kind: 'contract-drift', mode: 'remove' }],
  ] as const)(
    'never answers "no such hotel" for %s in place of the results (a failure is not billed or cached)',
    async (_case, fault) => {
      // Prepare: a hotel whose page is not known yet, a free key, the lookup's page faulted once
      const h = getWorld().hotels.filter((x) => x.ids.site_a)[40 + fault.kind.length]!;
      const key = api.addKey('free');
      api.sandbox.inject('site_a', fault, 1);
      // Act
      const faulted = await api.get(`/v2/site_a/hotel/photos?hotel_id=${h.ids.site_a}`, { 'x-api-key': key });
      const next = await api.get(`/v2/site_a/hotel/photos?hotel_id=${h.ids.site_a}`, { 'x-api-key': key });
      // Assess
      // The answer, or the route's documented failure (its extraction error is 500 CONTENT_EXTRACTION_FAILED)
      expect(faulted.status === 200 || faulted.status >= 500).toBe(true);
      expect(next.status).toBe(200);
      expect(next.body.photos.map((p: { photo_id: string }) => p.photo_id)).toEqual(galleryIds(h));
      expect((await api.get('/v1/account/usage', { 'x-api-key': key })).body.used).toBe(
        faulted.status === 200 ? 2 : 1,
      );
    },
  );

  it('returns the gallery, main photo first, in three sizes that work on the image host', async () => {
    const h = getWorld().hotels.find((x) => galleryIds(x).length > PAGE_PHOTO_CAP)!;
    const res = await api.get(`/v2/site_a/hotel/photos?hotel_id=${h.ids.site_a}`);
    expect(res.status).toBe(200);
    const body = Body.parse(res.body);
    // Every photo: the page literal's first 45, then the ones the page shows only as images.
    expect(body.photos.map((p) => p.photo_id)).toEqual(galleryIds(h));
    expect(body.photo_count).toBe(galleryIds(h).length);
    // The main photo is the one the page's JSON-LD names as its image.
    const page = await fetch(
      `${api.sandbox.url}/site_a/hotel/${h.city.country.toLowerCase()}/${h.slug}.html`,
    );
    const ld = /"image" : "([^"]+)"/.exec(await page.text())![1]!;
    expect(body.photos[0]!.large_url).toBe(ld);
    for (const url of [
      body.photos[0]!.thumbnail_url,
      body.photos[0]!.medium_url,
      body.photos[0]!.large_url,
    ]) {
      const img = await fetch(url);
      expect(img.status).toBe(200);
      expect(img.headers.get('content-type')).toBe('image/jpeg');
    }
    expect((await fetch(body.photos[0]!.large_url.replace(/\?k=.*$/, ''))).status).toBe(401);
  });

  it('reaches the page from the id through a destination search once, then remembers it', async () => {
    const h = getWorld().hotels.find((x) => galleryIds(x).length < PAGE_PHOTO_CAP)!;
    api.sandbox.resetLog();
    expect((await api.get(`/v2/site_a/hotel/photos?hotel_id=${h.ids.site_a}`)).status).toBe(200);
    const paths = api.sandbox.requests('site_a').map((r) => r.path.split('?')[0]);
    expect(paths).toEqual(['/searchresults.html', `/hotel/${h.city.country.toLowerCase()}/${h.slug}.html`]);
    // A gallery under the cap ends with the literal: the rest of the page is not read.
    const pageRead = api.sandbox.requests('site_a')[1]!.bytes;
    expect(pageRead).toBeLessThan(Buffer.byteLength(hotelPage(h)) / 2);
  });

  it('answers 404 for an id site_a does not know', async () => {
    const res = await api.get('/v2/site_a/hotel/photos?hotel_id=999999999');
    expect(res.status).toBe(404);
    expect(res.body.error_code).toBe('HOTEL_NOT_FOUND');
  });

  it.each([
    ['hotel_id absent', '', 'MISSING_PARAMETER'],
    ['hotel_id blank', 'hotel_id=%20', 'MISSING_PARAMETER'],
    ['hotel_id not numeric', 'hotel_id=abc', 'INVALID_HOTEL_ID'],
    ['hotel_id negative', 'hotel_id=-5', 'INVALID_HOTEL_ID'],
    ['url supplied', `url=${q('https://www.site-a.test/hotel/fr/x.html')}`, 'INVALID_PARAMETERS'],
    ['url supplied with a hotel_id', 'hotel_id=1007790&url=x', 'INVALID_PARAMETERS'],
  ])('answers 400 %s → %s', async (_case, qs, code) => {
    const res = await api.get(`/v2/site_a/hotel/photos?${qs}`);
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe(code);
  });

  it('answers 404 when site_a has no such hotel', async () => {
    const res = await api.get('/v2/site_a/hotel/photos?hotel_id=42');
    expect(res.status).toBe(404);
  });

  it('answers 503 with Retry-After when site_a is in maintenance', async () => {
    api.sandbox.inject('site_a', { kind: 'maintenance', retryAfter: 90 });
    const res = await api.get(`/v2/site_a/hotel/photos?hotel_id=${hotel().ids.site_a}`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('90');
  });

  it('answers 500 CONTENT_EXTRACTION_FAILED when the gallery changed shape, never a 200', async () => {
    api.sandbox.inject('site_a', { kind: 'layout' });
    const res = await api.get(`/v2/site_a/hotel/photos?hotel_id=${hotel().ids.site_a}`);
    expect(res.status).toBe(500);
    expect(res.body.error_code).toBe('CONTENT_EXTRACTION_FAILED');
  });
});

describe('GET /v1/site_a/destinations/lookup', () => {
  const Body = z.strictObject({
    success: z.literal(true),
    query: z.string(),
    dest_id: z.number().int(),
    dest_type: z.enum(['CITY', 'REGION', 'DISTRICT', 'AIRPORT', 'LANDMARK']),
    normalized_query: z.string(),
    suggestions: z.array(DestinationSuggestion.strict()).max(5),
    message: z.string(),
  });

  it('takes dest_id and dest_type from the first of up to 5 suggestions', async () => {
    const body = Body.parse((await api.get('/v1/site_a/destinations/lookup?query=Paris')).body);
    expect(body).toMatchObject({
      query: 'Paris',
      dest_id: -2988507,
      dest_type: 'CITY',
      normalized_query: 'Paris, France',
    });
    expect(body.suggestions[0]).toMatchObject({
      dest_id: body.dest_id,
      dest_type: body.dest_type,
      label: body.normalized_query,
    });
    expect(body.suggestions.length).toBeGreaterThan(1);
  });

  it("asks the autocomplete on its own origin, not the site's", async () => {
    // Act
    const res = await api.get('/v1/site_a/destinations/lookup?query=Lyon');
    // Assess
    expect(res.status).toBe(200);
    expect(api.sandbox.requests('site_a').map((r) => [r.method, r.path])).toEqual([
      ['POST', '/accommodations/autocomplete.json'],
    ]);
  });

  it.each([
    ['fr', 'Londres'],
    ['de', 'Vereinigtes Königreich'],
    ['es', 'Reino Unido'],
  ])('localises labels for language=%s', async (language, word) => {
    const body = Body.parse(
      (await api.get(`/v1/site_a/destinations/lookup?query=london&language=${language}`)).body,
    );
    expect(body.normalized_query.includes(word) || body.normalized_query.includes('Royaume-Uni')).toBe(true);
  });

  it('finds airports', async () => {
    const body = Body.parse((await api.get('/v1/site_a/destinations/lookup?query=heathrow')).body);
    expect(body.dest_type).toBe('AIRPORT');
  });

  it('answers success false when nothing is found', async () => {
    const res = await api.get('/v1/site_a/destinations/lookup?query=qqqzzzx');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, query: 'qqqzzzx', suggestions: [] });
  });

  it.each(['', 'query=', 'query=paris&language=french!'])('answers 400 for %j', async (qs) => {
    const res = await api.get(`/v1/site_a/destinations/lookup?${qs}`);
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('INVALID_PARAMETERS');
  });
});
