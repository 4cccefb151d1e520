/**
 * The canary's report: per route whether the source was reached, its answer parsed and the response
 * contract-valid, as JSON, as an aligned table, and as the command's exit status.
 */
import type { RouteId } from '../shared/routes/index.ts';

export interface RouteResult {
  route: RouteId;
  path: string;
  upstream: readonly string[];
  /** The HTTP status the handler answered with. */
  status: number;
  /** The error code of a non-200 answer. */
  code?: string;
  /** The source answered at all: no connection failure, timeout, unconfigured source or rejected request. */
  reached: boolean;
  /** The answer was read: no extraction error, upstream error status or unavailability. */
  parsed: boolean;
  /** A 200 that passes the route's response schema, or an error the route documents for that status. */
  valid: boolean;
  ok: boolean;
  ms: number;
  /** Why it failed, or which documented error it answered; secrets removed. */
  note: string;
}

export interface CanaryReport {
  /** What the routes ran against. */
  against: 'sandbox' | 'providers';
  ok: boolean;
  passed: number;
  failed: number;
  results: RouteResult[];
}

/** The exit status a report gives: 0 when every route passed. @example exitCode(report) // 1 */
export function exitCode(report: CanaryReport): number {
  return report.ok ? 0 : 1;
}

const mark = (value: boolean, applies: boolean) => (!applies ? '-' : value ? 'yes' : 'NO');

/**
 * The report as an aligned table, one line per route, and a summary line.
 * @example formatReport(report).join('\n')
 */
export function formatReport(report: CanaryReport): string[] {
  const header = ['route', 'upstream', 'status', 'reached', 'parsed', 'valid', 'ms', 'note'];
  const rows = report.results.map((r) => [
    r.path,
    r.upstream.join(','),
    String(r.status),
    mark(r.reached, true),
    mark(r.parsed, r.reached),
    mark(r.valid, r.reached && r.parsed),
    String(r.ms),
    r.note.length > 120 ? `${r.note.slice(0, 117)}...` : r.note,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const numeric = new Set([2, 6]);
  const line = (cells: string[]) =>
    cells
      .map((c, i) =>
        i === cells.length - 1 ? c : numeric.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!),
      )
      .join('  ')
      .trimEnd();
  const total = report.results.reduce((sum, r) => sum + r.ms, 0);
  const summary =
    `canary: ${report.passed}/${report.results.length} routes passed against the ` +
    `${report.against === 'sandbox' ? 'embedded sandbox' : 'configured providers'} in ${total} ms` +
    (report.ok ? '' : `; ${report.failed} failed`);
  return [line(header), ...rows.map(line), summary];
}
