import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../app/services.js';
import type { CurrentPeriod, SignedIn } from '../../../services/accounts/index.js';
import { SerializedBodies } from '../../serialized-bodies.js';
import { signedInOf } from '../authenticate.js';
import { errorResponses, security } from '../schemas/common.js';
import { Subscription } from '../schemas/subscription.js';
import { billingPeriod } from '../../billing-period.js';

/** `GET /v1/users/me/subscription`: the plan, credit usage and limits of the account. */
export function registerSubscription(app: FastifyInstance, services: Services): void {
  // The body depends only on the sign-in (account, plan) and the billing period: serialized once per
  // pair. A sign-in object stands for one read of the account (a write, such as a debit, makes the
  // next request read it again), so usage is as of now, like the read itself.
  const bodies = new SerializedBodies<SignedIn>();
  const render = ({ account, plan }: SignedIn, period: CurrentPeriod) => ({
    plan: plan.name,
    credits: { plan_credits: plan.planCredits, used_credits: account.usedCredits },
    limits: { concurrency_limit: plan.concurrencyLimit, custom_voice_slot: plan.customVoiceSlot, professional_voice_slot: plan.professionalVoiceSlot },
    professional_clone_generations: { plan_generations: plan.professionalCloneGenerations, used_generations: account.usedProfessionalGenerations },
    period: billingPeriod(period),
  });
  app.get(
    '/v1/users/me/subscription',
    { schema: { summary: 'My subscription', tags: ['account'], security, response: { 200: Subscription, ...errorResponses([401], { noInput: true }) } } },
    // Not async: nothing here waits, and an async handler's promise and microtask turns are a
    // measurable part of this route (bench/light-routes.ts).
    (request, reply) => {
      const signedIn = signedInOf(request);
      const period = services.accounts.periodOf(signedIn.account, signedIn.plan);
      bodies.send(reply, signedIn, (source) => render(source, period), period);
    },
  );
}
