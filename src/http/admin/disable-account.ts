import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { registerAccountAction } from './account-action.js';

/** `POST /admin/v1/accounts/{uid}/disable`: its key and token refused everywhere, its queued speaks fail; nothing deleted. */
export function registerDisableAccount(admin: FastifyInstance, services: Services): void {
  registerAccountAction(admin, services, 'disable', 'Disable an account (nothing is deleted)', (uid) => services.accounts.disable(uid, 'admin-api'));
}
