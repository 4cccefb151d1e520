/**
 * JSON a page carries in a `<script id="…">` (a listing page's deferred state, a search page's window
 * variables), found by a bounded scan rather than an HTML parser: a script's text ends at the first
 * `</script`, as the HTML tokenizer reads it (JSON in a page escapes `</` as `<\/` for that reason), so
 * the opening tag and that end are all a reader needs.
 */
import { ExtractionError } from './errors.ts';

const SCRIPT_TAG = /<script\b[^>]*>/gi;

/**
 * The text of the page's `<script id="{id}">`, or undefined when it has none.
 * @example scriptText('<script id="s" type="application/json">{"a":1}</script>', 's') // '{"a":1}'
 */
export function scriptText(html: string, id: string): string | undefined {
  const name = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const idAttribute = new RegExp(`\\sid\\s*=\\s*(?:"${name}"|'${name}'|${name}(?=[\\s>]))`, 'i');
  for (const tag of html.matchAll(SCRIPT_TAG)) {
    if (!idAttribute.test(tag[0])) continue;
    const start = tag.index + tag[0].length;
    const close = /<\/script/gi;
    close.lastIndex = start;
    const end = close.exec(html);
    return end ? html.slice(start, end.index) : undefined;
  }
  return undefined;
}

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
  const script = scriptText(html, id);
  if (script === undefined)
    throw new ExtractionError(provider, `${what} has no ${id} script`, undefined, upstreamStatus);
  try {
    return JSON.parse(script);
  } catch (cause) {
    throw new ExtractionError(provider, `the ${id} script of ${what} does not parse`, cause, upstreamStatus);
  }
}
