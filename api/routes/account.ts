/** The mother's LGPD rights (docs/api.md "Account"): her data's copy and her account's deletion. */
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { accountExportAnswer } from '../../src/shared/responses.ts';
import { deleteAccountSchema } from '../../src/shared/validation.ts';
import { ApiError } from '../errors.ts';
import { auditContext, clearSessionCookie, services } from '../http/context.ts';
import { signedIn } from '../http/handler.ts';
import { limitPasswordCheck, passwordCheckFailed } from '../http/limits.ts';
import { answers, NO_BODY } from '../http/openapi.ts';
import { jsonBody } from '../http/validate.ts';
import { deleteAccount, exportAccount, passwordMatches } from '../services/account.ts';

export function accountRoutes() {
  return signedIn()
    .get('/export', answers('A copy of all her data (LGPD)', { 200: accountExportAnswer }), async (c) => {
      const { db, clock } = services(c);
      const now = clock.now();
      const data = await exportAccount(db, c.get('user').id, now, auditContext(c));
      c.header(
        'Content-Disposition',
        `attachment; filename="olhar-de-mae-meus-dados-${now.toISOString().slice(0, 10)}.json"`,
      );
      c.header('Cache-Control', 'no-store');
      return c.json(data);
    })
    .post('/delete', answers('Delete her account', { 204: NO_BODY }), jsonBody(deleteAccountSchema), async (c) => {
      const { password } = c.req.valid('json');
      const { db } = services(c);
      const user = c.get('user');
      await limitPasswordCheck(c, 'account_delete', user.email);
      if (!(await passwordMatches(db, user.id, password))) {
        await passwordCheckFailed(c, 'account_delete', user.email);
        throw new ApiError('validation_failed', undefined, { fields: { password: MESSAGES.wrongPassword } });
      }
      // Not even the deletion's own address is kept (issue 40): it would be hers.
      await deleteAccount(services(c), user.id);
      clearSessionCookie(c);
      return c.body(null, 204);
    });
}
