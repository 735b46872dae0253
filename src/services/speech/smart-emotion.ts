import type { EmotionPreset } from '../../synthesis/catalog/voice-types.js';
import type { EmotionChoice } from '../../synthesis/pipeline/render-voice.js';

/**
 * Word stems (matched at the start of a word) and phrases (matched anywhere) that speak for an
 * emotion. English and Korean, the two languages the smart prompt is documented for. Small on
 * purpose: it catches the obvious cases and falls back to `normal` otherwise.
 */
const lexicon: Record<Exclude<EmotionPreset, 'normal'>, { stems: string[]; phrases: string[] }> = {
  happy: {
    stems: ['happ', 'glad', 'joy', 'delight', 'wonderful', 'love', 'laugh', 'smil', 'yay', 'congrat', 'fun', 'awesome', 'great', 'thank', 'cheer', 'celebrat', 'hooray', 'pleased', 'lovely'],
    phrases: ['기쁘', '기뻐', '행복', '좋아', '축하', '신나', '고마', '😀', '😊', '😄', '🎉', '😍'],
  },
  sad: {
    stems: ['sad', 'sorry', 'cry', 'cried', 'tear', 'miss', 'lost', 'alone', 'lonel', 'grief', 'griev', 'died', 'death', 'funeral', 'unfortunat', 'heartbr', 'depress', 'mourn', 'regret'],
    phrases: ['슬프', '슬퍼', '눈물', '미안', '외로', '그리워', '😢', '😭'],
  },
  angry: {
    stems: ['angry', 'anger', 'furious', 'hate', 'outrag', 'unacceptable', 'damn', 'annoy', 'mad', 'rage', 'disgust', 'ridiculous', 'stupid', 'shut'],
    phrases: ['how dare', 'fed up', '화나', '화가', '짜증', '열받', '😠', '😡'],
  },
  whisper: {
    stems: ['whisper', 'quiet', 'secret', 'hush', 'shh', 'softly', 'murmur', 'sleeping'],
    phrases: ["don't tell", 'do not tell', 'between us', '쉿', '비밀', '조용', '속삭'],
  },
  toneup: {
    stems: ['wow', 'amazing', 'incredibl', 'excit', 'hurry', 'fantastic', 'unbelievabl', 'woohoo'],
    phrases: ["let's go", 'come on', '대박', '와!', '우와'],
  },
  tonedown: {
    stems: ['calm', 'serious', 'solemn', 'formal', 'tired', 'sleepy', 'slowly', 'gently', 'peaceful', 'relax', 'sincere'],
    phrases: ['차분', '진지', '피곤', '천천히'],
  },
};

/** When a voice's model lacks the inferred emotion, the closest it has. */
const fallback: Partial<Record<EmotionPreset, EmotionPreset>> = { toneup: 'happy', tonedown: 'sad', whisper: 'normal' };

function scoreText(text: string, weight: number, scores: Map<EmotionPreset, number>): void {
  const lower = text.toLowerCase();
  const tokens = lower.match(/[\p{L}\p{N}']+/gu) ?? [];
  for (const [preset, { stems, phrases }] of Object.entries(lexicon) as [EmotionPreset, (typeof lexicon)['happy']][]) {
    let hits = 0;
    for (const token of tokens) if (stems.some((stem) => token.startsWith(stem))) hits++;
    for (const phrase of phrases) if (lower.includes(phrase)) hits++;
    if (hits > 0) scores.set(preset, (scores.get(preset) ?? 0) + hits * weight);
  }
  // Exclamations lift the tone, unless anger already explains them.
  const bangs = Math.min(3, (text.match(/[!！]/g) ?? []).length);
  if (bangs > 0) scores.set('toneup', (scores.get('toneup') ?? 0) + bangs * 0.4 * weight);
}

/**
 * The smart prompt: an emotion inferred from the text and the text around it. A lexicon
 * classifier over the seven presets: the text itself counts twice, its neighbours once; the
 * strongest preset wins (ties go to the earlier preset in the list), and more evidence means more
 * intensity (1 for one clue, up to 1.6). No clue at all gives `normal` at 1.
 */
export function inferEmotion(text: string, previousText: string | null, nextText: string | null, supported: readonly EmotionPreset[]): EmotionChoice {
  const scores = new Map<EmotionPreset, number>();
  scoreText(text, 2, scores);
  if (previousText) scoreText(previousText, 1, scores);
  if (nextText) scoreText(nextText, 1, scores);
  let best: EmotionPreset = 'normal';
  let bestScore = 0;
  for (const [preset, score] of scores) {
    if (score > bestScore) {
      best = preset;
      bestScore = score;
    }
  }
  if (best === 'normal') return { preset: 'normal', intensity: 1 };
  // A lone exclamation mark in the context is not enough to leave `normal`.
  if (bestScore < 1) return { preset: 'normal', intensity: 1 };
  const intensity = Math.min(1.6, 0.8 + 0.2 * bestScore);
  let preset: EmotionPreset = best;
  while (preset !== 'normal' && !supported.includes(preset)) preset = fallback[preset] ?? 'normal';
  return { preset, intensity: Math.round(intensity * 100) / 100 };
}
