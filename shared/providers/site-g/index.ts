/**
 * site_g: a city name to the source's own city id through its real keyword search (one POST, cached as
 * long as an id), classified from the answer's typed results.
 */
import { fetchParsed } from '../../upstream/client.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { classify, KeywordSearchAnswer, placesIn, type Classified } from './extract.ts';
import { keywordSearchRequest } from './requests.ts';

/** @example await siteG.lookup(ctx, 'Suzhou') // { kind: 'ambiguous', cities: [苏州, 宿州] } */
async function lookup(ctx: UpstreamContext, query: string, country?: string): Promise<Classified> {
  const res = await fetchParsed(
    keywordSearchRequest(query),
    KeywordSearchAnswer,
    ctx,
    'the keyword search answer',
  );
  return classify(placesIn(res.body, res.status), query, country);
}

/** site_g, as the handler uses it. */
export const siteG = { lookup };

/** For the handler, which imports a connector's index.ts only: how it names the candidates. */
export { describeCandidates, toSuggestion } from './extract.ts';
