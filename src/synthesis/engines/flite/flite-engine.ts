import type { Engine, EngineOutput, EngineRequest } from '../engine.js';
import { durationOf } from '../../audio.js';
import { fliteProsody } from './flite-prosody.js';
import { FliteThread } from './flite-thread.js';
import type { FliteRun, FliteRunResult } from './flite-protocol.js';
import { fliteVoice } from './flite-voices.js';
import { decodeFliteWav } from './riff.js';
import { parsePhoneLines, parseTimedSegments } from './segments.js';
import { WordPhonesCache } from './word-phones-cache.js';
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
 *    first run's segments are aligned to, giving each word its start and end. Words whose phones
 *    an earlier request had are not spoken again (word-phones-cache.ts); when all are known,
 *    there is no second run.
 */
export class FliteEngine implements Engine {
  readonly name = 'flite' as const;
  private readonly host: FliteThread;
  private readonly timeoutMs: number;
  private readonly timeoutMsPerChar: number;
  private readonly wordPhones = new WordPhonesCache();

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

    const texts = words.map((word) => word.text);
    const known = this.wordPhones.lookup(texts);
    const unknown = texts.filter((_, i) => !known[i]);

    const runs: FliteRun[] = [{
      args: ['-voice', voice.id, ...prosody.args, '-psdur', '-t', text, '-o', speechFile],
      outputs: [speechFile],
    }];
    if (unknown.length > 0) {
      // Two newlines end an utterance in Flite's file reader; the last one needs its newline too.
      runs.push({
        args: ['-voice', phoneListVoice, '-ps', '-f', wordsFile, '-o', 'none'],
        files: { [wordsFile]: unknown.map((word) => `${word.replace(/\0/g, ' ')}\n\n`).join('') },
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
    return {
      ...pcm,
      words: timeWords(words, this.phonesOf(texts, known, unknown, phones), segments, durationOf(pcm)),
      applied: prosody.applied,
    };
  }

  /**
   * Each word's phones, the known ones with the run's lines put in for the rest; undefined (the
   * words then timed by their length) when the run failed. A run of all the words is handed on as
   * it is (timeWords sees whether it fits). A run of some that gave other than a line per word
   * gives undefined: the run of all would not have fit either, a known word being one that gave
   * exactly one line.
   */
  private phonesOf(texts: string[], known: (readonly string[] | undefined)[], unknown: string[], run: FliteRunResult | undefined): (readonly string[])[] | undefined {
    if (unknown.length === 0) return known as (readonly string[])[];
    if (!run || run.exitCode !== 0) return undefined;
    const lines = parsePhoneLines(run.stdout);
    this.wordPhones.remember(unknown, lines);
    if (unknown.length === texts.length) return lines;
    if (lines.length !== unknown.length) return undefined;
    let next = 0;
    return known.map((phones) => phones ?? lines[next++]);
  }

  async close(): Promise<void> {
    await this.host.close();
  }
}
