// POST /account/watches/{watch_id}/delete: the dashboard deletes one of the account's watches.
import * as z from 'zod';
import { accountEndpoint } from '../../shared/accounts/http.ts';
import { routes, routeError } from '../../shared/routes/index.ts';
import { WatchId } from '../../shared/watches/model.ts';
import { watchStore } from '../../shared/watches/store.ts';

export const handler = accountEndpoint({
  route: routes.accountWatchDelete,
  session: 'required',
  path: z.object({ watch_id: WatchId }),
  response: z.object({ deleted: z.literal(true), id: WatchId }),
  run: async ({ path, signedIn }) => {
    const store = await watchStore();
    const watch = await store.get(path.watch_id);
    const owner = signedIn!.account.keys.some((k) => k.keyId === watch?.keyId);
    if (!watch || !owner || !(await store.delete(watch.id, watch.keyId)))
      throw routeError(
        routes.accountWatchDelete,
        'WATCH_NOT_FOUND',
        `No watch ${path.watch_id} on this account.`,
      );
    return { deleted: true as const, id: path.watch_id };
  },
});
