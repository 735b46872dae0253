import type { NewPlan, Plan, PlanLimits } from '../services/accounts/plan.js';
import type { PlanRow } from '../store/schema.js';
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
  async insert(plan: NewPlan): Promise<boolean> {
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

export function planFromRow(row: PlanRow): Plan {
  return {
    name: row.name,
    concurrencyLimit: row.concurrency_limit,
    customVoiceSlot: row.custom_voice_slot,
    professionalVoiceSlot: row.professional_voice_slot,
    planCredits: row.plan_credits,
    cloneAllowed: row.clone_allowed === 1,
    prosodyMetaAllowed: row.prosody_meta_allowed === 1,
    speakRatePerMinute: row.speak_rate_per_minute,
    maxConcurrentClones: row.max_concurrent_clones,
    professionalCloneGenerations: row.professional_clone_generations,
    uploadSlotsOpen: Number(row.upload_slots_open),
    uploadBytes: Number(row.upload_bytes),
    uploadSlotsPerHour: Number(row.upload_slots_per_hour),
    creditPeriod: row.credit_period ?? 'P1M',
  };
}

export function planToRow(limits: Partial<PlanLimits>): Partial<Omit<PlanRow, 'name'>> {
  const row: Partial<Omit<PlanRow, 'name'>> = {};
  if (limits.concurrencyLimit !== undefined) row.concurrency_limit = limits.concurrencyLimit;
  if (limits.customVoiceSlot !== undefined) row.custom_voice_slot = limits.customVoiceSlot;
  if (limits.professionalVoiceSlot !== undefined) row.professional_voice_slot = limits.professionalVoiceSlot;
  if (limits.planCredits !== undefined) row.plan_credits = limits.planCredits;
  if (limits.cloneAllowed !== undefined) row.clone_allowed = limits.cloneAllowed ? 1 : 0;
  if (limits.prosodyMetaAllowed !== undefined) row.prosody_meta_allowed = limits.prosodyMetaAllowed ? 1 : 0;
  if (limits.speakRatePerMinute !== undefined) row.speak_rate_per_minute = limits.speakRatePerMinute;
  if (limits.maxConcurrentClones !== undefined) row.max_concurrent_clones = limits.maxConcurrentClones;
  if (limits.professionalCloneGenerations !== undefined) row.professional_clone_generations = limits.professionalCloneGenerations;
  if (limits.uploadSlotsOpen !== undefined) row.upload_slots_open = limits.uploadSlotsOpen;
  if (limits.uploadBytes !== undefined) row.upload_bytes = limits.uploadBytes;
  if (limits.uploadSlotsPerHour !== undefined) row.upload_slots_per_hour = limits.uploadSlotsPerHour;
  if (limits.creditPeriod !== undefined) row.credit_period = limits.creditPeriod;
  return row;
}
