// The routes that take a user's URL and fetch nothing (rental extract-id, chain_b url-to-id) read it with the
// one shared guard (shared/upstream/user-url.ts) and refuse what it refuses with 400 INVALID_URL. What they
// answer is each contract's: rental's `url` is the URL as given (addendum: "url (as given)"), chain_b's the
// URL normalised (scheme, lower-case host, path; no query or fragment, the id being in hotel_id), so a client that links it never follows someone else's query,
// redirect or port.
import { describe, expect, it } from '@jest/globals';
import { routes } from '../../shared/routes/index.ts';
import { DisallowedUrlError } from '../../shared/upstream/errors.ts';
import { parseUserUrl } from '../../shared/upstream/user-url.ts';
import { expectDocumented } from '../helpers/contract.ts';
import { useTestServer } from '../helpers/server.ts';

const api = useTestServer({ resetEach: false });

const extractId = (url: string) => api.get(`/v1/rental/listing/extract-id?${new URLSearchParams({ url })}`);
const urlToId = (url: string) => api.get(`/v1/chain_b/hotel/url-to-id?${new URLSearchParams({ url })}`);

describe('answered URLs', () => {
  it.each([
    'https://WWW.Rental.test/Rooms/40000001/photos?adults=2&redirect=https%3A%2F%2Fevil.test#reviews',
    'm.rental.test/rooms/plus/40000002?source=x',
    'http://rental.test/listing/18446744073709551615/',
  ])('extract-id answers %s as given', async (url) => {
    // Act
    const res = await extractId(`  ${url} `);
    // Assess
    expect([res.status, res.body.url]).toEqual([200, url]);
  });

  it.each([
    [
      'https://ALL.chain-b.test/fr/hotel/9wt3/index.fr.shtml?redirect=https%3A%2F%2Fevil.test#rooms',
      'https://all.chain-b.test/fr/hotel/9wt3/index.fr.shtml',
    ],
    [
      'https://all.chain-b.test/ssr/app/chain-b/rates?next=//evil.test&hotelCode=9wt3',
      'https://all.chain-b.test/ssr/app/chain-b/rates',
    ],
    [
      'all.chain-b.test/booking/en/chain-b/hotel/9WT3',
      'https://all.chain-b.test/booking/en/chain-b/hotel/9WT3',
    ],
  ])('chain_b url-to-id answers %s as %s', async (url, normalised) => {
    // Act
    const res = await urlToId(url);
    // Assess
    expect([res.status, res.body.url, res.body.hotel_id]).toEqual([200, normalised, '9WT3']);
  });
});

describe('what the shared guard refuses', () => {
  // Each hostile form, for a rental listing and a chain_b hotel.
  const hostile = (host: string, path: string) => [
    [`an explicit port`, `https://${host}:443${path}`],
    [`another explicit port`, `https://${host}:8443${path}`],
    [`a percent-encoded host`, `https://${host.replace(/\./g, '%2e')}${path}`],
    [`a tab inside`, `https://${host}${path.replace('/', '/\t')}`],
    [`a newline inside`, `https://${host}\n${path}`],
    [`a backslash`, `https://${host}\\${path.slice(1)}`],
    [`credentials`, `https://user:pw@${host}${path}`],
    [`an IP literal`, `https://127.0.0.1${path}`],
    [`another host ending in it`, `https://${host}.evil.test${path}`],
    [`another scheme`, `javascript://${host}${path}`],
  ];

  it.each([
    ...hostile('www.rental.test', '/rooms/40000001').map(([why, url]) => ['rental', why!, url!] as const),
    ...hostile('all.chain-b.test', '/hotel/9WT3/index.en.shtml').map(
      ([why, url]) => ['chain_b', why!, url!] as const,
    ),
  ])('%s: refuses a URL with %s, as the guard does, with 400 INVALID_URL', async (provider, _why, url) => {
    // Act
    const guard = () => parseUserUrl(url, provider);
    const res = provider === 'rental' ? await extractId(url) : await urlToId(url);
    // Assess
    expect(guard).toThrow(DisallowedUrlError);
    expect([res.status, res.body.error_code]).toEqual([400, 'INVALID_URL']);
    const route = provider === 'rental' ? routes.rentalExtractId : routes.chainBHotelUrlToId;
    expectDocumented(route, res.status, res.headers.get('content-type'), res.body);
  });
});
