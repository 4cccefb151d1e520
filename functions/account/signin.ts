// POST /account/signin: email and password → the HttpOnly session cookie and the session's CSRF token.
// A browser that signed in before (its device cookie) is limited by its own failures only; any other is
// throttled per account and per client address. A wrong email and a wrong password answer alike.
import { accountEndpoint } from '../../shared/accounts/http.ts';
import { services } from '../../shared/accounts/index.ts';
import { Credentials, SessionAnswer } from '../../shared/accounts/model.ts';
import { signIn } from '../../shared/accounts/credentials.ts';
import { DEVICE_MS, SESSION_MS } from '../../shared/accounts/service.ts';
import { accountView } from '../../shared/accounts/usage.ts';
import { routes } from '../../shared/routes/index.ts';

export const handler = accountEndpoint({
  route: routes.accountSignIn,
  session: 'none',
  body: Credentials,
  response: SessionAnswer,
  run: async ({ body }, ctx) => {
    const sent = ctx.cookie('device');
    const { token, csrf, account, device } = await signIn(await services(), body, ctx.address, sent);
    ctx.setCookie('sid', token, SESSION_MS / 1000);
    if (device !== sent) ctx.setCookie('device', device, DEVICE_MS / 1000);
    return { signed_in: true, csrf_token: csrf, account: accountView(account) };
  },
});
