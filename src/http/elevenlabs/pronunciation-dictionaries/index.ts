import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../app/services.js';
import { xiOrTypecastApiKeyAuthentication } from '../authenticate.js';
import { renderElevenLabsError } from '../error-renderer.js';
import { registerAddFromFile } from './add-from-file.js';
import { registerAddFromRules } from './add-from-rules.js';
import { registerAddRules } from './add-rules.js';
import { registerDeleteDictionary } from './delete-dictionary.js';
import { registerDownloadVersion } from './download-version.js';
import { registerGetDictionary } from './get-dictionary.js';
import { registerListDictionaries } from './list-dictionaries.js';
import { registerRemoveRules } from './remove-rules.js';
import { registerUpdateDictionary } from './update-dictionary.js';

/**
 * Pronunciation dictionaries on ElevenLabs' resource shape (docs/text.md). No other interface has
 * these paths, so they take the key in `xi-api-key` or in Typecast's `X-API-KEY`, and answer in
 * ElevenLabs' error shape either way.
 */
export async function registerPronunciationDictionaries(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(async (api) => {
    api.setErrorHandler(renderElevenLabsError);
    api.addHook('onRequest', xiOrTypecastApiKeyAuthentication(services));
    registerAddFromRules(api, services);
    registerAddFromFile(api, services);
    registerListDictionaries(api, services);
    registerGetDictionary(api, services);
    registerDownloadVersion(api, services);
    registerAddRules(api, services);
    registerRemoveRules(api, services);
    registerUpdateDictionary(api, services);
    registerDeleteDictionary(api, services);
  });
}
