// POST /account/delete: the password again. Every key of the account stops working (its API Gateway key is
// deleted too), the account and its email are forgotten, and the session ends.
import { accountEndpoint } from '../../shared/accounts/http.ts';
import { accountStore, services } from '../../shared/accounts/index.ts';
import { Message, PasswordBody } from '../../shared/accounts/model.ts';
import { deleteAccount } from '../../shared/accounts/service.ts';
import { routes } from '../../shared/routes/index.ts';

export const handler = accountEndpoint({
  route: routes.accountDelete,
  session: 'required',
  body: PasswordBody,
  response: Message,
  run: async ({ body, signedIn }, ctx) => {
    const message = await deleteAccount(await services(), signedIn!.account, body.password);
    await (await accountStore()).deleteSession(signedIn!.tokenHash);
    ctx.setCookie('sid', '', 0);
    return { message };
  },
});
