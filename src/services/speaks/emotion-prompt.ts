import type { EmotionPreset } from '../../synthesis/catalog/voice-types.js';

export interface PromptedEmotion {
  preset: EmotionPreset;
  /** 0…2 as the presets take it. */
  intensity: number;
}

/**
 * Free-text emotion (`emotion_prompt`, Korean or English) → one of the presets the engines can
 * make audible. Keywords, not understanding: the first preset whose words appear wins, in the
 * order below (whisper before the tone words, since "a quiet whisper" is a whisper). Words of
 * degree scale the intensity. Nothing recognised speaks `normal`.
 */
const keywords: readonly [EmotionPreset, RegExp][] = [
  ['whisper', /whisper|hush|murmur|secret|속삭|귓속말|소곤/i],
  ['angry', /ang(ry|er)|mad\b|furious|rage|annoyed|irritat|frustrat|outrag|화가|화난|화내|분노|짜증|격분/i],
  ['sad', /sad|sorrow|unhapp|cry|crying|tear|grief|griev|depress|gloom|lonely|melanchol|heartbro|슬프|슬픔|슬퍼|우울|눈물|외로|서글/i],
  ['happy', /happ|joy|glad|cheer|delight|excit|thrill|fun\b|laugh|smil|pleas|기쁘|기쁨|행복|신나|신난|즐거|즐겁|웃/i],
  ['toneup', /bright|high[- ]?pitch|upbeat|energetic|lively|surpris|밝게|밝은|높은|높게|활기|놀라/i],
  ['tonedown', /calm|serious|low[- ]?pitch|deep|solemn|gloomy|tired|sleepy|dark|차분|진지|낮은|낮게|무거|피곤|졸린/i],
];

const stronger = /very|really|extremely|so\b|super|furious|ecstatic|intense|매우|아주|너무|엄청|정말|몹시/i;
const weaker = /slight|a bit|a little|somewhat|mild|gentl|조금|약간|살짝|다소/i;

export function emotionFromPrompt(prompt: string): PromptedEmotion {
  const found = keywords.find(([, pattern]) => pattern.test(prompt));
  if (!found) return { preset: 'normal', intensity: 1 };
  const intensity = stronger.test(prompt) ? 1.6 : weaker.test(prompt) ? 0.5 : 1;
  return { preset: found[0], intensity };
}
