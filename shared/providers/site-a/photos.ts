/**
 * site_a's photo gallery. Image URLs are signed over the photo only, so the three sizes the contract
 * gives come from one signed URL by replacing its size segment. Main photo first.
 */
import * as z from 'zod';
import { fetchUpstream } from '../../upstream/client.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { Photo } from '../../schemas/site-a.ts';
import { conform } from '../../upstream/conform.ts';
import { ExtractionError } from '../../upstream/errors.ts';

const Gallery = z.object({
  hotel_id: z.number().int(),
  gallery: z.array(
    z.object({ photo_id: z.number().int(), is_main: z.boolean().default(false), url_max: z.url() }),
  ),
});

const SIZE = /\/(square\d+|max\d+x\d+)\//;

function sized(url: string, size: string): string {
  if (!SIZE.test(url)) throw new ExtractionError('site_a', `photo URL without a size segment: ${url}`);
  return url.replace(SIZE, `/${size}/`);
}

/**
 * The gallery, main photo first, or undefined when site_a has no such hotel.
 * @example const photos = await photosOf(ctx, '1007790'); // [{ photo_id, thumbnail_url, medium_url, large_url }, ...]
 */
export async function photosOf(ctx: UpstreamContext, hotelId: string): Promise<Photo[] | undefined> {
  const res = await fetchUpstream(
    {
      provider: 'site_a',
      path: `/api/hotels/${hotelId}/photos`,
      expect: 'json',
      cache: 'reviews',
      notFoundOk: true,
    },
    ctx,
  );
  if (res.status === 404) return undefined;
  const parsed = Gallery.safeParse(res.body);
  if (!parsed.success)
    throw new ExtractionError('site_a', 'the photo gallery does not have the expected fields', parsed.error);
  const ordered = [...parsed.data.gallery].sort((a, b) => Number(b.is_main) - Number(a.is_main));
  return ordered.map((p) =>
    conform(
      'site_a',
      Photo,
      {
        photo_id: String(p.photo_id),
        thumbnail_url: sized(p.url_max, 'square200'),
        medium_url: sized(p.url_max, 'square600'),
        large_url: sized(p.url_max, 'max1024x768'),
      },
      'a photo',
    ),
  );
}
