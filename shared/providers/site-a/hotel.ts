/**
 * site_a hotel pages. The id is near the top of a long page, so the page is read only until the id
 * shows up, and the answer is cached as an id (for a day).
 */
import { scanUpstream } from '../../upstream/client.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { ExtractionError } from '../../upstream/errors.ts';
import type { HotelRef } from './urls.ts';

// Where site_a pages carry the id: the inline page state, the page container, JSON-LD.
const ID_MARKERS = [
  /"hotel_id"\s*:\s*"?(\d{3,12})/,
  /data-hotel-id="(\d{3,12})"/,
  /"identifier"\s*:\s*"(\d{3,12})"/,
];

/** @example hotelIdInPage('<script>var page_state = { "hotel_id": 1234567 ...') // '1234567' */
export function hotelIdInPage(html: string): string | undefined {
  for (const marker of ID_MARKERS) {
    const m = marker.exec(html);
    if (m) return m[1];
  }
  return undefined;
}

/**
 * The numeric hotel id of a page, or undefined when the page does not exist.
 * @example await hotelIdOf(ctx, { cc: 'fr', slug: 'aurelia-suites-paris' }) // '1007790'
 */
export async function hotelIdOf(ctx: UpstreamContext, ref: HotelRef): Promise<string | undefined> {
  const res = await scanUpstream(
    {
      provider: 'site_a',
      path: `/hotel/${ref.cc}/${ref.slug}.html`,
      expect: 'html',
      cache: 'ids',
      notFoundOk: true,
    },
    ctx,
    hotelIdInPage,
  );
  if (res.status === 404) return undefined;
  if (!res.body) throw new ExtractionError('site_a', 'the hotel page carries no hotel id');
  return res.body;
}
