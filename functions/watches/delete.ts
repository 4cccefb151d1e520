// DELETE /v1/watches/{watch_id}: the watch is gone; no check or delivery of it follows.
import * as z from 'zod';
import { routes } from '../../shared/routes/index.ts';
import { WatchError, watchEndpoint } from '../../shared/watches/http.ts';
import { WatchId } from '../../shared/watches/model.ts';
import { watchStore } from '../../shared/watches/store.ts';

export const handler = watchEndpoint({
  route: routes.watchDelete,
  path: z.object({ watch_id: WatchId }),
  response: z.object({ success: z.literal(true), deleted: z.literal(true), id: WatchId }),
  run: async ({ path, caller }) => {
    if (!(await (await watchStore()).delete(path.watch_id, caller.keyId)))
      throw new WatchError('WATCH_NOT_FOUND', `No watch ${path.watch_id} on this key.`);
    return { success: true as const, deleted: true as const, id: path.watch_id };
  },
});
