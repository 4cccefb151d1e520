// GET /account/session: whether this browser is signed in, its account, and the CSRF token its next
// state-changing request must carry. Signed out, the token is the pre-session cookie's (set here when absent).
import { accountEndpoint, newCsrfToken } from '../../shared/accounts/http.ts';
import { SessionAnswer } from '../../shared/accounts/model.ts';
import { SESSION_MS } from '../../shared/accounts/service.ts';
import { accountView } from '../../shared/accounts/usage.ts';
import { routes } from '../../shared/routes/index.ts';

export const handler = accountEndpoint({
  route: routes.accountSession,
  session: 'optional',
  response: SessionAnswer,
  run: ({ signedIn }, ctx) => {
    if (signedIn)
      return { signed_in: true, csrf_token: signedIn.session.csrf, account: accountView(signedIn.account) };
    let token = ctx.preSessionToken;
    if (!token) {
      token = newCsrfToken();
      ctx.setCookie('csrf', token, SESSION_MS / 1000);
    }
    return { signed_in: false, csrf_token: token };
  },
});
