// Builds the embedded gazetteer once if `npm ci` (prepare) has not already.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

export default function globalSetup() {
  if (!existsSync(new URL('../shared/geo/data/keys.txt', import.meta.url))) {
    execFileSync(process.execPath, [new URL('../shared/geo/build.ts', import.meta.url).pathname], {
      stdio: 'inherit',
    });
  }
}
