import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.js';
import { invalidValue, planExists, planNotFound } from './errors.js';
import { planFromRow, planToRow, type Plan, type PlanLimits } from './plan.js';

const PLAN_NAME = /^[a-z0-9][a-z0-9_-]{0,31}$/;

/** Reading and editing plans (operators, through the CLI). */
export class PlanService {
  constructor(private readonly db: Kysely<Database>) {}

  async list(): Promise<Plan[]> {
    const rows = await this.db.selectFrom('plans').selectAll().orderBy('plan_credits').orderBy('name').execute();
    return rows.map(planFromRow);
  }

  async get(name: string): Promise<Plan | null> {
    const row = await this.db.selectFrom('plans').selectAll().where('name', '=', name).executeTakeFirst();
    return row ? planFromRow(row) : null;
  }

  async require(name: string): Promise<Plan> {
    const plan = await this.get(name);
    if (!plan) throw planNotFound(name);
    return plan;
  }

  /** Changes some limits of a plan; every account on it follows at once. */
  async update(name: string, changes: Partial<PlanLimits>): Promise<Plan> {
    checkLimits(changes);
    const row = planToRow(changes);
    if (Object.keys(row).length > 0) {
      const result = await this.db.updateTable('plans').set(row).where('name', '=', name).executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw planNotFound(name);
    }
    return this.require(name);
  }

  /** Adds a plan beside the seeded four. */
  async create(plan: Plan): Promise<Plan> {
    if (!PLAN_NAME.test(plan.name)) throw invalidValue(`plan name must match ${PLAN_NAME}`);
    checkLimits(plan);
    const result = await this.db
      .insertInto('plans')
      .values({ name: plan.name, ...(planToRow(plan) as Required<ReturnType<typeof planToRow>>) })
      .onConflict((oc) => oc.column('name').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) throw planExists(plan.name);
    return this.require(plan.name);
  }
}

function checkLimits(limits: Partial<PlanLimits>): void {
  for (const [key, value] of Object.entries(limits)) {
    if (key === 'name') continue;
    if (typeof value === 'boolean') continue;
    if (!Number.isSafeInteger(value) || (value as number) < 0) throw invalidValue(`${key} must be a whole number ≥ 0`);
  }
}
