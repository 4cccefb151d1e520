/**
 * JSON that keeps large integers digit for digit. The contract's rental `listing_id` is an integer that can
 * exceed 2^53 (18 and 19 digit listing ids): it leaves as raw JSON (`JSON.rawJSON`), and anything that
 * parses an answer again (the shared result cache, the MCP tools) must not round it to a double.
 */

/** `JSON.parse`, except that an integer beyond the doubles' exact range comes back as raw JSON, unrounded. */
export function parseExact(text: string): unknown {
  return JSON.parse(text, (_key, value: unknown, context?: { source?: string }) =>
    typeof value === 'number' &&
    !Number.isSafeInteger(value) &&
    context?.source !== undefined &&
    /^-?\d+$/.test(context.source)
      ? JSON.rawJSON(context.source)
      : value,
  );
}
