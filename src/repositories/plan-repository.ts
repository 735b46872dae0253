import { planFromRow, planToRow, type Plan, type PlanLimits } from '../services/accounts/plan.js';
import { affected, type DatabaseHandle } from './database-handle.js';

/** The `plans` table: what each plan allows. */
export class PlanRepository {
  constructor(private readonly db: DatabaseHandle) {}

  /** Cheapest first, then by name. */
  async list(): Promise<Plan[]> {
    const rows = await this.db.selectFrom('plans').selectAll().orderBy('plan_credits').orderBy('name').execute();
    return rows.map(planFromRow);
  }

  async get(name: string): Promise<Plan | null> {
    const row = await this.db.selectFrom('plans').selectAll().where('name', '=', name).executeTakeFirst();
    return row ? planFromRow(row) : null;
  }

  async exists(name: string): Promise<boolean> {
    const row = await this.db.selectFrom('plans').select('name').where('name', '=', name).executeTakeFirst();
    return row !== undefined;
  }

  /** False when there is no such plan. Nothing to change counts as a change of an existing plan. */
  async update(name: string, changes: Partial<PlanLimits>): Promise<boolean> {
    const row = planToRow(changes);
    if (Object.keys(row).length === 0) return this.exists(name);
    const result = await this.db.updateTable('plans').set(row).where('name', '=', name).executeTakeFirst();
    return affected(result) > 0;
  }

  /** False when a plan of that name exists already (it is left as it was). */
  async insert(plan: Plan): Promise<boolean> {
    const result = await this.db
      .insertInto('plans')
      .values({ name: plan.name, ...(planToRow(plan) as Required<ReturnType<typeof planToRow>>) })
      .onConflict((oc) => oc.column('name').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }
}

export function planRepository(source: PlanRepository | DatabaseHandle): PlanRepository {
  return source instanceof PlanRepository ? source : new PlanRepository(source);
}
