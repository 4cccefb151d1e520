// GET /account/activity: the dashboard chart's data: requests per UTC day for the last 30 days, per key
// and per endpoint, and each key's quota today.
import { accountEndpoint } from '../../shared/accounts/http.ts';
import { Activity } from '../../shared/accounts/model.ts';
import { activity } from '../../shared/accounts/usage.ts';
import { routes } from '../../shared/routes/index.ts';
import { stores } from '../../shared/store/index.ts';

export const handler = accountEndpoint({
  route: routes.accountActivity,
  session: 'required',
  response: Activity,
  run: async ({ signedIn }) => activity(signedIn!.account, (await stores()).counters),
});
