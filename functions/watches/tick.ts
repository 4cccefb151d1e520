// The scheduler (EventBridge Scheduler, every minute): the due watches and delivery retries, each claimed
// once, queued for the check and delivery functions.
import { log } from '../../shared/log.ts';
import { tick } from '../../shared/watches/engine.ts';
import { deployedDeps } from './engine-deps.ts';

export const handler = async (): Promise<void> => {
  const result = await tick(await deployedDeps());
  log('info', 'watch tick', { ...result });
};
