/**
 * The dashboard's usage: requests per UTC day over the history, by key or by endpoint, as a Chart.js bar
 * chart and as a table.
 */
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { api, type Activity } from './api.ts';
import { keysById } from './keys.ts';
import { $, emptyRow } from './view.ts';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

let chart: Chart | undefined;
let lastActivity: Activity | undefined;
/** Colours with at least 3:1 contrast against white, told apart by hue and lightness. */
const PALETTE = ['#0b57d0', '#b3261e', '#146c2e', '#7c4dff', '#a15c00', '#006a6a', '#8e24aa', '#44474e'];

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

/** Draws the last activity read, grouped as the radio buttons say, and its table. @example drawChart() */
export function drawChart(): void {
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

/** Narrow, the usage table scrolls sideways in its box: a hint says so whenever it does (issue #40). @example showScrollHint() */
export function showScrollHint(): void {
  const wrap = $('usage-table').parentElement!;
  $('usage-scroll-hint').hidden = wrap.scrollWidth <= wrap.clientWidth + 1;
}

/** Reads the activity again and draws it. @example await loadActivity() */
export async function loadActivity(): Promise<void> {
  lastActivity = await api<Activity>('account/activity');
  drawChart();
}
