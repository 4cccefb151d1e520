// The README's endpoint tables against the route manifest: the tables (under "Endpoints", and for the
// reference and MCP routes under "Reference, MCP and typed client", for accounts under "Accounts and
// dashboard") are written by hand, the manifest is
// the truth. Rule: every manifest route appears exactly once, as `METHOD /path`, in a table's first
// column (one row may list several routes, as the three health routes share one); nothing else appears
// there; and every error code a row names in backticks is one its routes document.
import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { ROUTES_PER_STACK } from '../../infra/constructs/route-layout.ts';
import { dataEntries, documentedErrors, routeList } from '../../shared/routes/index.ts';

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

// The README's first screen and its figures (issue #40): a newcomer reads the two commands, where to get a
// key, one call and where to go next in the first 60 lines, and every figure the README states about the
// code is the code's.
describe('README first screen', () => {
  const first60 = README.split('\n').slice(0, 60).join('\n');

  it.each([
    ['the two commands', 'npm install && npm start'],
    ['the test command', 'npm install && npm test'],
    ['the dashboard', 'http://127.0.0.1:3000/dashboard'],
    ['a curl', "curl -s -H 'x-api-key: YOUR_KEY'"],
    ['the next steps', 'Next steps'],
    ['the reference', '/docs'],
    ['MCP', '/mcp'],
    ['deploying', '#deploying-to-aws'],
  ])('has %s in its first 60 lines', (_what, text) => {
    expect(first60).toContain(text);
  });

  it("calls in its one curl a route's own example, which tests/http/root-listing.test.ts holds to prices", () => {
    const url = /curl -s -H 'x-api-key: YOUR_KEY' '(http:\/\/127\.0\.0\.1:3000[^']+)'/.exec(first60)![1]!;
    const path = url.replace('http://127.0.0.1:3000', '');
    expect(routeList.filter((r) => r.example === path).map((r) => r.auth)).toEqual([true]);
  });

  it('links only to headings and files that exist', () => {
    const anchors = new Set(
      [...README.matchAll(/^#{2,3} (.+)$/gm)].map((m) =>
        m[1]!
          .toLowerCase()
          .replace(/[^\w\s-]/g, '')
          .trim()
          .replace(/\s/g, '-'),
      ),
    );
    const links = [...first60.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!);
    const broken = links.filter((l) =>
      l.startsWith('#') ? !anchors.has(l.slice(1)) : !existsSync(new URL(`../../${l}`, import.meta.url)),
    );
    expect(broken).toEqual([]);
  });
});

describe('README figures match the code', () => {
  /** The number the README states in the sentence matching `pattern` (its first group). */
  const stated = (pattern: RegExp) => {
    const found = pattern.exec(README);
    if (!found) throw new Error(`the README no longer says ${pattern}`);
    return Number(found[1]);
  };
  const testSource = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

  it('states the route count, the MCP tool count and the test bounds as they are', () => {
    const testFiles = readdirSync(new URL('../..', import.meta.url), {
      recursive: true,
      encoding: 'utf8',
    }).filter((f) => /^(tests|shared)\/.*\.test\.ts$/.test(f));
    const testTimeout = Number(/testTimeout: (\d+)/.exec(testSource('jest.config.js'))![1]);
    expect({
      routes: stated(/data: (\d+) routes/),
      tools: stated(/`POST \/mcp`, (\d+) tools/),
      testFilesAtLeast: stated(/every test file \(more than (\d+)\)/) < testFiles.length,
      testTimeout: stated(/each test has at most\s+(\d+) s \(`jest\.config\.js`\)/),
      routesPerStack: stated(/past (\d+) routes \(`ROUTES_PER_STACK`\)/),
    }).toEqual({
      routes: routeList.length,
      tools: dataEntries.length + 1, // and describeTool
      testFilesAtLeast: true,
      testTimeout: testTimeout / 1000,
      routesPerStack: ROUTES_PER_STACK,
    });
  });

  it("names the test tiers' scripts as package.json has them", () => {
    const { scripts } = JSON.parse(testSource('package.json')) as { scripts: Record<string, string> };
    const named = [...README.matchAll(/`npm run (test:\w+)`/g)].map((m) => m[1]!);
    expect(named).toEqual(expect.arrayContaining(['test:unit', 'test:http', 'test:slow']));
    expect(named.filter((name) => !scripts[name])).toEqual([]);
  });

  it('states the MCP budgets the tests hold', () => {
    const scale = testSource('tests/mcp/scale.test.ts');
    const bundles = testSource('tests/infra/bundle-size.test.ts');
    expect({
      list: stated(/under a (\d+) KB budget/),
      bundle: stated(/Its budget, (\d+) KB/),
    }).toEqual({
      list: Number(/LIST_BUDGET = (\d+) \* KB/.exec(scale)![1]),
      bundle: Number(/MCP_BUDGET = (\d+) \* KB/.exec(bundles)![1]),
    });
  });
});
