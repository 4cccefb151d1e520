// GET /v1/watches: the key's watches, newest first, with their status, next check and last result.
import * as z from 'zod';
import { routes } from '../../shared/routes/index.ts';
import { watchEndpoint } from '../../shared/watches/http.ts';
import { viewOf, WatchView } from '../../shared/watches/model.ts';
import { watchStore } from '../../shared/watches/store.ts';

export const WatchList = z.object({ success: z.literal(true), watches: z.array(WatchView) });

export const handler = watchEndpoint({
  route: routes.watchList,
  response: WatchList,
  run: async ({ caller }) => ({
    success: true as const,
    watches: (await (await watchStore()).listByKey(caller.keyId)).map(viewOf),
  }),
});
