/** Building the sandbox's HTML pages: escaping, and padding to the real sizes and marker depths. */

export const KB = 1024;

/** @example esc('A & "B"') // 'A &amp; &quot;B&quot;' */
export const esc = (s: string): string =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * Appends `filler(i)` until the parts reach `bytes`: real pages carry their markers and state at such depths.
 * @example padTo(parts, 60 * KB, (i) => `<div class="c${i}"></div>`)
 */
export function padTo(parts: string[], bytes: number, filler: (i: number) => string): void {
  let size = parts.reduce((n, p) => n + p.length, 0);
  for (let i = 0; size < bytes; i++) {
    const piece = filler(i);
    parts.push(piece);
    size += piece.length;
  }
}
