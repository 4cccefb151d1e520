/**
 * Carrier 3 of a dated site_a hotel page's blocks (real-sources §16 site_a, rooms for dates): the DOM room
 * table `#hprt-table`, one `<tr data-block-id="{roomId}_…">` a block, the room's name (`.hprt-roomtype-link`)
 * in its first row, "Max persons", the price cell (`.prco-valign-middle-helper` inside
 * `[data-testid="price-and-discounted-price"]`: the whole stay for one room, the header says "Price for N
 * nights"), the struck-through price, the "+ taxes and charges" text, the conditions cell (meal,
 * cancellation, payment) and "We have N left". Rows are read into plain objects of texts here; what the
 * texts mean is read in rooms.ts.
 */
import { ExtractionError } from '../../extraction/errors.ts';

/** One row of the room table, as texts. */
export interface TableRow {
  /** Absent on a row that lost it (the reader then skips the row, counted). */
  blockId?: string;
  roomId?: string;
  name?: string;
  bed?: string;
  maxPersons?: number;
  priceText?: string;
  strikethroughText?: string;
  chargesText?: string;
  conditions?: string[];
  roomsLeft?: number;
}

const TABLE = /<table\b[^>]*\bid="hprt-table"[^>]*>([\s\S]*?)<\/table>/;
const ROW = /<tr\b([^>]*)>([\s\S]*?)<\/tr>/g;
const BLOCK_ID = /\bdata-block-id="([^"]*)"/;

/**
 * Text content of a stretch of markup: tags out, entities decoded, spaces folded.
 * @example textOf('<li>Breakfast &amp; dinner</li>') // 'Breakfast & dinner'
 */
export function textOf(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;|&#160;/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The five entities site_a's pages escape, decoded (`&amp;` first, as the readers always have).
 * @example decodeEntities('Tom &amp; Jerry&#39;s') // "Tom & Jerry's"
 */
export function decodeEntities(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

const inner = (html: string, pattern: RegExp, group = 1) => {
  const m = pattern.exec(html);
  return m ? textOf(m[group]!) || undefined : undefined;
};

/**
 * The room table of a page: its rows as texts and the nights its price header names; undefined when the
 * page has no room table.
 * @example tableIn(html)?.rows[0].blockId // '441200901_340000_2_0_0'
 */
export function tableIn(html: string): { rows: TableRow[]; nights?: number } | undefined {
  const table = TABLE.exec(html)?.[1];
  if (table === undefined) return undefined;
  const header = /Price for (\d+) nights?/i.exec(textOf(/<thead\b[\s\S]*?<\/thead>/.exec(table)?.[0] ?? ''));
  const rows: TableRow[] = [];
  // Every row of the body: a row is a block, whether or not its block id survived.
  const body = table.replace(/<thead\b[\s\S]*?<\/thead>/, '');
  for (const [, attributes, cells] of body.matchAll(ROW)) {
    const blockId = BLOCK_ID.exec(attributes!)?.[1];
    const row: TableRow = blockId === undefined ? {} : { blockId, roomId: blockId.split('_')[0]! };
    const name = inner(cells!, /<a\b[^>]*class="[^"]*\bhprt-roomtype-link\b[^"]*"[^>]*>([\s\S]*?)<\/a>/);
    if (name) row.name = name;
    const bed = inner(cells!, /class="[^"]*\bhprt-roomtype-bed\b[^"]*"[^>]*>([\s\S]*?)<\/div>/);
    if (bed) row.bed = bed;
    const persons = /Max(?:imum)? persons:?\s*(\d+)/i.exec(textOf(cells!));
    if (persons) row.maxPersons = Number(persons[1]);
    // The price by its class, whatever element holds it (a span in earlier clients, a div in 2026-07).
    const price = inner(
      cells!,
      /<([a-z][a-z0-9]*)\b[^>]*class="[^"]*\bprco-valign-middle-helper\b[^"]*"[^>]*>([\s\S]*?)<\/\1>/i,
      2,
    );
    if (price) row.priceText = price;
    const struck = inner(cells!, /<s\b[^>]*>([\s\S]*?)<\/s>/);
    if (struck) row.strikethroughText = struck;
    const charges = inner(
      cells!,
      /class="[^"]*\bprd-taxes-and-fees-under-price\b[^"]*"[^>]*>([\s\S]*?)<\/div>/,
    );
    if (charges) row.chargesText = charges;
    const conditions = /class="[^"]*\bhprt-table-cell-conditions\b[^"]*"[^>]*>([\s\S]*?)<\/td>/.exec(
      cells!,
    )?.[1];
    if (conditions !== undefined)
      row.conditions = [...conditions.matchAll(/<li\b[^>]*>([\s\S]*?)<\/li>/g)].map((m) => textOf(m[1]!));
    const left = /We have (\d+) left/i.exec(textOf(cells!));
    if (left) row.roomsLeft = Number(left[1]);
    rows.push(row);
  }
  return { rows, ...(header ? { nights: Number(header[1]) } : {}) };
}

/**
 * An amount as the page formats it ("EUR 1,234.56", "1.234,56 €", "US$1,234"): its number and, where
 * the text names it by code, its currency. A text with no readable number is a changed page, never
 * "no price".
 * @example amountOf('EUR 1,234.56') // { amount: 1234.56, currency: 'EUR' }
 */
export function amountOf(text: string): { amount: number; currency: string | null } {
  const currency = /\b([A-Z]{3})\b/.exec(text)?.[1] ?? null;
  const number = /\d[\d.,\s]*/.exec(text.replace(/\u00a0/g, ' '))?.[0].replace(/\s/g, '');
  if (!number) throw new ExtractionError('site_a', `a price the room table shows unreadably: ${text}`);
  const lastDot = number.lastIndexOf('.');
  const lastComma = number.lastIndexOf(',');
  const at = Math.max(lastDot, lastComma);
  // A separator followed by exactly three digits is a thousands separator when it is the only kind.
  const isDecimal = at >= 0 && (number.length - at - 1 !== 3 || (lastDot >= 0 && lastComma >= 0));
  const whole = (isDecimal ? number.slice(0, at) : number).replace(/[.,]/g, '');
  const amount = Number(isDecimal ? `${whole}.${number.slice(at + 1)}` : whole);
  if (!Number.isFinite(amount))
    throw new ExtractionError('site_a', `a price the room table shows unreadably: ${text}`);
  return { amount, currency };
}
