/**
 * The engines this build has. Importing this module registers them; adding an engine is one
 * line here and a registration file beside its code.
 */
import { registerEngine } from './engine-registry.js';
import { espeakRegistration } from './espeak/espeak-registration.js';
import { fliteRegistration } from './flite/flite-registration.js';
import { kokoroRegistration } from './kokoro/kokoro-registration.js';
import { piperRegistration } from './piper/piper-registration.js';

registerEngine(espeakRegistration);
registerEngine(fliteRegistration);
registerEngine(piperRegistration);
registerEngine(kokoroRegistration);

export { engineFor, engineCatalogVoices, registeredEngines } from './engine-registry.js';
