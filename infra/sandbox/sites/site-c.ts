/**
 * site_c, a travel review site: a reviews data API per location id (newest first, by original
 * language, with machine translations to English) and a price-comparison API across sellers.
 */
import { FX, stayPrice } from '../prices.ts';
import { hash, pick, rng } from '../random.ts';
import type { Site, SiteResponse } from '../site.ts';
import { getWorld, type Hotel } from '../world.ts';

export const SITE_C_LANGUAGES = ['en', 'ja', 'es', 'fr', 'de', 'it', 'zhTW', 'ru', 'th'] as const;
const TRIPS = ['COUPLES', 'FAMILY', 'SOLO', 'BUSINESS', 'FRIENDS'];
const HOMETOWNS = ['Lyon, France', 'Osaka, Japan', 'Austin, Texas', 'Leeds, UK', 'Porto, Portugal', ''];
const TEXT: Record<string, string> = {
  en: 'Great stay, friendly staff and a spotless room.',
  ja: 'スタッフが親切で部屋がとても清潔でした。',
  es: 'Gran estancia, personal amable y habitación impecable.',
  fr: 'Super séjour, personnel aimable et chambre impeccable.',
  de: 'Toller Aufenthalt, freundliches Personal und ein sauberes Zimmer.',
  it: 'Ottimo soggiorno, personale cordiale e camera pulitissima.',
  zhTW: '住宿很棒，員工友善，房間一塵不染。',
  ru: 'Отличное проживание, дружелюбный персонал и чистый номер.',
  th: 'การเข้าพักที่ยอดเยี่ยม พนักงานเป็นมิตรและห้องสะอาด',
};

function byLocation(id: number): Hotel | undefined {
  return getWorld().hotels.find((h) => h.ids.site_c === id);
}

export const siteCReviewTotal = (h: Hotel) => 30 + (hash(`scr:${h.key}`) % 250);

export function siteCReview(h: Hotel, i: number) {
  const r = rng(`sc:${h.key}:${i}`);
  const language = r() < 0.55 ? 'en' : pick(r, SITE_C_LANGUAGES);
  const published = new Date(Date.UTC(2026, 10, 1) - (i * 2 + Math.floor(r() * 2)) * 86_400_000);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const name = `traveller${hash(`${h.key}:${i}`) % 100000}`;
  return {
    id: 900_000_000 + h.ids.site_c * 1000 + i,
    rating: 1 + (hash(`rt:${h.key}:${i}`) % 5),
    title: r() < 0.5 ? 'Would stay again' : 'Nice hotel',
    text: TEXT[language]!,
    originalLanguage: language,
    translatedText: language === 'en' ? null : TEXT.en,
    createdDate: day(new Date(published.getTime() - 86_400_000)),
    publishedDate: day(published),
    helpfulVotes: Math.floor(r() * 20),
    user: {
      id: `U${hash(name)}`,
      displayName: name.replace('traveller', 'Traveller '),
      username: name,
      isVerified: r() < 0.3,
      contributionCount: 1 + Math.floor(r() * 500),
      hometown: pick(r, HOMETOWNS),
      avatar: `https://media.site-c.test/avatars/${hash(name)}.jpg`,
    },
    trip: {
      stayDate: day(new Date(published.getTime() - 30 * 86_400_000)).slice(0, 8) + '01',
      type: pick(r, TRIPS),
    },
    subratings: {
      value: 1 + (hash(`v:${h.key}:${i}`) % 5),
      service: 1 + (hash(`s:${h.key}:${i}`) % 5),
      cleanliness: 1 + (hash(`c:${h.key}:${i}`) % 5),
    },
    photos: r() < 0.15 ? [`https://media.site-c.test/photos/${h.ids.site_c}-${i}.jpg`] : [],
    url: `https://www.site-c.test/ShowUserReviews-g${h.ids.site_c_geo}-d${h.ids.site_c}-r${900_000_000 + h.ids.site_c * 1000 + i}.html`,
    response:
      r() < 0.3
        ? {
            text: 'Thank you for staying with us.',
            publishedDate: day(published),
            author: 'Guest Relations',
            connection: 'Manager',
          }
        : null,
  };
}

const SELLERS = ['site_a', 'site_b', 'site_d', 'site_e', 'site_f'];

export const siteC: Site = {
  provider: 'site_c',
  hosts: ['www.site-c.test', 'site-c.test', 'm.site-c.test', 'www.site-c.test.uk', 'www.site-c.test.fr'],
  routes: [
    [
      'GET',
      /^\/data\/reviews$/,
      ({ query }): SiteResponse => {
        const h = byLocation(Number(query.get('locationId')));
        if (!h) return { status: 404, json: { errors: [{ message: 'location not found' }] } };
        const language = query.get('language') ?? 'all';
        const all = Array.from({ length: siteCReviewTotal(h) }, (_v, i) => siteCReview(h, i)).filter(
          (r) => language === 'all' || r.originalLanguage === language,
        );
        const offset = Number(query.get('offset') ?? 0);
        const limit = Number(query.get('limit') ?? 10);
        return {
          status: 200,
          json: {
            location: { locationId: h.ids.site_c, name: h.name },
            totalCount: all.length,
            reviews: all.slice(offset, offset + limit),
          },
        };
      },
    ],
    [
      'GET',
      /^\/data\/offers$/,
      ({ query }): SiteResponse => {
        const h = byLocation(Number(query.get('locationId')));
        if (!h) return { status: 404, json: { errors: [{ message: 'location not found' }] } };
        // Priced in the asked currency when site_c knows it, else in USD; `currency` says which.
        const asked = (query.get('currency') ?? 'USD').toUpperCase();
        const currency = FX[asked] ? asked : 'USD';
        const base = stayPrice(h, {
          checkIn: query.get('checkIn') ?? '',
          checkOut: query.get('checkOut') ?? '',
          adults: Number(query.get('adults') ?? 2),
          rooms: Number(query.get('rooms') ?? 1),
          currency,
        });
        const offers = base
          ? SELLERS.filter((s) => !(s === 'site_e' && h.unlistedOn.includes('site_e'))).map((vendor, i) => {
              const f = 1 + ((hash(`${vendor}:${h.key}`) % 12) - 3) / 100;
              return {
                vendor,
                perNight: Math.round(base.perNight * f * 100) / 100,
                total: Math.round(base.total * f * 100) / 100,
                taxes: Math.round(base.taxes * f * 100) / 100,
                memberRate: i === 0,
                roomsLeft: hash(`rl:${vendor}:${h.key}`) % 4 === 0 ? 1 + (hash(h.key) % 3) : null,
              };
            })
          : [];
        return {
          status: 200,
          json: {
            complete: hash(`cmp:${h.key}:${query.get('checkIn')}`) % 5 !== 0,
            currency,
            offers,
          },
        };
      },
    ],
  ],
};
