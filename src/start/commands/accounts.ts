import { parseArgs } from 'node:util';
import type { Config } from '../../config/config.js';
import { UsageError } from './usage-error.js';
import { printJson, withServices } from './with-services.js';

export async function accountsCommand(config: Config, argv: string[]): Promise<void> {
  const [sub, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      plan: { type: 'string' },
      email: { type: 'string' },
      name: { type: 'string' },
      json: { type: 'boolean', default: false },
      rotate: { type: 'boolean', default: false },
    },
  });
  await withServices(config, async ({ accounts }) => {
    switch (sub) {
      case 'create': {
        if (!values.plan) throw new UsageError('accounts create needs --plan free|lite|plus|custom');
        const created = await accounts.createAccount({ plan: values.plan, email: values.email ?? null, name: values.name });
        const out = { uid: created.account.uid, api_key: created.apiKey, api_token: created.apiToken, plan: created.account.plan, email: created.account.email };
        if (values.json) printJson(out);
        else {
          console.log(`account ${out.uid} (plan ${out.plan})`);
          console.log(`X-API-KEY:             ${out.api_key}`);
          console.log(`Authorization: Bearer  ${out.api_token}`);
          console.log('The API key is shown only now; keep it.');
        }
        return;
      }
      case 'list': {
        const all = await accounts.list();
        if (values.json) printJson(all);
        else for (const a of all) console.log(`${a.uid}  ${a.plan.padEnd(6)}  ${a.usedCredits} credits used  ${a.email ?? a.username}`);
        return;
      }
      case 'webhook-secret': {
        const uid = positionals[0];
        if (!uid) throw new UsageError('accounts webhook-secret needs the account uid');
        const secret = values.rotate ? await accounts.rotateWebhookSecret(uid) : await accounts.getWebhookSecret(uid);
        if (values.json) printJson({ uid, webhook_secret: secret, rotated: values.rotate });
        else console.log(secret);
        return;
      }
      default:
        throw new UsageError(`unknown accounts command "${sub ?? ''}"`);
    }
  });
}
