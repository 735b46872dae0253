import type { Plan, PlanLimits } from '../../services/accounts/plan.js';
import { parseCommandArgs, type Command } from './command.js';
import { UsageError } from './usage-error.js';
import { printJson, withServices } from './with-services.js';

/** Plan settings by the names operators type (the column names). */
const fields: Record<string, { key: keyof PlanLimits; kind: 'int' | 'bool' | 'period' }> = {
  concurrency_limit: { key: 'concurrencyLimit', kind: 'int' },
  custom_voice_slot: { key: 'customVoiceSlot', kind: 'int' },
  professional_voice_slot: { key: 'professionalVoiceSlot', kind: 'int' },
  plan_credits: { key: 'planCredits', kind: 'int' },
  clone_allowed: { key: 'cloneAllowed', kind: 'bool' },
  prosody_meta_allowed: { key: 'prosodyMetaAllowed', kind: 'bool' },
  speak_rate_per_minute: { key: 'speakRatePerMinute', kind: 'int' },
  max_concurrent_clones: { key: 'maxConcurrentClones', kind: 'int' },
  professional_clone_generations: { key: 'professionalCloneGenerations', kind: 'int' },
  upload_slots_open: { key: 'uploadSlotsOpen', kind: 'int' },
  upload_bytes: { key: 'uploadBytes', kind: 'int' },
  upload_slots_per_hour: { key: 'uploadSlotsPerHour', kind: 'int' },
  credit_period: { key: 'creditPeriod', kind: 'period' },
};

function parseValue(field: string, raw: string): number | boolean | string {
  const spec = fields[field];
  if (!spec) throw new UsageError(`unknown plan field "${field}"; one of ${Object.keys(fields).join(', ')}`);
  if (spec.kind === 'bool') {
    if (raw !== 'true' && raw !== 'false') throw new UsageError(`${field} takes true or false`);
    return raw === 'true';
  }
  if (spec.kind === 'period') {
    if (!/^P[1-9]\d{0,3}[DWMY]$/.test(raw)) throw new UsageError(`${field} takes an ISO 8601 duration of one unit: P1M (monthly), P3M, P1Y, P1W, P30D`);
    return raw;
  }
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0) throw new UsageError(`${field} takes a whole number ≥ 0`);
  return n;
}

function printTable(plans: Plan[]): void {
  const names = Object.keys(fields);
  console.log(['plan'.padEnd(8), ...names.map((n) => n.padStart(Math.max(n.length, 8)))].join(' '));
  for (const plan of plans) {
    const cells = names.map((n) => String(plan[fields[n].key]).padStart(Math.max(n.length, 8)));
    console.log([plan.name.padEnd(8), ...cells].join(' '));
  }
}

const help = `usage: orator plans [--json]
       orator plans set PLAN FIELD VALUE [--json]

  plans                     shows the plans and their settings
  plans set PLAN FIELD VALUE
                            changes one setting, e.g. plans set free concurrency_limit 3,
                            plans set plus credit_period P1Y (credits renew yearly from
                            each account's start date; P1M monthly is the default)
                            FIELD: ${Object.keys(fields).join(', ')}`;

export const plansCommand: Command = {
  name: 'plans',
  summary: 'show the plans, or change one plan setting',
  help,
  async run(argv, config) {
    const { values, positionals } = parseCommandArgs({ name: 'plans', help }, argv, { json: { type: 'boolean' } }, 4);
    const json = values.json ?? false;
    if (positionals.length > 0 && (positionals[0] !== 'set' || positionals.length !== 4)) throw new UsageError('plans set PLAN FIELD VALUE', help);
    const change = positionals.length === 4 ? { name: positionals[1], field: positionals[2], value: parseValue(positionals[2], positionals[3]) } : null;
    await withServices(config, async ({ plans }) => {
      if (!change) {
        const all = await plans.list();
        return json ? printJson(all) : printTable(all);
      }
      const updated = await plans.update(change.name, { [fields[change.field].key]: change.value });
      return json ? printJson(updated) : printTable([updated]);
    });
  },
};
