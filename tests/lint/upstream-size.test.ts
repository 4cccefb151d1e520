// The upstream client stays split by job (issue #20), and so does the extraction toolkit that left it
// (issue #33): no file of shared/upstream/ or shared/extraction/ grows past 300 lines, the size at which
// a file there started doing several jobs again.
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const MAX_LINES = 300;

describe.each([
  { folder: 'shared/upstream', atLeast: 11 },
  { folder: 'shared/extraction', atLeast: 5 },
])('$folder', ({ folder, atLeast }) => {
  it(`has no file over ${MAX_LINES} lines`, () => {
    // Prepare
    const dir = resolve(import.meta.dirname, '../..', folder);
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
    // Act
    const long = files
      .map((file) => ({ file, lines: readFileSync(join(dir, file), 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES);
    // Assess
    expect(files.length).toBeGreaterThanOrEqual(atLeast);
    expect(long).toEqual([]);
  });
});
