import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { elevenLabsSignInOf } from './authenticate.js';
import { subscriptionOf } from './subscription-shape.js';

/** `GET /v1/user/subscription`: the account's plan, characters used and its limit (subscription-shape.ts). */
export function registerSubscription(app: FastifyInstance, services: Services): void {
  app.get('/v1/user/subscription', { schema: { hide: true } }, async (request) => {
    const signedIn = elevenLabsSignInOf(request);
    const voices = await services.customVoices.list(signedIn.account.uid);
    return subscriptionOf(signedIn, services.accounts.periodOf(signedIn.account, signedIn.plan), voices.length);
  });
}
