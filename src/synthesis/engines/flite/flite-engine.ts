import type { Engine, EngineOutput, EngineRequest } from '../engine.js';
import { durationOf } from '../../audio.js';
import { fliteProsody } from './flite-prosody.js';
import { FliteThread } from './flite-thread.js';
import type { FliteRun } from './flite-protocol.js';
import { fliteVoice } from './flite-voices.js';
import { decodeFliteWav } from './riff.js';
import { parsePhoneLines, parseTimedSegments } from './segments.js';
import { timeWords } from './word-timings.js';
import { writtenWords } from './written-words.js';

export interface FliteEngineOptions {
  /** Time allowed per request before Flite is deemed hung: this base plus `timeoutMsPerChar`. */
  timeoutMs?: number;
  timeoutMsPerChar?: number;
}

const speechFile = '/speech.wav';
const wordsFile = '/words.txt';
/** Cheapest voice (diphone, ~1% of real time); only its phone list is used, never its audio. */
const phoneListVoice = 'kal16';

/**
 * Flite, the clearer English tier. Synthesis runs in a worker thread of its own (see `FliteThread`);
 * each request is two flite runs there:
 * 1. the chosen voice speaks the whole text as one utterance and prints its timed segments;
 * 2. kal16 speaks every written word as an utterance of its own and prints its phones, which the
 *    first run's segments are aligned to, giving each word its start and end.
 */
export class FliteEngine implements Engine {
  readonly name = 'flite' as const;
  private readonly host: FliteThread;
  private readonly timeoutMs: number;
  private readonly timeoutMsPerChar: number;

  constructor(options: FliteEngineOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.timeoutMsPerChar = options.timeoutMsPerChar ?? 20;
    this.host = new FliteThread({ timeoutMs: this.timeoutMs });
  }

  /** Thread id of the Flite host while one runs (for diagnostics and tests). */
  get hostId(): number | undefined {
    return this.host.hostId;
  }

  /** Ends the Flite host as a crash would (see `FliteThread.stopHost`). */
  stopHost(): Promise<void> {
    return this.host.stopHost();
  }

  async synthesize(request: EngineRequest): Promise<EngineOutput> {
    if (request.voice.engine !== 'flite') throw new Error(`FliteEngine cannot speak with a ${request.voice.engine} voice`);
    if (!/^(eng?|en-.*)$/i.test(request.language)) throw new Error(`Flite speaks English only, not "${request.language}"`);
    const voice = fliteVoice(request.voice.id);
    const prosody = fliteProsody(voice, request.prosody);
    const words = writtenWords(request.text);
    // A NUL would end the C string early; a space in its place keeps every offset.
    const text = request.text.replace(/\0/g, ' ');

    const runs: FliteRun[] = [{
      args: ['-voice', voice.id, ...prosody.args, '-psdur', '-t', text, '-o', speechFile],
      outputs: [speechFile],
    }];
    if (words.length > 0) {
      // Two newlines end an utterance in Flite's file reader; the last one needs its newline too.
      runs.push({
        args: ['-voice', phoneListVoice, '-ps', '-f', wordsFile, '-o', 'none'],
        files: { [wordsFile]: words.map((word) => `${word.text.replace(/\0/g, ' ')}\n\n`).join('') },
      });
    }
    const timeout = this.timeoutMs + this.timeoutMsPerChar * request.text.length;
    const [speech, phones] = await this.host.run(runs, timeout);

    const wav = speech.outputs[speechFile];
    if (speech.exitCode !== 0 || !wav) {
      throw new Error(`Flite failed (exit ${speech.exitCode}): ${speech.stderr.trim().slice(-300) || 'no audio written'}`);
    }
    const pcm = decodeFliteWav(wav);
    const segments = parseTimedSegments(speech.stdout);
    const wordPhones = phones && phones.exitCode === 0 ? parsePhoneLines(phones.stdout) : undefined;
    return {
      ...pcm,
      words: timeWords(words, wordPhones, segments, durationOf(pcm)),
      applied: prosody.applied,
    };
  }

  async close(): Promise<void> {
    await this.host.close();
  }
}
