import type { SpokenSpan } from '../../synthesis/pipeline/speech-request.js';
import { iso3FromIso1, normalizeIso3 } from '../../synthesis/text/languages.js';
import { checkIpa, InvalidPhonemeError } from '../../synthesis/phonemes/ipa-to-espeak.js';
import { sayAs } from './say-as.js';
import { SsmlError } from './ssml-error.js';
import { isSsml, parseSsml, type SsmlElement, type SsmlNode } from './ssml-tree.js';
import { applyEmphasis, applyProsody, breakSeconds, neutral, type Prosody } from './ssml-values.js';

/** What a request text says: the text spoken (billed, timed, captioned) and, for SSML, how each part is read. */
export interface SpeechText {
  text: string;
  spans?: SpokenSpan[];
  /** Words of `text` said as IPA (phoneme elements), in text order. */
  phonemes?: { from: number; to: number; ipa: string }[];
}

/** Silence is cheap to ask for and costly to make and send: a document's breaks together, as compose's pauses. */
export const maxBreakSeconds = 60;

/** The attributes each element takes (W3C names); anything else is refused, naming it. */
const allowed: Record<string, readonly string[]> = {
  speak: ['version', 'xml:lang', 'xmlns', 'xml:base'],
  p: ['xml:lang'],
  s: ['xml:lang'],
  break: ['time', 'strength'],
  prosody: ['rate', 'pitch', 'volume'],
  emphasis: ['level'],
  'say-as': ['interpret-as', 'format', 'detail'],
  sub: ['alias'],
  phoneme: ['ph', 'alphabet'],
  lang: ['xml:lang'],
  mark: ['name'],
};

/** A BCP 47 tag (en-US, fr, yue, zh-HK) → our ISO 639-3 code. */
function languageOfTag(tag: string, element: string): string {
  const [primary = '', region = ''] = tag.trim().toLowerCase().split(/[-_]/u);
  const code = primary === 'zh' && (region === 'hk' || region === 'yue') ? 'yue' : primary.length === 2 ? iso3FromIso1(primary) : normalizeIso3(primary);
  if (!code) throw new SsmlError('invalid_value', `${element} xml:lang="${tag.slice(0, 40)}": not a language Orator speaks`);
  return code;
}

interface State {
  prosody: Prosody;
  language: string | null;
}

/** Builds the spoken text and its spans while walking the document. */
class SpokenTextBuilder {
  text = '';
  readonly spans: SpokenSpan[] = [];
  readonly phonemes: { from: number; to: number; ipa: string }[] = [];
  private open: SpokenSpan | null = null;
  private pendingPause = 0;
  private pendingSentence = false;
  private pauses = 0;

  constructor(private readonly baseLanguage: string) {}

  append(raw: string, state: State): void {
    let piece = raw.replace(/\s+/gu, ' ');
    if (this.text === '' || this.text.endsWith(' ')) piece = piece.replace(/^ /u, '');
    if (piece === '') return;
    const { prosody, language } = state;
    const same = this.open && this.pendingPause === 0 && !this.pendingSentence && this.open.rate === prosody.rate && this.open.pitch === prosody.pitch && this.open.volume === prosody.volume && this.open.language === language;
    if (!same) {
      this.close();
      this.open = { from: this.text.length, to: this.text.length, ...prosody, language, pauseBefore: this.pendingPause, newSentence: this.pendingSentence };
      this.pendingPause = 0;
      this.pendingSentence = false;
    }
    this.text += piece;
    this.open!.to = this.text.length;
  }

  /** `raw` as a word of its own said as `ipa`: the text keeps the word, the reading is the IPA. */
  appendPhonemes(raw: string, ipa: string, state: State): void {
    this.separate();
    const from = this.text.length;
    this.append(raw.trim(), state);
    if (this.text.length > from) this.phonemes.push({ from, to: this.text.length, ipa });
  }

  /** Words on either side of a boundary stay apart. */
  separate(): void {
    if (this.text !== '' && !this.text.endsWith(' ')) this.append(' ', { prosody: this.open ?? neutral, language: this.open?.language ?? null });
  }

  pause(seconds: number): void {
    this.separate();
    this.pendingPause += seconds;
    this.pauses += seconds;
    if (this.pauses > maxBreakSeconds) throw new SsmlError('too_large', `breaks of more than ${maxBreakSeconds} s in all`);
  }

  sentence(): void {
    this.separate();
    this.pendingSentence = true;
  }

  language(): string {
    return this.baseLanguage;
  }

  private close(): void {
    if (this.open && this.open.to > this.open.from) this.spans.push(this.open);
    this.open = null;
  }

  finish(): SpeechText {
    this.close();
    const trimmed = this.text.replace(/\s+$/u, '');
    const spans = this.spans.map((s) => ({ ...s, to: Math.min(s.to, trimmed.length) })).filter((s) => s.to > s.from);
    const phonemes = this.phonemes.filter((p) => p.to <= trimmed.length);
    return { text: trimmed, spans, ...(phonemes.length > 0 ? { phonemes } : {}) };
  }
}

function checkAttributes(element: SsmlElement): void {
  const known = allowed[element.name]!;
  for (const name of Object.keys(element.attributes)) {
    if (!known.includes(name) && !(element.name === 'speak' && /^xmlns:|^xsi:/u.test(name))) {
      throw new SsmlError('unknown_attribute', `${element.name} has no attribute "${name.slice(0, 40)}" (it takes ${known.join(', ') || 'none'})`);
    }
  }
}

function textOf(nodes: readonly SsmlNode[], element: string): string {
  return nodes
    .map((node) => {
      if (typeof node === 'string') return node;
      throw new SsmlError('invalid_value', `${element} holds text only, not a ${node.name} element`);
    })
    .join('');
}

function walk(nodes: readonly SsmlNode[], state: State, out: SpokenTextBuilder): void {
  for (const node of nodes) {
    if (typeof node === 'string') {
      out.append(node, state);
      continue;
    }
    const { name, attributes, children } = node;
    if (name === 'voice') throw new SsmlError('refused_element', 'the voice element is not taken: choose the voice with the request’s voice field');
    if (!(name in allowed) || name === 'speak') throw new SsmlError('unknown_element', `unknown element <${name.slice(0, 40)}> (known: ${Object.keys(allowed).filter((n) => n !== 'speak').join(', ')}, voice refused)`);
    checkAttributes(node);
    const language = attributes['xml:lang'] !== undefined ? languageOfTag(attributes['xml:lang'], name) : state.language;
    switch (name) {
      case 'p':
      case 's':
        out.sentence();
        walk(children, { ...state, language }, out);
        out.sentence();
        break;
      case 'break':
        if (children.length > 0) throw new SsmlError('invalid_value', 'break is empty: <break time="1s"/>');
        out.pause(breakSeconds(attributes));
        break;
      case 'prosody':
        walk(children, { ...state, prosody: applyProsody(state.prosody, attributes) }, out);
        break;
      case 'emphasis':
        walk(children, { ...state, prosody: applyEmphasis(state.prosody, attributes.level) }, out);
        break;
      case 'say-as':
        out.append(` ${sayAs(textOf(children, 'say-as'), attributes, state.language ?? out.language())} `, state);
        break;
      case 'sub':
        if (!attributes.alias?.trim()) throw new SsmlError('invalid_value', 'sub needs a non-empty alias');
        textOf(children, 'sub');
        out.append(attributes.alias, state);
        break;
      case 'phoneme':
        if (attributes.alphabet !== undefined && attributes.alphabet !== 'ipa') throw new SsmlError('invalid_value', `phoneme alphabet="${attributes.alphabet.slice(0, 40)}": only ipa`);
        if (!attributes.ph?.trim()) throw new SsmlError('invalid_value', 'phoneme needs a non-empty ph');
        try {
          checkIpa(attributes.ph);
        } catch (error) {
          if (error instanceof InvalidPhonemeError) throw new SsmlError('invalid_phoneme', `phoneme ph: ${error.message}`);
          throw error;
        }
        out.appendPhonemes(textOf(children, 'phoneme'), attributes.ph, state);
        break;
      case 'lang':
        if (attributes['xml:lang'] === undefined) throw new SsmlError('invalid_value', 'lang needs xml:lang');
        walk(children, { ...state, language }, out);
        break;
      case 'mark':
        if (children.length > 0) throw new SsmlError('invalid_value', 'mark is empty: <mark name="here"/>');
        break;
    }
  }
}

/**
 * The spoken text of a request: plain text as it is, `<` and `&` included; an SSML document
 * (first non-blank characters `<speak`) read into the text its elements say and spans that carry
 * their prosody, language and breaks. `language` is the request's, for say-as (ISO 639-3).
 */
export function readSpeechText(text: string, language: string | null = null): SpeechText {
  if (!isSsml(text)) return { text };
  const root = parseSsml(text);
  checkAttributes(root);
  const base = root.attributes['xml:lang'] !== undefined ? languageOfTag(root.attributes['xml:lang'], 'speak') : null;
  const out = new SpokenTextBuilder(base ?? language ?? 'eng');
  walk(root.children, { prosody: neutral, language: base }, out);
  return out.finish();
}
