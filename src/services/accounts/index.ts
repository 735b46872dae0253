export { AccountService, type NewAccount, type CreatedAccount, type AccountServiceOptions, type AccountOverview, type CurrentPeriod, type SignedIn, type AuditPage } from './account-service.js';
export { PlanService } from './plan-service.js';
export type { Account } from './account.js';
export type { Plan, PlanLimits, NewPlan } from './plan.js';
export { AccountServiceError } from './errors.js';
