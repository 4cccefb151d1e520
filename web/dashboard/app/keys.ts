/**
 * The dashboard's keys: the table (a card per key where narrow), a new key shown once with its curl
 * command, and rotating or revoking a key.
 */
import { api, type KeyList, type KeyView } from './api.ts';
import {
  $,
  actionsCell,
  appendCells,
  closeNewKey,
  complainAt,
  emptyRow,
  page,
  say,
  untilText,
  when,
} from './view.ts';
/** The API's base URL as this page sees it: the page's directory (the stage root when deployed). */
const apiBase = () => new URL('.', window.location.href).href.replace(/\/$/, '');

function curlFor(key: string): string {
  return `curl -H 'x-api-key: ${key}' '${apiBase()}/v1/meta/coordinates-lookup?term=paris&limit=3'`;
}

/** The keys as last listed, by id: a replaced key names the key that replaced it. */
export let keysById = new Map<string, KeyView>();

function keyRow(key: KeyView): HTMLTableRowElement {
  const row = document.createElement('tr');
  const successor = key.replaced_by ? keysById.get(key.replaced_by) : undefined;
  const named = (k: KeyView) => `"${k.name}" (${k.prefix}…)`;
  // A rotation carries the day's count to the new key, which is billed for it; the old key's calls are
  // counted once, under the new key's quota (the chart shows each key's own calls).
  const today =
    key.status === 'active'
      ? `${key.today} / ${key.daily_limit.toLocaleString()}` +
        (key.carried_today ? ` (${key.carried_today} carried from the key it replaced)` : '')
      : successor
        ? `${key.today} (carried to ${successor.prefix}…)`
        : String(key.today);
  const cells = [
    key.name,
    `${key.prefix}…`,
    when(key.created_at),
    key.last_used_at ? when(key.last_used_at) : key.carried_today ? 'not yet (new key)' : 'never',
    today,
    key.status === 'active' ? key.remaining.toLocaleString() : '–',
    key.status === 'active' ? 'active' : successor ? `replaced by ${named(successor)}` : 'revoked',
  ];
  appendCells(row, 'keys-table', cells);
  const acting = (action: (k: KeyView) => Promise<void>) => () => {
    closeNewKey();
    void action(key);
  };
  const actions = [
    ['Rotate', acting(rotateKey)],
    ['Revoke', acting(revokeKey)],
  ] as const;
  row.append(actionsCell(`key ${key.name}`, key.status === 'active' ? actions : [], 'Revoke'));
  row.dataset.keyId = key.id;
  return row;
}

/** Reads the keys again and shows them, with the count and when the quota resets. @example await loadKeys() */
export async function loadKeys(): Promise<void> {
  const list = await api<KeyList>('account/keys');
  keysById = new Map(list.keys.map((k) => [k.id, k]));
  $('keys-table')
    .querySelector('tbody')!
    .replaceChildren(
      ...(list.keys.length
        ? list.keys.map(keyRow)
        : [emptyRow(8, 'No keys yet: name one above and press "Create key". It works at once.')]),
    );
  $('key-count').textContent = `${list.live_keys} of ${list.key_limit} live keys.`;
  $('quota').textContent =
    `Each key's quota resets at 00:00 UTC, in ${untilText(list.reset_at)} (${when(list.reset_at)} your time).`;
}

/** Shows a new key once, with its curl command, selected to copy. @example showNewKey(made.key, made.name) */
export function showNewKey(key: string, name: string): void {
  $<HTMLInputElement>('new-key-value').value = key;
  $<HTMLTextAreaElement>('curl').value = curlFor(key);
  $('new-key-title').textContent = `Your new key "${name}"`;
  $('new-key').hidden = false;
  $<HTMLInputElement>('new-key-value').focus();
  $<HTMLInputElement>('new-key-value').select();
}

async function rotateKey(key: KeyView): Promise<void> {
  if (!window.confirm(`Replace the key "${key.name}" by a new one? The old one stops working now.`)) return;
  try {
    const made = await api<{ key: string; name: string; prefix: string }>(`account/keys/${key.id}/rotate`, {
      method: 'POST',
    });
    showNewKey(made.key, made.name);
    say(
      `The key "${key.name}" (${key.prefix}…) was replaced by ${made.prefix}…: the old one no longer works. ` +
        "Today's requests carry over to the new key's quota.",
    );
    await page.refreshUsage();
  } catch (error) {
    complainAt($('keys-table').closest('.panel')!, error);
  }
}

async function revokeKey(key: KeyView): Promise<void> {
  if (!window.confirm(`Revoke the key "${key.name}"? It stops working now.`)) return;
  try {
    await api(`account/keys/${key.id}/revoke`, { method: 'POST' });
    say(`The key "${key.name}" is revoked.`);
    await page.refreshUsage();
  } catch (error) {
    complainAt($('keys-table').closest('.panel')!, error);
  }
}
