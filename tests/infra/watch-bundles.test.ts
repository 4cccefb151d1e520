// The watch engine's functions as the stack bundles them (infra/bundling.ts): the check runs every
// watched route's handler, so its bundle is split as MCP's (infra/mcp-bundle.ts) and a check loads its
// entry and one route's handler; it carries the gazetteer when a watched route needs it (chain_b search
// resolves destination slugs through it). The tick and the delivery stay single files.
import { afterAll, describe, expect, it } from '@jest/globals';
import { build, type Metafile } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assetsFor, bundleOptionsFor, isSplit, requestBytes } from '../../infra/bundling.ts';
import { dataEntries } from '../../shared/routes/index.ts';

const KB = 1024;
/**
 * Issue 26's budget of a function that runs many routes' handlers (MCP's), for what one check loads: the
 * entry (engine, store, queues) and the heaviest watched route's handler with its connector.
 */
const BUDGET = 600 * KB;
const CHECK = 'functions/watches/check.ts';
const watched = dataEntries.filter(([, r]) => r.watch).map(([, r]) => r.handler);
const out = mkdtempSync(join(tmpdir(), 'watch-bundles-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

async function bundled(handler: string) {
  const { metafile } = await build({
    ...bundleOptionsFor(handler, join(out, handler.replace(/\W/g, '-'))),
    logLevel: 'error',
  });
  return requestBytes(metafile as Metafile, watched);
}

describe("the watches' check bundle", () => {
  it('is split: one check loads its entry and one watched route, within the budget', async () => {
    // Act
    const load = await bundled(CHECK);
    console.log(
      `watches check: ${(load.bytes / KB).toFixed(1)} KB loaded at most (${load.largest}), ${(load.total / KB).toFixed(1)} KB deployed for ${watched.length} watched routes`,
    );
    // Assess
    expect(isSplit(CHECK)).toBe(true);
    expect(load.bytes).toBeLessThanOrEqual(BUDGET);
    expect(load.total).toBeGreaterThan(load.bytes);
  }, 120_000);

  it('carries the gazetteer since a watched route reads it, and the tick does not', () => {
    expect(watched).toContain('functions/chain-b/search.ts');
    expect(assetsFor(CHECK)).toEqual(['shared/geo/data']);
    expect(assetsFor('functions/watches/tick.ts')).toEqual([]);
    expect(assetsFor('functions/watches/deliver.ts')).toEqual([]);
  });
});
