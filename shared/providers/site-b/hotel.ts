/** site_b hotel pages: the id is not in the URL, only in the page (inline data or a data attribute). */
import { parse } from 'node-html-parser';
import { fetchUpstream } from '../../upstream/client.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { ExtractionError } from '../../upstream/errors.ts';

/** @example siteBIdInPage(html) // 200123 */
export function siteBIdInPage(html: string): number | undefined {
  const root = parse(html, { blockTextElements: { script: true } });
  const attr = root.querySelector('[data-property-id]')?.getAttribute('data-property-id');
  if (attr && /^\d+$/.test(attr)) return Number(attr);
  for (const script of root.querySelectorAll('script')) {
    const m = /hotel_id\s*:\s*"?(\d+)/.exec(script.text);
    if (m) return Number(m[1]);
  }
  return undefined;
}

/**
 * The hotel id behind a page path, or undefined when the page does not exist. The short form
 * `/hotel-<id>.html` redirects to the hotel's page, so it is answered the same way.
 * @example await siteBHotelId(ctx, '/aurelia-suites-paris/hotel/paris-fr.html') // 200123, or undefined
 */
export async function siteBHotelId(ctx: UpstreamContext, path: string): Promise<number | undefined> {
  const res = await fetchUpstream<string>(
    { provider: 'site_b', path, expect: 'html', cache: 'ids', notFoundOk: true },
    ctx,
  );
  if (res.status === 404) return undefined;
  const id = siteBIdInPage(res.body);
  if (id === undefined) throw new ExtractionError('site_b', 'the hotel page carries no hotel id');
  return id;
}
