// GET /v1/meta/search: a hotel name to its page links on site_a, site_d, site_h and site_b.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import {
  configured,
  isHotelPage,
  searchHost,
  type LinkPlatform,
} from '../../shared/providers/meta/platforms.ts';
import { webSearch, type OrganicResult } from '../../shared/providers/web-search/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { text } from '../../shared/schemas/params.ts';
import { providerConfig } from '../../shared/upstream/providers.ts';

export const MetaSearchQuery = z.object({
  hotel_name: text(200).meta({ description: 'Hotel name, ideally with its city' }),
});

const PLATFORMS = ['site_a', 'site_d', 'site_h', 'site_b'] as const satisfies readonly LinkPlatform[];
/** Results a search returns (the source's default page). */
const RESULTS_PER_SEARCH = 10;
const KNOWN_PROVIDERS = ['site_a', 'site_b', 'site_c', 'site_d', 'site_e', 'site_f', 'site_g', 'site_h'];

function knownHost(link: string): boolean {
  const host = new URL(link).hostname.toLowerCase();
  return KNOWN_PROVIDERS.some((p) => {
    try {
      return providerConfig(p).hosts.includes(host);
    } catch {
      return false; // a provider this deployment does not configure
    }
  });
}

/** A result that is the hotel's own site: not on any travel site, and saying so. */
function isOfficialSite(r: OrganicResult): boolean {
  return !knownHost(r.link) && /\bofficial\b/i.test(r.title ?? '');
}

const HotelPage = z.url().meta({ description: 'The hotel page on that platform' });

export const MetaSearchResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    hotel_name: z.string(),
    links: z
      .object({
        site_a: HotelPage.nullable(),
        site_d: HotelPage.nullable(),
        site_h: HotelPage.nullable(),
        site_b: HotelPage.nullable(),
      })
      .meta({
        description: 'Hotel page per platform, every key present; null where no hotel page was found',
      }),
    platform_count: z.number().int().min(1).max(4).meta({ description: 'How many links were found' }),
    official_website_detected: z.boolean(),
  }),
});

export const handler = endpoint({
  route: routes.metaSearch,
  query: MetaSearchQuery,
  response: MetaSearchResponse,
  run: async ({ query }, ctx) => {
    const name = query.hotel_name;
    // A platform this deployment does not configure has no pages to find: it is left out, not a failure.
    const platforms = PLATFORMS.filter(configured);
    // Two searches at once, so a call takes one search's time whatever is missing: a broad one (which also
    // shows the hotel's own site) and one restricted to the four platforms' hosts. Only when that one came
    // back full and a platform is still missing does that platform get a search of its own.
    const sites = platforms.map((p) => `site:${searchHost(p)}`).join(' OR ');
    const [broad, restricted] = await Promise.all([
      webSearch.search(ctx, name),
      platforms.length > 0 ? webSearch.search(ctx, `${name} (${sites})`) : Promise.resolve([]),
    ]);
    const links: Partial<Record<LinkPlatform, string>> = {};
    for (const p of platforms) links[p] = [...restricted, ...broad].find((r) => isHotelPage(p, r.link))?.link;
    const missing = restricted.length >= RESULTS_PER_SEARCH ? platforms.filter((p) => !links[p]) : [];
    const narrow = await Promise.all(
      missing.map((p) => webSearch.search(ctx, `${name} site:${searchHost(p)}`)),
    );
    missing.forEach((p, i) => {
      links[p] = narrow[i]!.find((r) => isHotelPage(p, r.link))?.link;
    });

    const found = platforms.filter((p) => links[p]);
    if (found.length === 0 && broad.length === 0 && restricted.length === 0)
      throw ctx.error('NO_RESULTS', `The search found nothing for "${name}".`, {
        extras: { hotel_name: name },
      });
    if (found.length === 0)
      throw ctx.error('NO_MATCH', `No hotel page of ${platforms.join(', ')} matches "${name}".`, {
        extras: { hotel_name: name },
      });
    return {
      status: 'success' as const,
      data: {
        hotel_name: name,
        // Only real hotel pages: a platform without one (or not configured here) is null, never a search
        // URL in its place; every key of the contract is there.
        links: {
          site_a: links.site_a ?? null,
          site_d: links.site_d ?? null,
          site_h: links.site_h ?? null,
          site_b: links.site_b ?? null,
        },
        platform_count: found.length,
        official_website_detected: broad.some(isOfficialSite),
      },
    };
  },
});
