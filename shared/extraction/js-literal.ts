/**
 * Reading data that pages embed as JavaScript rather than JSON: the bracketed literal after a key, cut
 * out with strings and nesting respected, then read by JSON5 (unquoted keys, single quotes, stray
 * commas and spaces before colons are all JavaScript a JSON parser refuses).
 */
import JSON5 from 'json5';

/**
 * The text of the `[…]` or `{…}` literal that follows `key` (e.g. `hotelPhotos:`), or undefined while it
 * is absent or not yet complete (a page still arriving).
 * @example literalAfter("x = { photos: [ {id:'1'} ] }", 'photos:') // "[ {id:'1'} ]"
 */
export function literalAfter(text: string, key: string): string | undefined {
  const at = text.indexOf(key);
  if (at === -1) return undefined;
  let i = at + key.length;
  while (i < text.length && /\s/.test(text[i]!)) i++;
  const open = text[i];
  if (open !== '[' && open !== '{') return undefined;
  const start = i;
  const depth: string[] = [];
  let quote = '';
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '[' || c === '{') depth.push(c);
    else if (c === ']' || c === '}') {
      depth.pop();
      if (depth.length === 0) return text.slice(start, i + 1);
    }
  }
  return undefined;
}

/**
 * Parses a JavaScript data literal; undefined when it is not one (an expression, a function call).
 * @example readLiteral("[{id:'1' ,alt:\"x\"}]") // [{ id: '1', alt: 'x' }]
 */
export function readLiteral(literal: string): unknown {
  try {
    return JSON5.parse(literal) as unknown;
  } catch {
    return undefined;
  }
}
