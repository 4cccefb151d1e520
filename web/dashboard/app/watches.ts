/**
 * The dashboard's watches: the account's watches over all its keys, each paused, resumed or deleted here.
 */
import { api } from './api.ts';
import { $, actionsCell, appendCells, complain, say, when } from './view.ts';
/** A watch as GET /account/watches lists it. */
interface WatchRow {
  id: string;
  route: string;
  key_name: string;
  condition: { type: string; value?: number };
  status: 'active' | 'paused' | 'ended';
  reason: string | null;
  last_check: { at: string; outcome: string } | null;
}

function watchRow(watch: WatchRow): HTMLTableRowElement {
  const row = document.createElement('tr');
  const cells = [
    `${watch.id} (${watch.route})`,
    watch.key_name,
    `${watch.condition.type}${watch.condition.value === undefined ? '' : ` ${watch.condition.value}`}`,
    `${watch.status}${watch.reason ? `: ${watch.reason}` : ''}`,
    watch.last_check ? `${when(watch.last_check.at)} (${watch.last_check.outcome})` : 'not yet',
  ];
  appendCells(row, 'watches-table', cells);
  const buttons: [string, () => Promise<unknown>][] = [];
  if (watch.status === 'active')
    buttons.push([
      'Pause',
      () => api(`account/watches/${watch.id}/status`, { method: 'POST', body: { status: 'paused' } }),
    ]);
  if (watch.status === 'paused')
    buttons.push([
      'Resume',
      () => api(`account/watches/${watch.id}/status`, { method: 'POST', body: { status: 'active' } }),
    ]);
  buttons.push(['Delete', () => api(`account/watches/${watch.id}/delete`, { method: 'POST' })]);
  const acting = ([label, act]: [string, () => Promise<unknown>]) =>
    [
      label,
      () => {
        if (label === 'Delete' && !window.confirm(`Delete the watch ${watch.id}?`)) return;
        act()
          .then(() => say(`Watch ${watch.id} ${label.toLowerCase()}d.`))
          .then(loadWatches)
          .catch(complain);
      },
    ] as const;
  row.append(actionsCell(`watch ${watch.id}`, buttons.map(acting), 'Delete'));
  return row;
}

/** Reads the account's watches again and shows them. @example await loadWatches() */
export async function loadWatches(): Promise<void> {
  const { watches } = await api<{ watches: WatchRow[] }>('account/watches');
  $('watches-table')
    .querySelector('tbody')!
    .replaceChildren(...watches.map(watchRow));
}
