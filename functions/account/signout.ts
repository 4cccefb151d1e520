// POST /account/signout: ends the session (when there is one) and clears its cookie.
import { accountEndpoint } from '../../shared/accounts/http.ts';
import { accountStore } from '../../shared/accounts/index.ts';
import { Message } from '../../shared/accounts/model.ts';
import { routes } from '../../shared/routes/index.ts';

export const handler = accountEndpoint({
  route: routes.accountSignOut,
  session: 'optional',
  response: Message,
  run: async ({ signedIn }, ctx) => {
    if (signedIn) await (await accountStore()).deleteSession(signedIn.tokenHash);
    ctx.setCookie('sid', '', 0);
    return { message: 'Signed out.' };
  },
});
