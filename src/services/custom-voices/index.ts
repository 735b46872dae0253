export { CustomVoiceService, cloneSlotKey, voicePrefix, type CustomVoiceServiceOptions, type InstantCloneInput, type ProfessionalCloneInput, type CustomVoiceWithProfile } from './custom-voice-service.js';
export { CustomVoiceResolver } from './custom-voice-resolver.js';
export { CustomVoiceError, type CustomVoiceErrorCode } from './errors.js';
export { customVoiceIdPattern, cloneModels, type CustomVoice, type CustomVoiceSource, type CustomVoiceStatus } from './custom-voice.js';
export { instantUpload, professionalUpload, maxNameLength } from './clone-limits.js';
export { trainingJobName, type TrainingPayload } from './training-job.js';
export { UploadInterrupted, type UploadSource, type SavedUpload } from './save-upload.js';
export { abandonedError, failAbandonedInstantClones, removeAbandonedTempFiles } from './abandoned-clones.js';
