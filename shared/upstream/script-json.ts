/**
 * JSON a page carries in a `<script id="…">` (a listing page's deferred state, a search page's window
 * variables): parsed with the page's HTML parser, so that a `</script>` inside a string cannot end it early.
 */
import { parse } from 'node-html-parser';
import { ExtractionError } from './errors.ts';

/**
 * The parsed JSON of the page's `<script id="{id}">`; an ExtractionError when the page has no such script
 * or its text is no JSON (`upstreamStatus`: the status the page came with).
 * @example scriptJson('rental', html, 'data-deferred-state-0', 'the listing page') // { niobeClientData: [...] }
 */
export function scriptJson(
  provider: string,
  html: string,
  id: string,
  what: string,
  upstreamStatus?: number,
): unknown {
  const script = parse(html, { blockTextElements: { script: true } }).querySelector(`script#${id}`);
  if (!script) throw new ExtractionError(provider, `${what} has no ${id} script`, undefined, upstreamStatus);
  try {
    return JSON.parse(script.text);
  } catch (cause) {
    throw new ExtractionError(provider, `the ${id} script of ${what} does not parse`, cause, upstreamStatus);
  }
}
