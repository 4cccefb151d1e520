// GET /v1/meta/match: a hotel name to its canonical page URL on one platform, through web search.
import * as z from 'zod';
import { ProblemError } from '../../shared/errors.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { isHotelPage, MatchPlatform, searchHost } from '../../shared/providers/meta/platforms.ts';
import { webSearch } from '../../shared/providers/web-search/search.ts';
import { routes } from '../../shared/routes.ts';
import { text } from '../../shared/schemas/params.ts';

export const MatchQuery = z.object({
  name: text(200),
  platform: z.string({ error: 'is required' }).pipe(MatchPlatform),
});

export const handler = endpoint({
  route: routes.metaMatch,
  query: MatchQuery,
  run: async ({ query }, ctx) => {
    const results = await webSearch(ctx, `${query.name} site:${searchHost(query.platform)}`);
    const extras = { name: query.name, platform: query.platform };
    if (results.length === 0) {
      throw new ProblemError(
        404,
        'NO_RESULTS',
        `The search found nothing for "${query.name}" on ${query.platform}.`,
        { extras },
      );
    }
    const hit = results.find((r) => isHotelPage(query.platform, r.link));
    if (!hit) {
      throw new ProblemError(
        404,
        'NO_MATCH',
        `No result for "${query.name}" is a ${query.platform} hotel page.`,
        { extras },
      );
    }
    return {
      success: true,
      query: { name: query.name, platform: query.platform },
      match: { title: hit.title, description: hit.snippet, url: hit.link },
      message: null,
    };
  },
});
