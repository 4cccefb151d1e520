// GET /account/watches: the dashboard's list of the account's watches, over all its keys.
import * as z from 'zod';
import { accountEndpoint } from '../../shared/accounts/http.ts';
import { routes } from '../../shared/routes/index.ts';
import { viewOf, WatchView } from '../../shared/watches/model.ts';
import { watchStore } from '../../shared/watches/store.ts';

export const AccountWatches = z.object({
  watches: z.array(WatchView.extend({ key_name: z.string(), key_prefix: z.string() })),
});

export const handler = accountEndpoint({
  route: routes.accountWatches,
  session: 'required',
  response: AccountWatches,
  run: async ({ signedIn }) => {
    const store = await watchStore();
    const lists = await Promise.all(
      signedIn!.account.keys.map(async (key) =>
        (await store.listByKey(key.keyId)).map((w) => ({
          ...viewOf(w),
          key_name: key.name,
          key_prefix: key.prefix,
        })),
      ),
    );
    return { watches: lists.flat().sort((a, b) => b.created_at.localeCompare(a.created_at)) };
  },
});
