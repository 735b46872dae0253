import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Pcm } from '../../../src/synthesis/audio.js';
import { f0Stats } from '../../../src/synthesis/analysis/f0.js';
import { spectrumDistance } from '../../../src/synthesis/adaptation/bands.js';
import { renderCustomVoice } from '../../../src/synthesis/adaptation/render-custom-voice.js';
import { measureVoice } from '../../../src/synthesis/adaptation/voice-analyser.js';
import type { VoiceProfile } from '../../../src/synthesis/adaptation/voice-profile.js';
import { AdaptationPool } from '../../../src/synthesis/adaptation/adaptation-pool.js';
import { decodeWav } from '../../../src/synthesis/decoders/wav.js';
import { encodeWavPcm16 } from '../../../src/synthesis/encoders/wav.js';
import { defaultOutput } from '../../../src/synthesis/pipeline/speech-request.js';
import { Synthesizer } from '../../../src/synthesis/pipeline/synthesizer.js';
import { SynthesisPool } from '../../../src/synthesis/pool/synthesis-pool.js';
import { makeSpeaker, readSentences, testSentences, type SpeakerRecipe } from './speakers.js';

/** How a voice compares with a sample, on the figures the issue names. */
export interface Similarity {
  /** Semitones between median F0s (shared YIN tracker). */
  medianF0: number;
  /** Difference of the 5–95 % F0 spans, semitones. */
  range: number;
  /** Speaking-rate ratio minus 1 (syllable nuclei per second of speech). */
  rate: number;
  /** Long-term spectrum distance, dB. */
  spectrum: number;
}

export interface CloneTrial {
  speaker: SpeakerRecipe;
  profile: VoiceProfile;
  cloneMs: number;
  clone: Similarity;
  /** The profile's base voice, unadapted, on the same text: the yardstick. */
  base: Similarity;
}

/** Real pools, a temp folder for sample files, and the measuring around them. */
export function openCloneBench(threads = 2) {
  const pool = new SynthesisPool(threads);
  const synthesizer = new Synthesizer(pool);
  const adaptation = new AdaptationPool(1);
  const folder = mkdtempSync(path.join(tmpdir(), 'orator-clone-'));

  async function writeSample(pcm: Pcm, name: string): Promise<string> {
    const file = path.join(folder, `${name}.wav`);
    writeFileSync(file, encodeWavPcm16(pcm));
    return file;
  }

  async function speakWithProfile(profile: VoiceProfile, text: string): Promise<Pcm> {
    const speech = await synthesizer.synthesize({
      text,
      language: 'eng',
      render: (language) => renderCustomVoice(profile, { preset: 'normal', intensity: 1 }, language),
      output: { ...defaultOutput, sampleRate: 22050 },
    });
    return decodeWav(speech.audio);
  }

  async function trial(speaker: SpeakerRecipe, careful = false): Promise<CloneTrial> {
    const sample = await makeSpeaker(pool, speaker);
    // A professional recording is minutes long: the same reading repeated stands in for one.
    const file = await writeSample(careful ? repeated(sample, 300) : sample, speaker.name.replace(/\W+/g, '-'));
    const started = performance.now();
    const result = await adaptation.clone(file, { minSeconds: 5, maxSeconds: careful ? 3 * 3600 : 150 }, careful);
    const cloneMs = performance.now() - started;
    const text = testSentences.join(' ');
    const cloned = await speakWithProfile(result.profile, text);
    const base = await readSentences(pool, testSentences, result.profile.variant);
    return { speaker, profile: result.profile, cloneMs, clone: await similarity(cloned, sample), base: await similarity(base, sample) };
  }

  return {
    pool,
    synthesizer,
    adaptation,
    folder,
    writeSample,
    speakWithProfile,
    similarity,
    trial,
    async close() {
      await adaptation.close();
      await pool.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** How `voice` compares with `sample` on the figures (shared by the adaptation tests, the HTTP tests and the bench). */
export async function similarity(voice: Pcm, sample: Pcm): Promise<Similarity> {
  const [vf, sf, vm, sm] = await Promise.all([f0Stats(voice), f0Stats(sample), measureVoice(voice), measureVoice(sample)]);
  const st = (a: number, b: number) => 12 * Math.log2(b / a);
  return {
    medianF0: st(sf.median, vf.median),
    range: st(vf.p5, vf.p95) - st(sf.p5, sf.p95),
    rate: vm.speakingRate / sm.speakingRate - 1,
    spectrum: spectrumDistance(vm.ltasDb, sm.ltasDb),
  };
}

/** `pcm` repeated until it lasts `seconds`. */
export function repeated(pcm: Pcm, seconds: number): Pcm {
  const samples = new Float32Array(Math.round(seconds * pcm.sampleRate));
  for (let at = 0; at < samples.length; at += pcm.samples.length) samples.set(pcm.samples.subarray(0, samples.length - at), at);
  return { samples, sampleRate: pcm.sampleRate };
}
