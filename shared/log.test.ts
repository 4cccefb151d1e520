// The level check: lines below LOG_LEVEL are never handed to Powertools, and the level follows LOG_LEVEL.
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { log, logger, logs } from './log.ts';

const saved = process.env.LOG_LEVEL;
afterEach(() => {
  jest.restoreAllMocks();
  if (saved === undefined) delete process.env.LOG_LEVEL;
  else process.env.LOG_LEVEL = saved;
});

describe('log', () => {
  it('follows LOG_LEVEL as it changes, unknown levels read as info', () => {
    process.env.LOG_LEVEL = 'warn';
    expect([logs('debug'), logs('info'), logs('warn'), logs('error')]).toEqual([false, false, true, true]);
    process.env.LOG_LEVEL = 'debug';
    expect(logs('debug')).toBe(true);
    process.env.LOG_LEVEL = 'silent';
    expect(logs('error')).toBe(false);
    process.env.LOG_LEVEL = 'loud';
    expect([logs('debug'), logs('info')]).toEqual([false, true]);
    expect(logger().getLevelName()).toBe('INFO');
  });

  it('hands a line to the logger only at or above the level', () => {
    process.env.LOG_LEVEL = 'warn';
    const info = jest.spyOn(logger(), 'info').mockImplementation(() => undefined);
    const warn = jest.spyOn(logger(), 'warn').mockImplementation(() => undefined);
    log('info', 'not printed', { a: 1 });
    log('warn', 'printed', { b: 2 });
    expect(info).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith('printed', { b: 2 });
  });
});
