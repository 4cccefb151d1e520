import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Tests assert on responses, not on log lines: keep the run quiet unless asked.
process.env.LOG_LEVEL ??= 'silent';
// An `npm start` a test spawns keeps its accounts in a data folder of its own (LevelDB lets one process
// hold a folder, and test files run in parallel), never in the project's `.data/`.
process.env.DATA_DIR ??= mkdtempSync(join(tmpdir(), 'travel-data-test-'));
