import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { registerAccountAction } from './account-action.js';

/** `POST /admin/v1/accounts/{uid}/enable`: lets a disabled account in again. */
export function registerEnableAccount(admin: FastifyInstance, services: Services): void {
  registerAccountAction(admin, services, 'enable', 'Enable a disabled account', (uid) => services.accounts.enable(uid, 'admin-api'));
}
