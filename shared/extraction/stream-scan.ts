/**
 * Scans of a page as it arrives that read each character once, whatever the chunk size: a scan sees only
 * the text that is new since its last look, plus a short overlap so a marker cut by a chunk boundary is
 * still found. Re-reading the whole growing page after every chunk is quadratic (a 1.5 MB page in 16 KB
 * chunks is read about 50 times over).
 */

/** A scan of a streamed page. A fresh one per read: it keeps its own position. */
export interface StreamScan<T> {
  /** The text that arrived since the last call; an answer (not undefined) ends the read. */
  feed(fresh: string): T | undefined;
  /** The page has ended: the last answer, or undefined for none. */
  end(): T | undefined;
  /** Characters the scan has examined so far (the linear-read check counts them). */
  readonly examined: number;
}

/**
 * A scan that runs `find` over windows of the page: each window is what arrived since the last look
 * (at least `overlap` characters, so that looks are few) after the last `overlap` characters already
 * seen, so a match up to `overlap` long is found across a chunk boundary, and every character is examined
 * at most twice. `find` sees the page's last window once more when it ends.
 * @example windowScan((w) => /id: '(\d+)'/.exec(w)?.[1]).feed("x = { id: '42' }") // '42' once the page ends or 4 KB arrived
 */
export function windowScan<T>(find: (window: string) => T | undefined, overlap = 4096): StreamScan<T> {
  let tail = '';
  let pending: string[] = [];
  let pendingLength = 0;
  let examined = 0;
  const look = (): T | undefined => {
    const window = tail + pending.join('');
    pending = [];
    pendingLength = 0;
    examined += window.length;
    tail = window.slice(-overlap);
    return find(window);
  };
  return {
    feed(fresh) {
      pending.push(fresh);
      pendingLength += fresh.length;
      return pendingLength >= overlap ? look() : undefined;
    },
    end: look,
    get examined() {
      return examined;
    },
  };
}

/**
 * The `[…]` or `{…}` literal after a key, read as the page arrives: the key is looked for in windows,
 * then the literal's characters are followed once, strings and nesting respected (as `literalAfter`).
 * `push` gives the literal's text once it is complete, else undefined.
 * @example const l = literalScan('hotelPhotos:'); l.push("a = { hotelPhotos: [ {id:'1'} ] }") // "[ {id:'1'} ]"
 */
export function literalScan(key: string): { push(fresh: string): string | undefined; examined(): number } {
  let tail = '';
  let examined = 0;
  let started = false;
  let opened = false;
  const parts: string[] = [];
  const depth: string[] = [];
  let quote = '';
  let escaped = false;
  const follow = (text: string): string | undefined => {
    examined += text.length;
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (!opened) {
        if (/\s/.test(c)) continue;
        if (c !== '[' && c !== '{') {
          started = false; // not a literal after this key: look for the key again
          tail = text.slice(i);
          return undefined;
        }
        opened = true;
        parts.push(text.slice(i));
      }
      if (escaped) escaped = false;
      else if (quote) {
        if (c === '\\') escaped = true;
        else if (c === quote) quote = '';
      } else if (c === '"' || c === "'" || c === '`') quote = c;
      else if (c === '[' || c === '{') depth.push(c);
      else if (c === ']' || c === '}') {
        depth.pop();
        if (depth.length === 0) {
          const all = parts.join('');
          return all.slice(0, all.length - (text.length - i - 1));
        }
      }
    }
    return undefined;
  };
  return {
    push(fresh: string): string | undefined {
      if (started) {
        if (opened) parts.push(fresh);
        return follow(fresh);
      }
      const window = tail + fresh;
      examined += window.length;
      const at = window.indexOf(key);
      if (at === -1) {
        tail = window.slice(-(key.length - 1));
        return undefined;
      }
      started = true;
      return follow(window.slice(at + key.length));
    },
    examined: () => examined,
  };
}

/**
 * Runs a scan over a whole text delivered in chunks of `chunk` characters, as a stream would: its first
 * answer, or its answer at the end. For readers and tests that hold the page already.
 * @example scanAll(windowScan((w) => /id: '(\d+)'/.exec(w)?.[1]), "x = { id: '42' }") // '42'
 */
export function scanAll<T>(scan: StreamScan<T>, text: string, chunk = 16 * 1024): T | undefined {
  for (let at = 0; at < text.length; at += chunk) {
    const found = scan.feed(text.slice(at, at + chunk));
    if (found !== undefined) return found;
  }
  return scan.end();
}
