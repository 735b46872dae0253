import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { registerAccountAction } from './account-action.js';

/** `POST /admin/v1/accounts/{uid}/reset-usage`: credits and professional trainings used back to zero. */
export function registerResetUsage(admin: FastifyInstance, services: Services): void {
  registerAccountAction(admin, services, 'reset-usage', 'Reset the usage of this period to zero', (uid) => services.accounts.resetUsage(uid, 'admin-api'));
}
