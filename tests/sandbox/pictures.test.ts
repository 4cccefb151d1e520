// The sandbox's photos are real images of a reasonable size (issue #40: they were 125-byte 1×1 placeholders):
// generated, not fetched; a photo URL of an example answers a JPEG a person can look at, an icon URL a PNG.
import { describe, expect, it } from '@jest/globals';
import jpeg from 'jpeg-js';
import { iconPng, photoJpeg, PHOTO_HEIGHT, PHOTO_WIDTH } from '../../infra/sandbox/picture.ts';
import { routes } from '../../shared/routes/index.ts';
import { useTestServer } from '../helpers/server.ts';

const api = useTestServer({ resetEach: false });

/** Every http(s) URL in an answer that names a picture file. */
function pictureUrls(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => pictureUrls(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => pictureUrls(v, out));
  else if (typeof value === 'string' && /^https?:\/\/.*\.(jpe?g|png)(\?|$)/.test(value)) out.push(value);
  return out;
}

describe('sandbox pictures', () => {
  it('draws a photo as a JPEG of 640×427, tens of kilobytes, the same for one seed and not for another', () => {
    // Act
    const one = photoJpeg('/hotel-photos/h1/0.jpg');
    const again = photoJpeg('/hotel-photos/h1/0.jpg');
    const other = photoJpeg('/hotel-photos/h1/1.jpg');
    const decoded = jpeg.decode(one);
    // Assess
    expect([decoded.width, decoded.height]).toEqual([PHOTO_WIDTH, PHOTO_HEIGHT]);
    expect(one.length).toBeGreaterThan(5_000);
    expect(one.length).toBeLessThan(200_000);
    expect(again.equals(one)).toBe(true);
    expect(other.equals(one)).toBe(false);
  });

  it('draws an icon as a 96×96 PNG', () => {
    const png = iconPng('/avatars/12.png');
    expect(png.subarray(0, 8).toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([96, 96]);
  });

  it.each([
    routes.mapsHotelsInfo.example,
    routes.siteAPhotos.example,
    routes.chainBHotelPhotos.example,
    routes.rentalSearch.example,
    routes.chainCPropertyDetails.example,
  ])('serves the photos of the example %s as real JPEGs', async (example) => {
    // Prepare
    const answer = await api.get(example);
    expect(answer.status).toBe(200);
    const urls = [...new Set(pictureUrls(answer.body))].slice(0, 3);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) {
      // Act
      const res = await fetch(url);
      const bytes = Buffer.from(await res.arrayBuffer());
      // Assess
      expect([url, res.status, res.headers.get('content-type')]).toEqual([url, 200, 'image/jpeg']);
      const { width, height } = jpeg.decode(bytes);
      expect(width * height).toBeGreaterThanOrEqual(320 * 200);
      expect(bytes.length).toBeGreaterThan(5_000);
    }
  });
});
