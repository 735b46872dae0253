import { Type } from '@sinclair/typebox';

export const Subscription = Type.Object(
  {
    plan: Type.String({ examples: ['free', 'lite', 'plus', 'custom'] }),
    credits: Type.Object({ plan_credits: Type.Integer(), used_credits: Type.Integer() }),
    limits: Type.Object({ concurrency_limit: Type.Integer(), custom_voice_slot: Type.Integer(), professional_voice_slot: Type.Integer() }),
    professional_clone_generations: Type.Object({ plan_generations: Type.Integer(), used_generations: Type.Integer() }),
  },
  { title: 'SubscriptionResponse' },
);
