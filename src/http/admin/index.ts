import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { registerAddKey } from './add-key.js';
import { AdminSignInThrottle } from '../../services/accounts/admin-sign-in-throttle.js';
import { adminTokenAuthentication } from './authenticate.js';
import { registerCreateAccount } from './create-account.js';
import { registerDeleteAccount } from './delete-account.js';
import { registerDisableAccount } from './disable-account.js';
import { registerEnableAccount } from './enable-account.js';
import { registerGetAccount } from './get-account.js';
import { registerListAccounts } from './list-accounts.js';
import { registerListAudit } from './list-audit.js';
import { registerListKeys } from './list-keys.js';
import { renderAdminError, renderAdminNotFound } from './render-error.js';
import { registerResetUsage } from './reset-usage.js';
import { registerRevokeKey } from './revoke-key.js';
import { registerRotateKey } from './rotate-key.js';
import { registerSetPlan } from './set-plan.js';
import { adminValidatorCompiler } from './validation.js';

/**
 * The admin API (`/admin/v1`, `Authorization: Bearer <ADMIN_TOKEN>`): what `orator accounts`
 * does, over HTTP, through the same AccountService methods, audited as `admin-api`. It exists
 * only when ADMIN_TOKEN is set; otherwise its paths are 404 like any unknown path. Errors are
 * `{detail, code}`, bounded in size. Failed authentications are throttled per address
 * (AdminSignInThrottle). Registered in the OpenAPI scope, so /openapi.json documents it.
 */
export async function registerAdminInterface(scope: FastifyInstance, services: Services): Promise<void> {
  const token = services.config.adminToken;
  if (!token) return;
  const throttle = new AdminSignInThrottle(services.limiters.rate, { failures: services.config.adminAuthFailures, windowMs: services.config.adminAuthWindowMs });
  await scope.register(
    async (admin) => {
      admin.setValidatorCompiler(adminValidatorCompiler);
      admin.setErrorHandler(renderAdminError);
      admin.setNotFoundHandler(renderAdminNotFound);
      admin.addHook('onRequest', adminTokenAuthentication(token, throttle));
      registerListAccounts(admin, services);
      registerCreateAccount(admin, services);
      registerGetAccount(admin, services);
      registerSetPlan(admin, services);
      registerResetUsage(admin, services);
      registerDisableAccount(admin, services);
      registerEnableAccount(admin, services);
      registerDeleteAccount(admin, services);
      registerListKeys(admin, services);
      registerAddKey(admin, services);
      registerRotateKey(admin, services);
      registerRevokeKey(admin, services);
      registerListAudit(admin, services);
    },
    { prefix: '/admin/v1' },
  );
}
