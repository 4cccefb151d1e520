// Tests assert on responses, not on log lines: keep the run quiet unless asked.
process.env.LOG_LEVEL ??= 'silent';
