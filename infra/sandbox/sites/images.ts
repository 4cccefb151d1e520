/**
 * site_a's image host: photo URLs carry a signature over the photo id only, so any size segment
 * works with the same token; an unsigned or wrongly signed URL gets 401.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { photoJpeg } from '../picture.ts';
import type { Site } from '../site.ts';

/** Size segments the real image host uses (pages, galleries and thumbnails); any of them serves the photo. */
export const PHOTO_SIZES = [
  'square60',
  'square200',
  'square600',
  'max200',
  'max300',
  'max400',
  'max500',
  'max1024x768',
  'max1280x900',
  '608x352',
] as const;
const SECRET = 'sandbox-image-signing-key';

/** @example signPhoto('123456') // 'k=…' token for every size of photo 123456 */
export function signPhoto(photoId: string): string {
  return createHmac('sha256', SECRET).update(photoId).digest('hex').slice(0, 24);
}

export const images: Site = {
  provider: 'site_a_images',
  hosts: ['images.site-a.test'],
  routes: [
    [
      'GET',
      /^\/xdata\/images\/hotel\/(square\d+|max\d+(?:x\d+)?|\d+x\d+)\/(\d+)\.jpg$/,
      ({ match, query }) => {
        const photoId = match[2]!;
        if (!(PHOTO_SIZES as readonly string[]).includes(match[1]!))
          return { status: 404, json: { error: 'unknown size' } };
        const given = Buffer.from(query.get('k') ?? '');
        const expected = Buffer.from(signPhoto(photoId));
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
          return { status: 401, json: { error: 'unsigned or invalid image URL' } };
        }
        return {
          status: 200,
          bytes: photoJpeg(`site_a/${photoId}`),
          type: 'image/jpeg',
          headers: { 'Cache-Control': 'max-age=86400' },
        };
      },
    ],
  ],
};
