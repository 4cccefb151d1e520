/**
 * The sandbox's pictures: real images of a reasonable size, drawn here from the URL (issue #40: every photo
 * was a 125-byte 1×1 placeholder, which a client showing a gallery could not tell from a broken link).
 * Generated, never fetched: a photo is a JPEG of a building under a sky, its colours, height and windows
 * chosen by a hash of its path, so that one URL always answers the same bytes and two photos differ; an icon
 * (avatar, logo, favicon) is a small PNG of one colour with a lighter disc.
 */
import { deflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';
import { hash } from './random.ts';
import type { SiteResponse } from './site.ts';

/** A photo's size: a gallery image, large enough to look at, small enough to serve at once. */
export const PHOTO_WIDTH = 640;
export const PHOTO_HEIGHT = 427;
/** An icon's size (avatars, logos, favicons). */
export const ICON_SIZE = 96;

type Rgb = readonly [number, number, number];

/** A colour of the seed's palette: hue from the hash, the lightness asked. */
function colour(seed: string, salt: string, lightness: number): Rgb {
  const hue = (hash(`${salt}:${seed}`) % 360) / 60;
  const x = 1 - Math.abs((hue % 2) - 1);
  const [r, g, b] =
    hue < 1
      ? [1, x, 0]
      : hue < 2
        ? [x, 1, 0]
        : hue < 3
          ? [0, 1, x]
          : hue < 4
            ? [0, x, 1]
            : hue < 5
              ? [x, 0, 1]
              : [1, 0, x];
  const mix = (c: number) => Math.round(255 * (lightness * 0.55 + c * 0.45 * lightness));
  return [mix(r), mix(g), mix(b)];
}

/**
 * A photo's pixels (RGBA): sky gradient, ground, and a building with a grid of lit and unlit windows.
 * @example photoPixels('/hotel-photos/h1/0.jpg').length // 640 * 427 * 4
 */
export function photoPixels(seed: string, width = PHOTO_WIDTH, height = PHOTO_HEIGHT): Buffer {
  const data = Buffer.alloc(width * height * 4);
  const skyTop: Rgb = [70 + (hash(`st:${seed}`) % 60), 120 + (hash(`st2:${seed}`) % 60), 200];
  const skyLow: Rgb = [215, 225 - (hash(`sl:${seed}`) % 40), 235];
  const ground = colour(seed, 'ground', 0.45);
  const wall = colour(seed, 'wall', 0.85);
  const horizon = Math.round(height * 0.78);
  const left = Math.round(width * (0.15 + (hash(`l:${seed}`) % 20) / 100));
  const right = Math.round(width * (0.62 + (hash(`r:${seed}`) % 25) / 100));
  const top = Math.round(height * (0.12 + (hash(`t:${seed}`) % 30) / 100));
  const cols = 4 + (hash(`c:${seed}`) % 5);
  const rows = 3 + (hash(`w:${seed}`) % 5);
  const cellW = (right - left) / cols;
  const cellH = (horizon - top) / rows;
  // Which windows are lit, decided once per window rather than per pixel.
  const lit = Array.from({ length: rows * cols }, (_v, i) => hash(`${i}:${seed}`) % 3 === 0);
  const put = (at: number, r: number, g: number, b: number) => {
    data[at] = r;
    data[at + 1] = g;
    data[at + 2] = b;
    data[at + 3] = 255;
  };
  for (let y = 0; y < height; y++) {
    const t = y / horizon;
    const shade = 1 - ((y - horizon) / (height - horizon)) * 0.35;
    const row = Math.floor((y - top) / cellH);
    const cy = y - top - row * cellH;
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      if (x >= left && x < right && y >= top && y < horizon) {
        const col = Math.floor((x - left) / cellW);
        const cx = x - left - col * cellW;
        const inWindow = cx > cellW * 0.25 && cx < cellW * 0.75 && cy > cellH * 0.25 && cy < cellH * 0.7;
        if (!inWindow) put(at, wall[0], wall[1], wall[2]);
        else if (lit[row * cols + col]) put(at, 250, 220, 140);
        else put(at, 60, 75, 95);
      } else if (y >= horizon) put(at, ground[0] * shade, ground[1] * shade, ground[2] * shade);
      else
        put(
          at,
          skyTop[0] * (1 - t) + skyLow[0] * t,
          skyTop[1] * (1 - t) + skyLow[1] * t,
          skyTop[2] * (1 - t) + skyLow[2] * t,
        );
    }
  }
  return data;
}

/** The last pictures made, by seed: a gallery asks the same few again and again. */
const made = new Map<string, Buffer>();
const remember = (seed: string, bytes: Buffer): Buffer => {
  if (made.size >= 256) made.delete(made.keys().next().value!);
  made.set(seed, bytes);
  return bytes;
};

/**
 * A JPEG photo drawn from a seed (the URL's path): the same bytes for the same seed.
 * @example photoJpeg('/hotel-photos/h1/0.jpg').subarray(0, 2) // <Buffer ff d8>
 */
export function photoJpeg(seed: string): Buffer {
  const known = made.get(`jpg:${seed}`);
  if (known) return known;
  const { data } = jpeg.encode({ data: photoPixels(seed), width: PHOTO_WIDTH, height: PHOTO_HEIGHT }, 80);
  return remember(`jpg:${seed}`, data);
}

/** CRC-32 of a PNG chunk (ISO 3309), table-free: the chunks are few and small. */
function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

/**
 * A PNG icon drawn from a seed: one colour with a lighter disc, 96×96, RGB.
 * @example iconPng('/avatars/12.png').subarray(1, 4).toString() // 'PNG'
 */
export function iconPng(seed: string): Buffer {
  const known = made.get(`png:${seed}`);
  if (known) return known;
  const size = ICON_SIZE;
  const back = colour(seed, 'icon', 0.7);
  const disc = colour(seed, 'disc', 1);
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 3 + 1)] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const inDisc = (x - size / 2) ** 2 + (y - size / 2.4) ** 2 < (size / 4) ** 2;
      const px = inDisc ? disc : back;
      raw.set(px, y * (size * 3 + 1) + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no interlace
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return remember(`png:${seed}`, png);
}

/**
 * A generated image in the format its URL names (below): a photo for a .jpg, an icon for
 * a .png, the same bytes for the same path. @example picture('/avatars/12.png').type // 'image/png'
 */
export function picture(path: string): SiteResponse {
  const png = path.endsWith('.png');
  return {
    status: 200,
    bytes: png ? iconPng(path) : photoJpeg(path),
    type: png ? 'image/png' : 'image/jpeg',
    headers: { 'Cache-Control': 'max-age=86400' },
  };
}
