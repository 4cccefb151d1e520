// The README's endpoint tables against the route manifest: the tables (under "Endpoints", and for the
// reference and MCP routes under "Reference, MCP and typed client", for accounts under "Accounts and
// dashboard") are written by hand, the manifest is
// the truth. Rule: every manifest route appears exactly once, as `METHOD /path`, in a table's first
// column (one row may list several routes, as the three health routes share one); nothing else appears
// there; and every error code a row names in backticks is one its routes document.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { documentedErrors, routeList } from '../../shared/routes/index.ts';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

interface Row {
  routes: string[];
  notes: string;
}

/** The rows of the table under `## <heading>`, header and separator left out. */
function endpointRows(markdown: string, heading: string): Row[] {
  const section =
    new RegExp(`^## ${heading}\\n([\\s\\S]*?)(?=^## |(?![\\s\\S]))`, 'm').exec(markdown)?.[1] ?? '';
  return section
    .split('\n')
    .map((line) => /^\|([^|]*)\|(.*)\|\s*$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null && !/^[\s-]*$/.test(m[1]!) && !/method/i.test(m[1]!))
    .map((m) => ({ routes: [...m[1]!.matchAll(/`([^`]+)`/g)].map((r) => r[1]!), notes: m[2]! }));
}

const rows = [
  ...endpointRows(README, 'Endpoints'),
  ...endpointRows(README, 'Reference, MCP and typed client'),
  ...endpointRows(README, 'Accounts and dashboard'),
];
const listed = rows.flatMap((r) => r.routes);
const manifest = routeList.map((r) => `${r.method} ${r.path}`);

describe('README endpoint table', () => {
  it('has a table under "## Endpoints"', () => {
    expect(rows.length).toBeGreaterThan(0);
  });

  it('lists every manifest route exactly once', () => {
    const times = (route: string) => listed.filter((l) => l === route).length;
    expect(Object.fromEntries(manifest.map((r) => [r, times(r)]))).toEqual(
      Object.fromEntries(manifest.map((r) => [r, 1])),
    );
  });

  it('lists no route the manifest does not have', () => {
    expect(listed.filter((l) => !manifest.includes(l))).toEqual([]);
  });

  it('names only error codes its routes document', () => {
    const undocumented = rows.flatMap((row) => {
      const routes = routeList.filter((r) => row.routes.includes(`${r.method} ${r.path}`));
      const documented = new Set(routes.flatMap((r) => documentedErrors(r).map((e) => e.code)));
      const named = [...row.notes.matchAll(/`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)`/g)].map((m) => m[1]!);
      return named.filter((code) => !documented.has(code)).map((code) => `${row.routes.join(', ')}: ${code}`);
    });
    expect(undocumented).toEqual([]);
  });
});
