/**
 * What every part of the dashboard shows with: elements by id, the status line and the errors beside a
 * form, times as the reader reads them, and the new key's box.
 */
import { ApiError } from './api.ts';
/** An element of the page by id. @example $<HTMLInputElement>('new-key-value').value */
export const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

/**
 * What a part of the page asks of the whole (app.ts sets both): read the session again, and read keys,
 * usage and watches again.
 */
export const page = {
  showSession: (): Promise<void> => Promise.resolve(),
  refreshUsage: (): Promise<void> => Promise.resolve(),
};
/** Every error shown beside a form or panel is cleared by the next message. @example clearErrors() */
export function clearErrors(): void {
  $('problem').textContent = '';
  for (const shown of document.querySelectorAll('.form-error')) shown.textContent = '';
}

/** A message in the status line, the errors cleared. @example say('Usage refreshed.') */
export function say(message: string): void {
  clearErrors();
  $('status').textContent = message;
}

/** An error at the top of the page; a lost session shows the sign-in again. @example refreshUsage().catch(complain) */
export function complain(error: unknown): void {
  $('status').textContent = '';
  $('problem').textContent = error instanceof Error ? error.message : String(error);
  if (error instanceof ApiError && (error.code === 'SESSION_EXPIRED' || error.code === 'NOT_SIGNED_IN'))
    void page.showSession();
}

/**
 * An error shown where the person looks (issue #40): beside the form or panel whose action failed, in view
 * and focused (a screen reader reads it, a keyboard continues from it), not at the top of a long page.
 * @example complainAt($('signin-form'), error)
 */
export function complainAt(where: HTMLElement, error: unknown): void {
  if (error instanceof ApiError && (error.code === 'SESSION_EXPIRED' || error.code === 'NOT_SIGNED_IN'))
    return complain(error);
  $('status').textContent = '';
  clearErrors();
  let shown = where.querySelector<HTMLElement>(':scope > .form-error');
  if (!shown) {
    shown = document.createElement('p');
    shown.className = 'form-error';
    shown.setAttribute('role', 'alert');
    shown.tabIndex = -1;
    where.append(shown);
  }
  shown.textContent = error instanceof Error ? error.message : String(error);
  shown.scrollIntoView({ block: 'center' });
  shown.focus({ preventScroll: true });
}

/** The new key's box closes on the next action: it is shown once, beside the action that made it. @example closeNewKey() */
export function closeNewKey(): void {
  $('new-key').hidden = true;
  $<HTMLInputElement>('new-key-value').value = '';
  $<HTMLTextAreaElement>('curl').value = '';
}

/** A time in the reader's zone, or never. @example when('2030-06-01T08:05:00Z') // 'Jun 1, 10:05' in Paris */
export const when = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString(undefined, {
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
    : 'never';

/** How long until a time, in hours and minutes. @example untilText(list.reset_at) // '5 h 12 min' */
export function untilText(iso: string): string {
  const minutes = Math.max(0, Math.round((Date.parse(iso) - Date.now()) / 60_000));
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/**
 * A row's text cells, the first its header. Each carries its column's name, which labels it where the
 * table is laid out as cards.
 * @example appendCells(row, 'keys-table', [key.name, `${key.prefix}…`])
 */
export function appendCells(row: HTMLTableRowElement, tableId: string, cells: readonly string[]): void {
  const labels = [...$(tableId).querySelectorAll('thead th')].map((th) => th.textContent ?? '');
  for (const [i, text] of cells.entries()) {
    const cell = document.createElement(i === 0 ? 'th' : 'td');
    if (i === 0) cell.setAttribute('scope', 'row');
    else cell.dataset.label = labels[i];
    cell.textContent = text;
    row.append(cell);
  }
}

/**
 * A row's actions: a button each, named for what it acts on ("Revoke key ci"), the one that destroys (`danger`)
 * styled as such.
 * @example row.append(actionsCell('key ci', [['Rotate', rotate], ['Revoke', revoke]], 'Revoke'))
 */
export function actionsCell(
  subject: string,
  actions: readonly (readonly [string, () => void])[],
  danger: string,
): HTMLTableCellElement {
  const cell = document.createElement('td');
  for (const [label, act] of actions) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = label === danger ? 'danger small' : 'secondary small';
    button.textContent = label;
    button.setAttribute('aria-label', `${label} ${subject}`);
    button.addEventListener('click', act);
    cell.append(button);
  }
  return cell;
}

/** A table's one row saying it has nothing yet, and what to do about it. @example emptyRow(8, 'No keys yet.') */
export function emptyRow(columns: number, text: string): HTMLTableRowElement {
  const row = document.createElement('tr');
  const cell = document.createElement('td');
  cell.colSpan = columns;
  cell.className = 'empty';
  cell.textContent = text;
  row.append(cell);
  return row;
}
