// GET /v1/meta/match: a hotel name to its canonical page URL on one platform, through web search.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { isHotelPage, MatchPlatform, searchHost } from '../../shared/providers/meta/platforms.ts';
import { webSearch } from '../../shared/providers/web-search/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { text } from '../../shared/schemas/params.ts';

export const MatchQuery = z.object({
  name: text(200).meta({ description: 'Hotel name; may include the location for accuracy' }),
  platform: z
    .string({ error: 'is required' })
    .pipe(MatchPlatform)
    .meta({ description: 'The platform whose hotel page to find', enum: MatchPlatform.options }),
});

export const MatchResponse = z.object({
  success: z.literal(true),
  query: z.object({ name: z.string(), platform: MatchPlatform }),
  match: z
    .object({
      title: z
        .string()
        .nullable()
        .meta({ description: "The search result's title; null when the result shows none" }),
      description: z
        .string()
        .nullable()
        .meta({ description: "The search result's snippet; null when the result shows none" }),
      url: z.url(),
    })
    .nullable()
    .meta({ description: "The platform's hotel page; the route answers 404 rather than a null match" }),
  message: z.string().nullable(),
});

export const handler = endpoint({
  route: routes.metaMatch,
  query: MatchQuery,
  response: MatchResponse,
  run: async ({ query }, ctx) => {
    const results = await webSearch.search(ctx, `${query.name} site:${searchHost(query.platform)}`);
    const extras = { name: query.name, platform: query.platform };
    if (results.length === 0) {
      throw ctx.error('NO_RESULTS', `The search found nothing for "${query.name}" on ${query.platform}.`, {
        extras,
      });
    }
    const hit = results.find((r) => isHotelPage(query.platform, r.link));
    if (!hit) {
      throw ctx.error('NO_MATCH', `No result for "${query.name}" is a ${query.platform} hotel page.`, {
        extras,
      });
    }
    return {
      success: true as const,
      query: { name: query.name, platform: query.platform },
      // A blank title or snippet says nothing: null, like an absent one.
      match: { title: hit.title || null, description: hit.snippet || null, url: hit.link },
      message: null,
    };
  },
});
