import type { Pcm } from '../audio.js';
import { applyVoiceProfile } from './apply-profile.js';
import { measureBlockFrames, type BlockFrames } from './block-frames.js';
import type { VoiceProfile } from './voice-profile.js';

/** A block to measure: its audio, whether its pitch is wanted, and a timbre to put on it first. */
export interface FrameRequest {
  pcm: Pcm;
  spectrumOnly: boolean;
  through?: Pick<VoiceProfile, 'formantScale' | 'eqDb'>;
}

/** Measures a block somewhere: in this thread, or in another that is free. */
export type FrameMeasurer = (request: FrameRequest) => Promise<BlockFrames>;

export const measureFramesHere: FrameMeasurer = ({ pcm, spectrumOnly, through }) =>
  measureBlockFrames(through ? applyVoiceProfile({ ...pcm, words: [] }, through) : pcm, spectrumOnly);

/**
 * Blocks measured in a helper (another thread's pool) while it has a thread free, up to `lanes`
 * at a time, this thread only handing them over: on two cores, two pool threads measuring is as
 * fast as it gets, while this thread measuring too would only take turns with them, and would
 * see a helper's answer only after its own block (the helper then idled). A block that the helper
 * declines (answers null: its threads have other work) or fails is measured here, so the figures
 * never depend on the helper, only the time does.
 */
export function measuringWith(helper: (request: FrameRequest) => Promise<BlockFrames | null>, lanes: number): FrameMeasurer {
  let busy = 0;
  const freed: (() => void)[] = [];
  const lane = async (): Promise<void> => {
    while (busy >= lanes) await new Promise<void>((resolve) => freed.push(resolve));
    busy++;
  };
  const release = () => {
    busy--;
    freed.shift()?.();
  };
  return async (request) => {
    await lane();
    let frames: BlockFrames | null = null;
    try {
      frames = await helper(request);
    } catch {
      // Measured here instead.
    } finally {
      release();
    }
    return frames ?? measureFramesHere(request);
  };
}
