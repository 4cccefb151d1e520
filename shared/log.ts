/**
 * One-line JSON logs. API keys never reach this module: callers log the key's hash id at most.
 * LOG_LEVEL=silent mutes it (tests); debug < info < warn < error.
 */
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof LEVELS, 'silent'>;

function threshold(): number {
  return LEVELS[(process.env.LOG_LEVEL ?? 'info') as keyof typeof LEVELS] ?? LEVELS.info;
}

/** @example log('info', 'request', { path: '/health', status: 200 }) */
export function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  if (LEVELS[level] < threshold()) return;
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level, message, ...fields })}\n`);
}
