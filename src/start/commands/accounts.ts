import type { Account } from '../../services/accounts/account.js';
import type { Command } from './command.js';
import { parseCommandArgs } from './command.js';
import { UsageError } from './usage-error.js';
import { printJson, withServices } from './with-services.js';

const help = `usage: orator accounts <create|list|show|set-plan|reset-usage|disable|enable|delete|keys|audit|webhook-secret> [options]

  accounts create --plan free|lite|plus|custom [--email E] [--name N] [--json]
      makes an account; prints its uid, API key and API token once
  accounts list [--json]
      lists the accounts
  accounts show UID [--json]
      one account: its plan, usage this period, the period and its next renewal, whether it is disabled
  accounts set-plan UID PLAN [--json]
      moves the account to another plan
  accounts reset-usage UID [--json]
      sets the credits and professional trainings used back to zero
  accounts disable UID [--json]
      refuses the account's key and token on every interface (nothing is deleted)
  accounts enable UID [--json]
      lets a disabled account in again
  accounts keys list UID [--json]
      the account's API keys: id, created, expires, revoked
  accounts keys add UID [--json]
      a further API key (shown once); the others keep working
  accounts keys rotate UID KEY_ID --grace SECONDS [--json]
      a new key (shown once); KEY_ID keeps working for SECONDS, then is refused
  accounts keys revoke UID KEY_ID [--json]
      refuses KEY_ID at once
  accounts delete UID [--json]
      deletes the account and everything it owns: custom voices, uploads, speaks, audio, webhook
      deliveries, queued jobs, keys, cached answers (the audit log is kept)
  accounts audit [UID] [--limit N] [--cursor C] [--json]
      changes made to one account (or to all), newest first, N at a time (default 100, at most
      1000); when older ones remain, the last line says the --cursor of the next page
  accounts webhook-secret UID [--rotate] [--json]
      shows (or, with --rotate, replaces) the secret that signs the account's webhooks`;

export const accountsCommand: Command = {
  name: 'accounts',
  summary: 'make, show, change, disable, delete and audit accounts; show or rotate their webhook secret',
  help,
  async run(argv, config) {
    const [sub, ...rest] = argv;
    const self = { name: `accounts ${sub ?? ''}`.trim(), help };
    if (sub?.startsWith('-')) parseCommandArgs({ name: 'accounts', help }, argv, {});
    switch (sub) {
      case 'create': {
        const { values } = parseCommandArgs(self, rest, { plan: { type: 'string' }, email: { type: 'string' }, name: { type: 'string' }, json: { type: 'boolean' } });
        if (!values.plan) throw new UsageError('accounts create needs --plan free|lite|plus|custom', help);
        const plan = values.plan;
        return withServices(config, async ({ accounts }) => {
          const created = await accounts.createAccount({ plan, email: values.email ?? null, name: values.name });
          const out = { uid: created.account.uid, api_key: created.apiKey, api_token: created.apiToken, plan: created.account.plan, email: created.account.email };
          if (values.json) return printJson(out);
          console.log(`account ${out.uid} (plan ${out.plan})`);
          console.log(`X-API-KEY:             ${out.api_key}`);
          console.log(`Authorization: Bearer  ${out.api_token}`);
          console.log('The API key is shown only now; keep it.');
        });
      }
      case 'list': {
        const { values } = parseCommandArgs(self, rest, { json: { type: 'boolean' } });
        return withServices(config, async ({ accounts }) => {
          const all = await accounts.list();
          if (values.json) return printJson(all);
          for (const a of all) console.log(`${a.uid}  ${a.plan.padEnd(6)}  ${a.usedCredits} credits used  ${a.email ?? a.username}`);
        });
      }
      case 'show': {
        const { values, positionals } = parseCommandArgs(self, rest, { json: { type: 'boolean' } }, 1);
        const uid = needUid(positionals[0], 'show');
        return withServices(config, async ({ accounts }) => {
          const view = await accounts.overview(uid);
          if (values.json) return printJson(view);
          const { account: a, usage: u } = view;
          console.log(`account   ${a.uid}${a.disabledAt !== null ? `  DISABLED since ${new Date(a.disabledAt).toISOString()}` : ''}`);
          console.log(`username  ${a.username}${a.email ? ` <${a.email}>` : ''}`);
          console.log(`plan      ${a.plan}`);
          console.log(`credits   ${u.usedCredits} used of ${u.planCredits} (${u.remainingCredits} left)`);
          const p = view.period;
          console.log(`period    ${p.length} from ${new Date(p.start).toISOString()}, credits renew ${new Date(p.nextRenewalAt).toISOString()}`);
          console.log(`trainings ${u.usedProfessionalGenerations} used of ${u.professionalGenerations} professional clone trainings`);
          console.log(`bearer    ${a.enableApi ? 'enabled' : 'disabled'} (earlier interface)`);
          console.log(`created   ${new Date(a.createdAt).toISOString()}`);
        });
      }
      case 'set-plan': {
        const { values, positionals } = parseCommandArgs(self, rest, { json: { type: 'boolean' } }, 2);
        const uid = needUid(positionals[0], 'set-plan');
        const plan = positionals[1];
        if (!plan) throw new UsageError('accounts set-plan needs the account uid and a plan name', help);
        return withServices(config, async ({ accounts }) => report(values.json, await accounts.setPlan(uid, plan, 'cli'), `account ${uid} is now on plan ${plan}`));
      }
      case 'reset-usage': {
        const { values, positionals } = parseCommandArgs(self, rest, { json: { type: 'boolean' } }, 1);
        const uid = needUid(positionals[0], 'reset-usage');
        return withServices(config, async ({ accounts }) => report(values.json, await accounts.resetUsage(uid, 'cli'), `account ${uid}: usage reset to zero`));
      }
      case 'disable':
      case 'enable': {
        const { values, positionals } = parseCommandArgs(self, rest, { json: { type: 'boolean' } }, 1);
        const uid = needUid(positionals[0], sub);
        return withServices(config, async ({ accounts }) => {
          const account = sub === 'disable' ? await accounts.disable(uid, 'cli') : await accounts.enable(uid, 'cli');
          report(values.json, account, `account ${uid} is ${sub}d`);
        });
      }
      case 'delete': {
        const { values, positionals } = parseCommandArgs(self, rest, { json: { type: 'boolean' } }, 1);
        const uid = needUid(positionals[0], 'delete');
        return withServices(config, async ({ accountDeletion }) => {
          const deleted = await accountDeletion.delete(uid, 'cli');
          if (values.json) return printJson(deleted);
          const rows = Object.entries(deleted.rows).filter(([, n]) => n > 0).map(([table, n]) => `${n} ${table}`).join(', ');
          console.log(`account ${uid} is deleted: ${rows}; ${deleted.jobs} queued jobs, ${deleted.blobs} stored files`);
        });
      }
      case 'keys': {
        const [action, ...more] = rest;
        const keysSelf = { name: `accounts keys ${action ?? ''}`.trim(), help };
        const { values, positionals } = parseCommandArgs(keysSelf, more, { json: { type: 'boolean' }, grace: { type: 'string' } }, 2);
        const uid = needUid(positionals[0], `keys ${action ?? ''}`.trim());
        const keyId = positionals[1];
        if ((action === 'rotate' || action === 'revoke') && !keyId) throw new UsageError(`accounts keys ${action} needs the account uid and a key id`, help);
        if (action !== 'rotate' && values.grace !== undefined) throw new UsageError(`accounts keys ${action}: --grace goes with rotate only`, help);
        if ((action === 'list' || action === 'add') && keyId) throw new UsageError(`accounts keys ${action}: unexpected argument "${keyId}"`, help);
        switch (action) {
          case 'list':
            return withServices(config, async ({ accounts }) => {
              const keys = await accounts.listKeys(uid);
              if (values.json) return printJson(keys);
              const at = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString());
              for (const k of keys) console.log(`${k.id}  created ${at(k.createdAt)}  expires ${at(k.expiresAt)}  revoked ${at(k.revokedAt)}`);
            });
          case 'add':
            return withServices(config, async ({ accounts }) => {
              const added = await accounts.addKey(uid, 'cli');
              if (values.json) return printJson({ uid, key_id: added.id, api_key: added.apiKey });
              console.log(`key ${added.id}  X-API-KEY: ${added.apiKey}`);
              console.log('The API key is shown only now; keep it.');
            });
          case 'rotate': {
            if (values.grace === undefined || !/^\d+$/.test(values.grace)) throw new UsageError('accounts keys rotate needs --grace SECONDS (a whole number, 0 for none)', help);
            const grace = Number(values.grace);
            return withServices(config, async ({ accounts }) => {
              const rotated = await accounts.rotateKey(uid, keyId!, grace, 'cli');
              if (values.json) return printJson({ uid, key_id: rotated.id, api_key: rotated.apiKey, old_key_id: keyId, old_key_expires_at: rotated.oldKeyExpiresAt });
              console.log(`key ${rotated.id}  X-API-KEY: ${rotated.apiKey}`);
              console.log(`key ${keyId} is refused from ${new Date(rotated.oldKeyExpiresAt).toISOString()}. The new key is shown only now; keep it.`);
            });
          }
          case 'revoke':
            return withServices(config, async ({ accounts }) => {
              await accounts.revokeKey(uid, keyId!, 'cli');
              if (values.json) return printJson({ uid, key_id: keyId, revoked: true });
              console.log(`key ${keyId} of account ${uid} is revoked`);
            });
          default:
            throw new UsageError(action ? `unknown accounts keys command "${action}"` : 'accounts keys needs list, add, rotate or revoke', help);
        }
      }
      case 'audit': {
        const { values, positionals } = parseCommandArgs(self, rest, { json: { type: 'boolean' }, limit: { type: 'string' }, cursor: { type: 'string' } }, 1);
        const uid = positionals[0];
        if (values.limit !== undefined && !/^\d{1,4}$/.test(values.limit)) throw new UsageError('accounts audit: --limit takes a whole number from 1 to 1000', help);
        const limit = values.limit === undefined ? undefined : Number(values.limit);
        return withServices(config, async ({ accounts }) => {
          const page = await accounts.auditPage({ uid, limit, cursor: values.cursor });
          if (values.json) return printJson({ entries: page.entries, next_cursor: page.nextCursor });
          for (const e of page.entries) console.log(`${new Date(e.at).toISOString()}  ${e.uid}  ${e.actor.padEnd(9)}  ${e.action.padEnd(16)}  ${JSON.stringify(e.details)}`);
          if (page.nextCursor) console.log(`next page: --cursor ${page.nextCursor}`);
        });
      }
      case 'webhook-secret': {
        const { values, positionals } = parseCommandArgs(self, rest, { rotate: { type: 'boolean' }, json: { type: 'boolean' } }, 1);
        const uid = positionals[0];
        if (!uid) throw new UsageError('accounts webhook-secret needs the account uid', help);
        return withServices(config, async ({ accounts }) => {
          const secret = values.rotate ? await accounts.rotateWebhookSecret(uid) : await accounts.getWebhookSecret(uid);
          if (values.json) printJson({ uid, webhook_secret: secret, rotated: values.rotate ?? false });
          else console.log(secret);
        });
      }
      default:
        throw new UsageError(sub ? `unknown accounts command "${sub}"` : 'accounts needs a command', help);
    }
  },
};

function needUid(uid: string | undefined, sub: string): string {
  if (!uid) throw new UsageError(`accounts ${sub} needs the account uid`, help);
  return uid;
}

function report(json: boolean | undefined, account: Account, line: string): void {
  if (json) printJson(account);
  else console.log(line);
}
