import type { MessagePort } from 'node:worker_threads';
import type { UploadInfo } from './read-upload.js';
import type { UploadLimits, UploadRejectionReason } from './upload-rejection.js';
import type { VoiceMeasurements } from './voice-analyser.js';
import type { VoiceProfile } from './voice-profile.js';

/** Reads an upload's header (and MP3 frames) only: format, rate, length, limits. */
export interface ProbeTask {
  kind: 'probe';
  path: string;
  limits: UploadLimits;
}

/** Reads, measures and fits a profile. */
export interface CloneTask {
  kind: 'clone';
  path: string;
  limits: UploadLimits;
  careful: boolean;
  /** The synthesis pool's help (see pool-port.ts); without it, everything is done in the adaptation thread. */
  poolPort?: MessagePort;
  /** Threads of that pool. */
  poolThreads?: number;
}

/** Nothing: starts a thread, which loads the worker's modules, ahead of the task that needs it. */
export interface ReadyTask {
  kind: 'ready';
}

/** Runs the whole analysis warm-up now and answers when it is done (a server before it says it is ready). */
export interface WarmUpTask {
  kind: 'warm-up';
}

export type AdaptationTask = ProbeTask | CloneTask | ReadyTask | WarmUpTask;

/** Rejections come back as values: errors lose their class on the way out of a worker thread. */
export type AdaptationOutcome =
  | {
      ok: true;
      info: UploadInfo;
      profile?: VoiceProfile;
      measurements?: VoiceMeasurements;
      milliseconds: number;
      analysisMilliseconds?: number;
    }
  | { ok: false; reason: UploadRejectionReason; message: string };
