// POST /account/signin: email and password → the HttpOnly session cookie and the session's CSRF token.
// Throttled per account and per client address; a wrong email and a wrong password answer alike.
import { accountEndpoint } from '../../shared/accounts/http.ts';
import { services } from '../../shared/accounts/index.ts';
import { Credentials, SessionAnswer } from '../../shared/accounts/model.ts';
import { accountView, SESSION_MS, signIn } from '../../shared/accounts/service.ts';
import { routes } from '../../shared/routes/index.ts';

export const handler = accountEndpoint({
  route: routes.accountSignIn,
  session: 'none',
  body: Credentials,
  response: SessionAnswer,
  run: async ({ body }, ctx) => {
    const { token, csrf, account } = await signIn(await services(), body, ctx.address);
    ctx.setCookie('sid', token, SESSION_MS / 1000);
    return { signed_in: true, csrf_token: csrf, account: accountView(account) };
  },
});
