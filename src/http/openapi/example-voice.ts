import { findVoiceByAnyName } from '../../synthesis/catalog/find-voice.js';

/** The built-in voice every documented example speaks with, so "Try it out" works as written. */
const voice = findVoiceByAnyName('eng-olivia');
if (!voice) throw new Error('the example voice eng-olivia is missing from the catalog');

export const exampleVoice = { voiceId: `tc_${voice.id}`, actorId: voice.id, language: 'eng' };
