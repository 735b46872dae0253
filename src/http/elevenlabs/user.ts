import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { elevenLabsSignInOf } from './authenticate.js';
import { subscriptionOf } from './subscription-shape.js';

/**
 * `GET /v1/user`: the account as ElevenLabs' user: its uid as `user_id` and `workspace_id` (an
 * account is its own workspace), its subscription, when it was made. No key preview is given:
 * keys are stored hashed.
 */
export function registerUser(app: FastifyInstance, services: Services): void {
  app.get('/v1/user', { schema: { hide: true } }, async (request) => {
    const signedIn = elevenLabsSignInOf(request);
    const voices = await services.customVoices.list(signedIn.account.uid);
    const subscription = subscriptionOf(signedIn, services.accounts.periodOf(signedIn.account, signedIn.plan), voices.length);
    const { open_invoices: _open, has_open_invoices: _has, ...rest } = subscription;
    return {
      user_id: signedIn.account.uid,
      workspace_id: signedIn.account.uid,
      subscription: rest,
      is_new_user: false,
      can_use_delayed_payment_methods: false,
      is_onboarding_completed: true,
      is_onboarding_checklist_completed: true,
      is_api_key_hashed: true,
      created_at: Math.floor(signedIn.account.createdAt / 1000),
      seat_type: 'workspace_admin',
    };
  });
}
