import { Piscina } from 'piscina';
import type { UploadInfo } from './read-upload.js';
import type { AdaptationOutcome } from './adaptation-tasks.js';
import { UploadRejection, type UploadLimits } from './upload-rejection.js';
import type { VoiceMeasurements } from './voice-analyser.js';
import type { VoiceProfile } from './voice-profile.js';

export interface CloneResult {
  info: UploadInfo;
  profile: VoiceProfile;
  measurements: VoiceMeasurements;
  /** Whole task, and the reading and measuring part of it. */
  milliseconds: number;
  analysisMilliseconds: number;
}

/**
 * Threads for voice adaptation, apart from the synthesis pool so a long professional analysis
 * never holds up speech. Threads start on first use and end after a quarter of an hour idle:
 * cloning is occasional, but a thread keeps its base-voice measurements while it lives, which
 * saves the next clone about two seconds.
 */
export class AdaptationPool {
  private started: Piscina | null = null;

  constructor(readonly threads = 1) {}

  private get piscina(): Piscina {
    this.started ??= new Piscina({
      filename: new URL('./adaptation-worker.js', import.meta.url).href,
      minThreads: 0,
      maxThreads: this.threads,
      idleTimeout: 15 * 60_000,
    });
    return this.started;
  }

  /** Format, rate and length of an upload on disk, or an UploadRejection. */
  async probe(path: string, limits: UploadLimits): Promise<UploadInfo> {
    const outcome: AdaptationOutcome = await this.piscina.run({ kind: 'probe', path, limits });
    if (!outcome.ok) throw new UploadRejection(outcome.reason, outcome.message);
    return outcome.info;
  }

  /** Reads, measures and fits a profile to an upload on disk, or an UploadRejection. */
  async clone(path: string, limits: UploadLimits, careful: boolean): Promise<CloneResult> {
    const outcome: AdaptationOutcome = await this.piscina.run({ kind: 'clone', path, limits, careful });
    if (!outcome.ok) throw new UploadRejection(outcome.reason, outcome.message);
    return {
      info: outcome.info,
      profile: outcome.profile!,
      measurements: outcome.measurements!,
      milliseconds: outcome.milliseconds,
      analysisMilliseconds: outcome.analysisMilliseconds ?? outcome.milliseconds,
    };
  }

  async close(): Promise<void> {
    await this.started?.destroy();
    this.started = null;
  }
}
