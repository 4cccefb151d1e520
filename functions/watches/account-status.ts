// POST /account/watches/{watch_id}/status: the dashboard pauses or resumes one of the account's watches.
import * as z from 'zod';
import { accountEndpoint } from '../../shared/accounts/http.ts';
import { routes, routeError } from '../../shared/routes/index.ts';
import { WatchError } from '../../shared/watches/http.ts';
import { viewOf, WatchId, WatchView } from '../../shared/watches/model.ts';
import { setPaused } from '../../shared/watches/service.ts';
import { watchStore } from '../../shared/watches/store.ts';

export const handler = accountEndpoint({
  route: routes.accountWatchStatus,
  session: 'required',
  path: z.object({ watch_id: WatchId }),
  body: z.object({ status: z.enum(['paused', 'active']) }).strict(),
  response: WatchView,
  run: async ({ path, body, signedIn }) => {
    const keyIds = signedIn!.account.keys.map((k) => k.keyId);
    try {
      return viewOf(
        await setPaused(await watchStore(), keyIds, path.watch_id, body.status === 'paused', Date.now()),
      );
    } catch (error) {
      if (error instanceof WatchError) throw routeError(routes.accountWatchStatus, error.code, error.message);
      throw error;
    }
  },
});
