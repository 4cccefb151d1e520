// The upstream client stays split by job (issue #20): no file of shared/upstream/ grows past 300 lines,
// the size at which a file there started doing several jobs again.
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const UPSTREAM = resolve(import.meta.dirname, '../../shared/upstream');
const MAX_LINES = 300;

describe('shared/upstream', () => {
  it(`has no file over ${MAX_LINES} lines`, () => {
    // Prepare
    const files = readdirSync(UPSTREAM).filter((f) => f.endsWith('.ts'));
    // Act
    const long = files
      .map((file) => ({ file, lines: readFileSync(join(UPSTREAM, file), 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES);
    // Assess
    expect(files.length).toBeGreaterThan(10);
    expect(long).toEqual([]);
  });
});
