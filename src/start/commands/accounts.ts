import type { Command } from './command.js';
import { parseCommandArgs } from './command.js';
import { UsageError } from './usage-error.js';
import { printJson, withServices } from './with-services.js';

const help = `usage: orator accounts <create|list|webhook-secret> [options]

  accounts create --plan free|lite|plus|custom [--email E] [--name N] [--json]
      makes an account; prints its uid, API key and API token once
  accounts list [--json]
      lists the accounts
  accounts webhook-secret UID [--rotate] [--json]
      shows (or, with --rotate, replaces) the secret that signs the account's webhooks`;

export const accountsCommand: Command = {
  name: 'accounts',
  summary: 'make and list accounts, show or rotate their webhook secret',
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
