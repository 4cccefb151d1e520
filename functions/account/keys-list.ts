// GET /account/keys: the account's keys (live ones, and those revoked within 30 days) with their prefix,
// dates, last use and today's count against the tier's quota. Never a key itself.
import { accountEndpoint } from '../../shared/accounts/http.ts';
import { KeyList } from '../../shared/accounts/model.ts';
import { listKeys } from '../../shared/accounts/usage.ts';
import { routes } from '../../shared/routes/index.ts';
import { stores } from '../../shared/store/index.ts';

export const handler = accountEndpoint({
  route: routes.accountKeys,
  session: 'required',
  response: KeyList,
  run: async ({ signedIn }) => listKeys(signedIn!.account, (await stores()).counters),
});
