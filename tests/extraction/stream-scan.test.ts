// Streamed scans read each character a bounded number of times, whatever the chunk size.
import { hotelIdInPage } from '../../shared/providers/site-a/hotel-page.ts';
import { searchPageScan } from '../../shared/providers/site-a/search-page.ts';
import { galleryInPage, galleryScan } from '../../shared/providers/site-a/gallery.ts';
import { pageIdScan } from '../../shared/providers/site-b/extract.ts';
import { literalAfter } from '../../shared/extraction/js-literal.ts';
import { literalScan, scanAll, windowScan } from '../../shared/extraction/stream-scan.ts';

const MB = 1024 * 1024;
const KB = 1024;

/** Invented filler markup up to `size` characters, with no marker of any reader in it. */
function filler(size: number): string {
  const row = '<div class="bui-row"><span class="bui-label">Quiet room with a view</span></div>\n';
  return row.repeat(Math.ceil(size / row.length)).slice(0, size);
}

const photo = (n: number) =>
  `{id:'${900000 + n}' ,large_url:"https://img.test/xdata/images/hotel/max1024x768/${900000 + n}.jpg?k=a&o="}`;

describe('a streamed scan over a 5 MB page in 1 KB chunks', () => {
  it('finds a late hotel id examining at most twice the page', () => {
    const page = `<html>${filler(5 * MB)}<script>booking['env'] = { b_hotel_id: '7654321' };</script></html>`;
    const scan = windowScan(hotelIdInPage);
    expect(scanAll(scan, page, KB)).toBe('7654321');
    expect(scan.examined).toBeLessThanOrEqual(2 * page.length + 8 * KB);
  });

  it('says why a whole page without an id has none, examining at most twice the page', () => {
    const page = `<html>${filler(5 * MB)}<script data-selenium="script-initparam">var x = 1;</script></html>`;
    const scan = pageIdScan();
    expect(scanAll(scan, page, KB)).toEqual({ missing: 'the hotel page carries no hotel id' });
    expect(scan.examined).toBeLessThanOrEqual(2 * page.length + 8 * KB);
  });

  const img = `<img src="https://img.test/xdata/images/hotel/max500/999999.jpg?k=b&amp;o=">`;
  it.each([
    {
      name: 'reads a late gallery as galleryInPage reads the whole page, examining at most four times the page (two looks)',
      literal: 12,
      page: (items: string) =>
        `<html>${filler(2 * MB)}b_hotel_id: '1234567',${filler(3 * MB)}<script>x = { hotelPhotos: [${items}] };</script></html>`,
      photos: 12,
    },
    {
      name: 'waits for the page end when the literal is full, then adds the page images, examining at most four times the page',
      literal: 45,
      page: (items: string) =>
        `<html>b_hotel_id: '1234567', x = { hotelPhotos: [${items}] };${filler(5 * MB)}${img}</html>`,
      photos: 46,
    },
  ])('$name', ({ literal, page: pageOf, photos }) => {
    const page = pageOf(Array.from({ length: literal }, (_, n) => photo(n)).join(','));
    const scan = galleryScan();
    const gallery = scanAll(scan, page, KB);
    expect(gallery).toEqual(galleryInPage(page, true));
    expect(gallery?.photos).toHaveLength(photos);
    expect(scan.examined).toBeLessThanOrEqual(4 * page.length + 8 * KB);
  });

  it('reads a results page once its Apollo cache has arrived, examining at most three times the page', () => {
    const apollo = `<script type="application/json" data-capla-store-data="apollo">{"a":1}</script>`;
    const page = `<html>${filler(5 * MB)}${apollo}${filler(KB)}</html>`;
    const scan = searchPageScan((html) => html.length);
    const read = scanAll(scan, page, KB)!;
    expect(read).toBeGreaterThanOrEqual(page.indexOf('</script>') + '</script>'.length);
    expect(read).toBeLessThan(page.length);
    expect(scan.examined).toBeLessThanOrEqual(3 * page.length + 8 * KB);
  });
});

describe('a literal read as it arrives', () => {
  it('is the literal literalAfter cuts from the whole text, at any chunk size', () => {
    const text = `a = 1; hotelPhotos: [ {id:'1', alt:"a ] \\" quote"}, {id:'2', s:'}'} ] ; b = 2`;
    for (const size of [1, 2, 3, 7, 64]) {
      const scan = literalScan('hotelPhotos:');
      let found: string | undefined;
      for (let at = 0; at < text.length && found === undefined; at += size)
        found = scan.push(text.slice(at, at + size));
      expect(found).toBe(literalAfter(text, 'hotelPhotos:'));
    }
  });
});
