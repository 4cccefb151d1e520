/**
 * chain_b's photos: the medias of a hotel's content (HotelPageCold), each with its largest format.
 */
import { ChainBPhoto } from '../../schemas/chain-b.ts';
import { conform } from '../../extraction/conform.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { recordSkipped } from '../../extraction/tolerant.ts';
import { text } from '../../extraction/values.ts';
import { type HotelContent, labelOf, largest } from './content.ts';

export interface PhotoFilter {
  /** Category codes to keep; all when undefined. */
  categories?: string[] | undefined;
  includeVideos: boolean;
}

/**
 * The hotel's photos (and videos) in the contract's terms, each with its largest format as `url`; a
 * media without any format is left out (counted as skipped). `categories` labels the categories present.
 * The medias are what this answer is: content without them, or whose every media lacks its formats (or,
 * filtered by category, its category), is the source's changed format (an extraction error), never a
 * hotel without photos.
 * @example toPhotos(hotel, { includeVideos: false }).photos[0].url // 'https://…/k7q2_0_2048x1536.jpg'
 */
export function toPhotos(hotel: HotelContent, filter: PhotoFilter) {
  if (hotel.medias === undefined || (hotel.medias !== null && hotel.medias.items === undefined))
    throw new ExtractionError('chain_b', 'the hotel content has no medias');
  const medias = hotel.medias?.items ?? [];
  const unformatted = medias.filter((m) => !largest(m)).length;
  if (unformatted > 0 && unformatted === medias.length)
    throw new ExtractionError('chain_b', 'no media of the hotel content has a format');
  if (unformatted > 0) recordSkipped('chain_b', 'medias.items[]', 'the hotel content', unformatted);
  // A filter by category needs categories to read: medias that all lack theirs are a changed format, not
  // a hotel without photos of those kinds.
  if (filter.categories && medias.length > 0 && medias.every((m) => !text(m.category)))
    throw new ExtractionError('chain_b', 'no media of the hotel content names its category');
  const photos = medias.flatMap((m) => {
    const type = m.type.toUpperCase();
    if (type !== 'IMAGE' && type !== 'VIDEO') return [];
    if (type === 'VIDEO' && !filter.includeVideos) return [];
    const category = text(m.category)?.toUpperCase() ?? null;
    if (filter.categories && (!category || !filter.categories.includes(category))) return [];
    const top = largest(m);
    if (!top) return [];
    return [
      conform(
        'chain_b',
        ChainBPhoto,
        {
          category,
          type,
          url: top.url,
          formats: (m.availableFormats ?? []).map((f) => ({
            url: f.url,
            width: f.width ?? null,
            height: f.height ?? null,
          })),
          video: m.video
            ? {
                embedded_url: text(m.video.embeddedUrl),
                download_url: text(m.video.downloadUrl),
                preview_url: text(m.video.previewUrl),
              }
            : null,
        },
        'a photo',
      ),
    ];
  });
  const categories = Object.fromEntries(
    photos.flatMap((p) => (p.category ? [[p.category, labelOf(p.category)]] : [])),
  );
  return { name: hotel.name, photos, categories };
}
