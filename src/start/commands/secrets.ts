import { adoptCurrentKey } from '../../security/key-fingerprint.js';
import { ServerSettings } from '../../store/server-settings.js';
import { parseCommandArgs, type Command } from './command.js';
import { UsageError } from './usage-error.js';
import { printJson, withServices } from './with-services.js';

const help = `usage: orator secrets re-encrypt [--json]

  secrets re-encrypt   rewrites every secret kept encrypted in the database (Bearer tokens,
                       webhook secrets, callback URLs, webhook deliveries' URLs) under the
                       current ORATOR_SECRET_KEY, so the keys in ORATOR_PREVIOUS_SECRET_KEYS
                       can be removed afterwards (docs/security.md, "Rotation"). Then records
                       the current key's fingerprint as the database's key: from then on a node
                       without it (as current or previous key) is refused. Safe to run again,
                       and while the server runs.`;

export const secretsCommand: Command = {
  name: 'secrets',
  summary: 're-encrypt the stored secrets under the current secret key (after a rotation)',
  help,
  async run(argv, config) {
    const { values, positionals } = parseCommandArgs({ name: 'secrets', help }, argv, { json: { type: 'boolean' } }, 1);
    if (positionals[0] !== 're-encrypt') throw new UsageError('secrets: the only action is re-encrypt', help);
    await withServices(config, async ({ accounts, earlier, store, clock, keys }) => {
      const { accounts: rewritten } = await accounts.reencryptSecrets('cli');
      const deliveries = await earlier.webhooks.resealCallbackUrls();
      // Only once everything is sealed under the current key may a node with the old key alone be refused.
      await adoptCurrentKey(new ServerSettings(store.db, clock), keys.fingerprint);
      if (values.json) printJson({ accounts: rewritten, deliveries, key_fingerprint: keys.fingerprint });
      else console.log(`re-encrypted the secrets of ${rewritten} accounts and ${deliveries} webhook deliveries under the current key (fingerprint ${keys.fingerprint}, now the database's key)`);
    });
  },
};
