/**
 * HTML that a source embeds as a text field (a description, a review), read as text without an HTML
 * parser in the bundle: each source then folds the white space as its own contract asks.
 */

/** The named character references a description carries; any other is left as written. */
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * The text of an HTML fragment: a break or a paragraph end becomes a line break, tags and comments are
 * dropped, character references decoded (numeric ones and the common named ones); white space as written.
 * @example markupText('Quiet &amp; bright<br />2&nbsp;beds</p>') // 'Quiet & bright\n2\u00a0beds\n'
 */
export function markupText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>/gi, '\n')
    .replace(/<!--[\s\S]*?-->|<\/?[a-zA-Z][^>]*>/g, '')
    .replace(
      /&(?:#(\d{1,7})|#x([0-9a-fA-F]{1,6})|([a-zA-Z]+));/g,
      (whole, dec?: string, hex?: string, name?: string) => {
        const code = dec ? Number(dec) : hex ? parseInt(hex, 16) : undefined;
        if (code !== undefined) return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
        return NAMED[name!.toLowerCase()] ?? whole;
      },
    );
}
