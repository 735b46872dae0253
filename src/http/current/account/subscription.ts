import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../app/services.js';
import { signedInOf } from '../authenticate.js';
import { errorResponses, security } from '../schemas/common.js';
import { Subscription } from '../schemas/subscription.js';
import { billingPeriod } from '../../billing-period.js';

/** `GET /v1/users/me/subscription`: the plan, credit usage and limits of the account. */
export function registerSubscription(app: FastifyInstance, services: Services): void {
  app.get(
    '/v1/users/me/subscription',
    { schema: { summary: 'My subscription', tags: ['account'], security, response: { 200: Subscription, ...errorResponses([401], { noInput: true }) } } },
    async (request) => {
      // Read with the key in this request's one query (never from a cache): usage is as of now.
      const { account, plan } = signedInOf(request);
      return {
        plan: plan.name,
        credits: { plan_credits: plan.planCredits, used_credits: account.usedCredits },
        limits: { concurrency_limit: plan.concurrencyLimit, custom_voice_slot: plan.customVoiceSlot, professional_voice_slot: plan.professionalVoiceSlot },
        professional_clone_generations: { plan_generations: plan.professionalCloneGenerations, used_generations: account.usedProfessionalGenerations },
        period: billingPeriod(services.accounts.periodOf(account, plan)),
      };
    },
  );
}
