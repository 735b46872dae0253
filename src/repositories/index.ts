import { AccountAuditRepository } from './account-audit-repository.js';
import { AccountDataRepository } from './account-data-repository.js';
import { AccountKeyRepository } from './account-key-repository.js';
import { AccountRepository } from './account-repository.js';
import { CustomVoiceRepository } from './custom-voice-repository.js';
import type { DatabaseHandle } from './database-handle.js';
import { DeliveryRepository } from './delivery-repository.js';
import { PlanRepository } from './plan-repository.js';
import { SpeakRepository } from './speak-repository.js';
import { SpeakResourceRepository } from './speak-resource-repository.js';
import { SynthesisCacheRepository } from './synthesis-cache-repository.js';
import { SweepRunRepository } from './sweep-run-repository.js';
import { NodeRepository } from './node-repository.js';
import { PronunciationDictionaryRepository } from './pronunciation-dictionary-repository.js';
import type { CallbackUrlSeal } from '../security/callback-url-seal.js';

export { AccountRepository, accountRepository, type AccountChanges, type CredentialColumn, type EncryptedColumn, type KeySignIn } from './account-repository.js';
export { AccountAuditRepository, type AuditActor, type AuditEntry } from './account-audit-repository.js';
export { AccountKeyRepository, type AccountKey } from './account-key-repository.js';
export { AccountDataRepository, type OwnedData, type DeletedRows } from './account-data-repository.js';
export { PlanRepository, planRepository } from './plan-repository.js';
export { CustomVoiceRepository, customVoiceRepository, type NewCustomVoice, type CustomVoiceChanges } from './custom-voice-repository.js';
export { SpeakRepository, type NewSpeak, type FinishedAudio } from './speak-repository.js';
export { DeliveryRepository } from './delivery-repository.js';
export { SpeakResourceRepository } from './speak-resource-repository.js';
export { SynthesisCacheRepository } from './synthesis-cache-repository.js';
export { SweepRunRepository } from './sweep-run-repository.js';
export { NodeRepository } from './node-repository.js';
export { PronunciationDictionaryRepository, type DictionaryVersion, type NewDictionaryVersion, type DictionaryChanges } from './pronunciation-dictionary-repository.js';
export type { DatabaseHandle } from './database-handle.js';

/** One repository per aggregate: the only code that reads or writes the database. */
export interface Repositories {
  accounts: AccountRepository;
  audit: AccountAuditRepository;
  keys: AccountKeyRepository;
  plans: PlanRepository;
  customVoices: CustomVoiceRepository;
  speaks: SpeakRepository;
  deliveries: DeliveryRepository;
  speakResources: SpeakResourceRepository;
  synthesisCache: SynthesisCacheRepository;
  sweepRuns: SweepRunRepository;
  /** The node registry: which `orator serve` processes run on this database. */
  nodes: NodeRepository;
  /** Everything one account owns, for its deletion. */
  accountData: AccountDataRepository;
  pronunciationDictionaries: PronunciationDictionaryRepository;
}

/** `callbackUrls`: how callback URLs are kept at rest (sealed with the server's keys; as given when left out). */
export function openRepositories(db: DatabaseHandle, options: { callbackUrls?: CallbackUrlSeal } = {}): Repositories {
  return {
    accounts: new AccountRepository(db, options.callbackUrls),
    audit: new AccountAuditRepository(db),
    keys: new AccountKeyRepository(db),
    plans: new PlanRepository(db),
    customVoices: new CustomVoiceRepository(db),
    speaks: new SpeakRepository(db),
    deliveries: new DeliveryRepository(db, options.callbackUrls),
    speakResources: new SpeakResourceRepository(db),
    synthesisCache: new SynthesisCacheRepository(db),
    sweepRuns: new SweepRunRepository(db),
    nodes: new NodeRepository(db),
    accountData: new AccountDataRepository(db),
    pronunciationDictionaries: new PronunciationDictionaryRepository(db),
  };
}
