/**
 * The dashboard in the browser: plain TypeScript over the DOM, Chart.js for the usage chart, bundled by
 * esbuild into one script the service serves (web/dashboard/build.ts). It talks to the session API beside
 * it with relative URLs (so it works under a deployed stage prefix), sends the CSRF token with every POST,
 * and never stores a key: a new key lives in the page until it is reloaded.
 */
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

interface AccountView {
  email: string;
  tier: string;
  daily_limit: number;
  key_limit: number;
  daily_key_creations: number;
  next_tier: { tier: string; daily_limit: number } | null;
}
interface SessionAnswer {
  signed_in: boolean;
  csrf_token: string;
  account?: AccountView;
}
interface KeyView {
  id: string;
  name: string;
  prefix: string;
  status: 'active' | 'revoked';
  created_at: string;
  last_used_at: string | null;
  today: number;
  daily_limit: number;
  remaining: number;
  /** The id of the key that replaced this one by a rotation. */
  replaced_by: string | null;
  /** Of `today`, the requests the key it replaced made before the rotation. */
  carried_today: number;
}
interface KeyList {
  keys: KeyView[];
  live_keys: number;
  key_limit: number;
  reset_at: string;
}
interface Activity {
  days: string[];
  reset_at: string;
  keys: {
    id: string;
    name: string;
    prefix: string;
    status: string;
    daily: number[];
    endpoints: Record<string, number[]>;
  }[];
  endpoints: Record<string, number[]>;
  total: number;
}

class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, detail: string) {
    super(detail);
    this.status = status;
    this.code = code;
  }
}

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
let csrf = '';
let chart: Chart | undefined;
let lastActivity: Activity | undefined;
/** Usage refreshes by itself at most this often, and only while the page is visible. */
const REFRESH_MS = 30_000;
let refreshedAt = 0;
let signedIn = false;

/** Colours with at least 3:1 contrast against white, told apart by hue and lightness. */
const PALETTE = ['#0b57d0', '#b3261e', '#146c2e', '#7c4dff', '#a15c00', '#006a6a', '#8e24aa', '#44474e'];

async function api<T>(path: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<T> {
  const method = init.method ?? 'GET';
  const res = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      ...(method === 'POST' ? { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf } : {}),
    },
    ...(method === 'POST' ? { body: JSON.stringify(init.body ?? {}) } : {}),
  });
  const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok)
    throw new ApiError(
      res.status,
      String(data.error_code ?? ''),
      String(data.detail ?? `HTTP ${res.status}`),
    );
  return data as T;
}

/** Every error shown beside a form or panel is cleared by the next message. */
function clearErrors(): void {
  $('problem').textContent = '';
  for (const shown of document.querySelectorAll('.form-error')) shown.textContent = '';
}

function say(message: string): void {
  clearErrors();
  $('status').textContent = message;
}

function complain(error: unknown): void {
  $('status').textContent = '';
  $('problem').textContent = error instanceof Error ? error.message : String(error);
  if (error instanceof ApiError && (error.code === 'SESSION_EXPIRED' || error.code === 'NOT_SIGNED_IN'))
    void showSession();
}

/**
 * An error shown where the person looks (issue #40): beside the form or panel whose action failed, in view
 * and focused (a screen reader reads it, a keyboard continues from it), not at the top of a long page.
 */
function complainAt(where: HTMLElement, error: unknown): void {
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

/** The new key's box closes on the next action: it is shown once, beside the action that made it. */
function closeNewKey(): void {
  $('new-key').hidden = true;
  $<HTMLInputElement>('new-key-value').value = '';
  $<HTMLTextAreaElement>('curl').value = '';
}

const when = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString(undefined, {
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
    : 'never';

function untilText(iso: string): string {
  const minutes = Math.max(0, Math.round((Date.parse(iso) - Date.now()) / 60_000));
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** The API's base URL as this page sees it: the page's directory (the stage root when deployed). */
const apiBase = () => new URL('.', window.location.href).href.replace(/\/$/, '');

function curlFor(key: string): string {
  return `curl -H 'x-api-key: ${key}' '${apiBase()}/v1/meta/coordinates-lookup?term=paris&limit=3'`;
}

async function showSession(): Promise<void> {
  const session = await api<SessionAnswer>('account/session');
  csrf = session.csrf_token;
  signedIn = session.signed_in;
  $('signed-out').hidden = session.signed_in;
  $('signed-in').hidden = !session.signed_in;
  $('account-nav').hidden = !session.signed_in;
  $('who').textContent = session.account?.email ?? '';
  if (session.account) {
    showPlan(session.account);
    await refreshUsage();
  }
}

const capitalised = (tier: string) => tier[0]!.toUpperCase() + tier.slice(1);

function showPlan(account: AccountView): void {
  $('plan').textContent =
    `${capitalised(account.tier)} tier: ${account.daily_limit.toLocaleString()} requests a UTC day per key, ` +
    `up to ${account.key_limit} live keys, ${account.daily_key_creations} new keys a day.`;
  const next = account.next_tier;
  $('next-plan').textContent = next
    ? `${capitalised(next.tier)} gives ${next.daily_limit.toLocaleString()} requests a day per key. ` +
      'Tiers are changed by the operator of this service: ask them to move your account.'
    : 'This is the highest tier.';
}

/** Keys, usage and watches, read again. */
async function refreshUsage(): Promise<void> {
  refreshedAt = Date.now();
  await Promise.all([loadKeys(), loadActivity(), loadWatches()]);
}

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
  const labels = [...$('watches-table').querySelectorAll('thead th')].map((th) => th.textContent ?? '');
  for (const [i, text] of cells.entries()) {
    const cell = document.createElement(i === 0 ? 'th' : 'td');
    if (i === 0) cell.setAttribute('scope', 'row');
    else cell.dataset.label = labels[i];
    cell.textContent = text;
    row.append(cell);
  }
  const actions = document.createElement('td');
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
  for (const [label, act] of buttons) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = label === 'Delete' ? 'danger small' : 'secondary small';
    button.textContent = label;
    button.setAttribute('aria-label', `${label} watch ${watch.id}`);
    button.addEventListener('click', () => {
      if (label === 'Delete' && !window.confirm(`Delete the watch ${watch.id}?`)) return;
      act()
        .then(() => say(`Watch ${watch.id} ${label.toLowerCase()}d.`))
        .then(loadWatches)
        .catch(complain);
    });
    actions.append(button);
  }
  row.append(actions);
  return row;
}

async function loadWatches(): Promise<void> {
  const { watches } = await api<{ watches: WatchRow[] }>('account/watches');
  $('watches-table')
    .querySelector('tbody')!
    .replaceChildren(...watches.map(watchRow));
}

/** While visible and signed in, usage is read again every REFRESH_MS, so a call made elsewhere shows up. */
function refreshWhenDue(): void {
  if (!signedIn || document.visibilityState !== 'visible' || Date.now() - refreshedAt < REFRESH_MS) return;
  refreshUsage().catch(complain);
}

/** The keys as last listed, by id: a replaced key names the key that replaced it. */
let keysById = new Map<string, KeyView>();

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
  // Each cell carries its column's name, which labels it where the table is laid out as cards.
  const labels = [...$('keys-table').querySelectorAll('thead th')].map((th) => th.textContent ?? '');
  for (const [i, text] of cells.entries()) {
    const cell = document.createElement(i === 0 ? 'th' : 'td');
    if (i === 0) cell.setAttribute('scope', 'row');
    else cell.dataset.label = labels[i];
    cell.textContent = text;
    row.append(cell);
  }
  const actions = document.createElement('td');
  if (key.status === 'active') {
    for (const [label, action] of [
      ['Rotate', rotateKey],
      ['Revoke', revokeKey],
    ] as const) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = label === 'Revoke' ? 'danger small' : 'secondary small';
      button.textContent = label;
      button.setAttribute('aria-label', `${label} key ${key.name}`);
      button.addEventListener('click', () => {
        closeNewKey();
        void action(key);
      });
      actions.append(button);
    }
  }
  row.append(actions);
  row.dataset.keyId = key.id;
  return row;
}

/** A table's one row saying it has nothing yet, and what to do about it. */
function emptyRow(columns: number, text: string): HTMLTableRowElement {
  const row = document.createElement('tr');
  const cell = document.createElement('td');
  cell.colSpan = columns;
  cell.className = 'empty';
  cell.textContent = text;
  row.append(cell);
  return row;
}

async function loadKeys(): Promise<void> {
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

function showNewKey(key: string, name: string): void {
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
    await refreshUsage();
  } catch (error) {
    complainAt($('keys-table').closest('.panel')!, error);
  }
}

async function revokeKey(key: KeyView): Promise<void> {
  if (!window.confirm(`Revoke the key "${key.name}"? It stops working now.`)) return;
  try {
    await api(`account/keys/${key.id}/revoke`, { method: 'POST' });
    say(`The key "${key.name}" is revoked.`);
    await refreshUsage();
  } catch (error) {
    complainAt($('keys-table').closest('.panel')!, error);
  }
}

/** The chart's series: one per key or one per endpoint, each a count per day. */
function series(activity: Activity, by: 'key' | 'endpoint'): { label: string; data: number[] }[] {
  if (by === 'endpoint')
    return Object.entries(activity.endpoints).map(([path, data]) => ({ label: path, data }));
  return activity.keys.map((k) => ({
    label: `${k.name} (${k.prefix}…)${k.status === 'revoked' ? (keysById.get(k.id)?.replaced_by ? ' replaced' : ' revoked') : ''}`,
    data: k.daily,
  }));
}

function grouping(): 'key' | 'endpoint' {
  return document.querySelector<HTMLInputElement>('input[name="group"]:checked')?.value === 'endpoint'
    ? 'endpoint'
    : 'key';
}

function drawChart(): void {
  const activity = lastActivity;
  if (!activity) return;
  const sets = series(activity, grouping());
  const labels = activity.days.map((d) => d.slice(5));
  const canvas = $<HTMLCanvasElement>('chart');
  const datasets = sets.map((s, i) => ({
    label: s.label,
    data: s.data,
    backgroundColor: PALETTE[i % PALETTE.length],
  }));
  if (chart) {
    chart.data.labels = labels;
    chart.data.datasets = datasets;
    chart.update();
  } else {
    chart = new Chart(canvas, {
      type: 'bar',
      data: { labels, datasets },
      options: {
        animation: false,
        maintainAspectRatio: false,
        scales: {
          x: { stacked: true, ticks: { color: '#1f1f1f' }, grid: { display: false } },
          y: {
            stacked: true,
            beginAtZero: true,
            ticks: { precision: 0, color: '#1f1f1f' },
            title: { display: true, text: 'requests', color: '#1f1f1f' },
          },
        },
        plugins: { legend: { position: 'bottom', labels: { color: '#1f1f1f' } } },
      },
    });
  }
  const today = sets.reduce((n, s) => n + (s.data.at(-1) ?? 0), 0);
  canvas.dataset.total = String(activity.total);
  canvas.dataset.today = String(today);
  $('chart-summary').textContent = activity.total
    ? `Requests per UTC day, ${activity.days[0]} to ${activity.days.at(-1)}, by ${grouping()}: ` +
      `${activity.total} in all, ${today} today.`
    : 'No requests in the last 30 days yet. Create a key and run its curl command: the chart shows the call within 30 s.';
  drawTable(activity, sets);
}

function drawTable(activity: Activity, sets: { label: string; data: number[] }[]): void {
  const table = $<HTMLTableElement>('usage-table');
  const head = document.createElement('tr');
  for (const text of ['Day', ...sets.map((s) => s.label)]) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = text;
    head.append(th);
  }
  const rows = activity.days.map((day, i) => {
    const row = document.createElement('tr');
    const th = document.createElement('th');
    th.scope = 'row';
    th.textContent = day;
    row.append(th);
    for (const s of sets) {
      const td = document.createElement('td');
      td.textContent = String(s.data[i] ?? 0);
      row.append(td);
    }
    return row;
  });
  const thead = document.createElement('thead');
  thead.append(head);
  const tbody = document.createElement('tbody');
  tbody.append(...(activity.total ? rows.reverse() : [emptyRow(sets.length + 1, 'No requests yet.')]));
  table.replaceChildren(thead, tbody);
  showScrollHint();
}

/** Narrow, the usage table scrolls sideways in its box: a hint says so whenever it does (issue #40). */
function showScrollHint(): void {
  const wrap = $('usage-table').parentElement!;
  $('usage-scroll-hint').hidden = wrap.scrollWidth <= wrap.clientWidth + 1;
}

async function loadActivity(): Promise<void> {
  lastActivity = await api<Activity>('account/activity');
  drawChart();
}

function formValues(form: HTMLFormElement): Record<string, string> {
  return Object.fromEntries([...new FormData(form)].map(([k, v]) => [k, String(v)]));
}

function onSubmit(id: string, handle: (form: HTMLFormElement) => Promise<void>): void {
  const form = $<HTMLFormElement>(id);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const button = form.querySelector('button[type="submit"]') as HTMLButtonElement;
    button.disabled = true;
    clearErrors();
    closeNewKey();
    handle(form)
      .catch((error: unknown) => complainAt(form, error))
      .finally(() => {
        button.disabled = false;
      });
  });
}

async function copy(id: string, what: string): Promise<void> {
  const field = $<HTMLInputElement | HTMLTextAreaElement>(id);
  field.select();
  try {
    await navigator.clipboard.writeText(field.value);
    say(`${what} copied.`);
  } catch {
    say(`${what} selected: press Ctrl+C (⌘C) to copy it.`);
  }
}

/** The reset token of the link this page was opened with, kept until the new password is sent. */
let resetToken = '';

/** A mailed link (`#verify=…` or `#reset=…`): its token leaves the address bar (and the history) first. */
async function followLink(): Promise<void> {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  if (fragment.has('forgot')) {
    $('forgot-form').hidden = false;
    $('forgot-email').focus();
  }
  const verify = fragment.get('verify');
  const reset = fragment.get('reset');
  if (!verify && !reset) return;
  window.history.replaceState(null, '', window.location.pathname + window.location.search);
  if (reset) {
    resetToken = reset;
    $('reset-form').hidden = false;
    $('reset-password').focus();
    return;
  }
  try {
    const { message } = await api<{ message: string }>('account/verify', {
      method: 'POST',
      body: { token: verify },
    });
    say(message);
  } catch (error) {
    // Signed in means verified: a link opened again tells its owner so, not to sign up again (issue #40).
    if (signedIn && error instanceof ApiError && error.code === 'INVALID_TOKEN')
      return say('Your email is verified already, and you are signed in: this link is used up.');
    if (signedIn) throw error;
    return complainAt($('signin-form'), error);
  }
  $('signin-email').focus();
}

function wire(): void {
  onSubmit('signup-form', async (form) => {
    const { message } = await api<{ message: string }>('account/signup', {
      method: 'POST',
      body: formValues(form),
    });
    form.reset();
    say(`${message} (Running it locally? npm start prints the link in its terminal.)`);
  });
  onSubmit('signin-form', async (form) => {
    const session = await api<SessionAnswer>('account/signin', { method: 'POST', body: formValues(form) });
    form.reset();
    csrf = session.csrf_token;
    say(`Signed in as ${session.account?.email}.`);
    await showSession();
    $('main').focus();
  });
  onSubmit('create-form', async (form) => {
    const made = await api<{ key: string; name: string }>('account/keys', {
      method: 'POST',
      body: formValues(form),
    });
    form.reset();
    showNewKey(made.key, made.name);
    say(`Key "${made.name}" created: copy it now.`);
    // Not awaited: the form is ready for the next key at once (a disabled submit button ignores Enter).
    refreshUsage().catch(complain);
  });
  onSubmit('forgot-form', async (form) => {
    const { message } = await api<{ message: string }>('account/password/forgot', {
      method: 'POST',
      body: formValues(form),
    });
    form.reset();
    form.hidden = true;
    say(`${message} (Running it locally? npm start prints the link in its terminal.)`);
  });
  onSubmit('reset-form', async (form) => {
    const { message } = await api<{ message: string }>('account/password/reset', {
      method: 'POST',
      body: { token: resetToken, ...formValues(form) },
    });
    resetToken = '';
    form.reset();
    form.hidden = true;
    say(message);
    $('signin-email').focus();
  });
  onSubmit('delete-form', async (form) => {
    // The password first, so a typo is said beside the form before the irreversible question (issue #40).
    await api('account/delete', { method: 'POST', body: { ...formValues(form), check_only: true } });
    if (!window.confirm('Delete your account and all its keys? This cannot be undone.')) return;
    const { message } = await api<{ message: string }>('account/delete', {
      method: 'POST',
      body: formValues(form),
    });
    form.reset();
    $('new-key').hidden = true;
    await showSession();
    say(message);
  });
  $('signout').addEventListener('click', () => {
    closeNewKey();
    api('account/signout', { method: 'POST' })
      .then(() => {
        $('new-key').hidden = true;
        say('Signed out.');
        return showSession();
      })
      .catch(complain);
  });
  $('copy-key').addEventListener('click', () => void copy('new-key-value', 'Key'));
  $('copy-curl').addEventListener('click', () => void copy('curl', 'Command'));
  $('refresh').addEventListener('click', () => {
    closeNewKey();
    refreshUsage()
      .then(() => say('Usage refreshed.'))
      .catch(complain);
  });
  setInterval(refreshWhenDue, 5_000);
  document.addEventListener('visibilitychange', refreshWhenDue);
  for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="group"]'))
    radio.addEventListener('change', drawChart);
  $('usage-table').closest('details')!.addEventListener('toggle', showScrollHint);
  window.addEventListener('resize', showScrollHint);
  // A mailed link opened in a tab already on the dashboard changes only the fragment.
  window.addEventListener('hashchange', () => void followLink().catch(complain));
}

async function start(): Promise<void> {
  wire();
  await showSession();
  await followLink();
}

start().catch(complain);
