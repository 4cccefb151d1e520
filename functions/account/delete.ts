// POST /account/delete: the password again. Every key of the account stops working (its API Gateway key is
// deleted too), the account and its email are forgotten, and the session ends. With `check_only`: the password
// is checked (401 INVALID_CREDENTIALS when wrong) and nothing is deleted.
import { accountEndpoint } from '../../shared/accounts/http.ts';
import { accountStore, services } from '../../shared/accounts/index.ts';
import { Message, PasswordBody } from '../../shared/accounts/model.ts';
import { deleteAccount } from '../../shared/accounts/keys.ts';
import { routes } from '../../shared/routes/index.ts';
import * as z from 'zod';

/** The password, and `check_only` to check it and delete nothing (the dashboard asks before it confirms). */
const DeleteBody = PasswordBody.extend({ check_only: z.boolean().optional() });

export const handler = accountEndpoint({
  route: routes.accountDelete,
  session: 'required',
  body: DeleteBody,
  response: Message,
  run: async ({ body, signedIn }, ctx) => {
    const message = await deleteAccount(await services(), signedIn!.account, body.password, {
      checkOnly: body.check_only,
    });
    if (body.check_only) return { message };
    await (await accountStore()).deleteSession(signedIn!.tokenHash);
    ctx.setCookie('sid', '', 0);
    return { message };
  },
});
