import { planRepository, type DatabaseHandle, type PlanRepository } from '../../repositories/index.js';
import { invalidValue, planExists, planNotFound } from './errors.js';
import { parseCreditPeriod } from './credit-period.js';
import type { NewPlan, Plan, PlanLimits } from './plan.js';

const PLAN_NAME = /^[a-z0-9][a-z0-9_-]{0,31}$/;

/** Reading and editing plans (operators, through the CLI). */
export class PlanService {
  private readonly plans: PlanRepository;

  /** The plans repository (a database handle is still accepted and wrapped in one). */
  constructor(repository: PlanRepository | DatabaseHandle) {
    this.plans = planRepository(repository);
  }

  list(): Promise<Plan[]> {
    return this.plans.list();
  }

  get(name: string): Promise<Plan | null> {
    return this.plans.get(name);
  }

  async require(name: string): Promise<Plan> {
    const plan = await this.get(name);
    if (!plan) throw planNotFound(name);
    return plan;
  }

  /** Changes some limits of a plan; every account on it follows at once. */
  async update(name: string, changes: Partial<PlanLimits>): Promise<Plan> {
    checkLimits(changes);
    if (!(await this.plans.update(name, changes))) throw planNotFound(name);
    return this.require(name);
  }

  /** Adds a plan beside the seeded four. */
  async create(plan: NewPlan): Promise<Plan> {
    if (!PLAN_NAME.test(plan.name)) throw invalidValue(`plan name must match ${PLAN_NAME}`);
    checkLimits(plan);
    if (!(await this.plans.insert(plan))) throw planExists(plan.name);
    return this.require(plan.name);
  }
}

function checkLimits(limits: Partial<PlanLimits>): void {
  for (const [key, value] of Object.entries(limits)) {
    if (key === 'name') continue;
    if (key === 'creditPeriod') {
      parseCreditPeriod(String(value));
      continue;
    }
    if (typeof value === 'boolean') continue;
    if (!Number.isSafeInteger(value) || (value as number) < 0) throw invalidValue(`${key} must be a whole number ≥ 0`);
  }
}
