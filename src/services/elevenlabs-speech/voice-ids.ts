import { voiceIdFromSlug } from '../../synthesis/catalog/builtin-voices.js';

/**
 * ElevenLabs' premade voice ids that code written for it often hard-codes (its docs' and
 * clients' examples, agent framework defaults) → the built-in English voice nearest in gender
 * and age (docs/elevenlabs.md has the table). Every other voice is addressed by its Orator id
 * (`tc_…` built-in or installed, `uc_…` custom), which GET /v1/voices lists as `voice_id`.
 */
export const premadeVoiceSlugs: Readonly<Record<string, string>> = {
  '21m00Tcm4TlvDq8ikWAM': 'eng-olivia', // Rachel: female, young adult, calm
  EXAVITQu4vr4xnSDxMaL: 'eng-olivia', // Sarah (formerly Bella): female, young adult, soft
  AZnzlk1XvdvUeBnXmlld: 'eng-emma', // Domi: female, young, strong
  MF3mGyEYCl7XYWbV9V6O: 'eng-emma', // Elli: female, young, emotional
  XrExE9yKIg1WjnnlVkGX: 'eng-grace', // Matilda: female, middle-aged, warm
  FGY2WhTYpPnrIDTdsKH5: 'eng-olivia', // Laura: female, young adult, upbeat
  Xb7hH8MSUJpSbSDYk0k2: 'eng-grace', // Alice: female, middle-aged, confident
  cgSgspJ2msm6clMCkdW9: 'eng-emma', // Jessica: female, young, expressive
  pFZP5JQG7iQjIQuC4Bku: 'eng-grace', // Lily: female, middle-aged, warm
  XB0fDUnXU5powFXDhCwa: 'eng-grace', // Charlotte: female, middle-aged
  '9BWtsMINqrJLrRacOk9x': 'eng-grace', // Aria: female, middle-aged, expressive
  JBFqnCBsd6RMkjVDRZzb: 'eng-james', // George: male, middle-aged, warm narrator
  pNInz6obpgDQGcFmaJgB: 'eng-james', // Adam: male, middle-aged, deep
  nPczCjzI2devNBz1zQrb: 'eng-james', // Brian: male, middle-aged, deep
  onwK4e9ZLuTAKqWW03F9: 'eng-james', // Daniel: male, middle-aged, authoritative
  CwhRBWXzGAHq8TQ4Fs17: 'eng-james', // Roger: male, middle-aged
  pqHfZKP75CvOlQylNhV4: 'eng-henry', // Bill: male, old, trustworthy
  VR6AewLTigWG4xSOukaG: 'eng-henry', // Arnold: male, middle-aged, crisp
  ErXwobaYiN019PkySvjV: 'eng-lucas', // Antoni: male, young, well-rounded
  TxGEqnHWrfWFTfGW9XjX: 'eng-lucas', // Josh: male, young, deep
  yoZ06aMxZJJ28mfd3POQ: 'eng-lucas', // Sam: male, young, raspy
  TX3LPaxmHKxFdv7VOQHJ: 'eng-lucas', // Liam: male, young, articulate
  bIHbv24MWmeRgasZH58o: 'eng-lucas', // Will: male, young, friendly
  cjVigY5qzO86Huf0OWal: 'eng-lucas', // Eric: male, middle-aged, friendly
  iP95p4xoKVk53GoZ742B: 'eng-lucas', // Chris: male, middle-aged, casual
  N2lVS1w4EtoT3dr4eOWO: 'eng-james', // Callum: male, middle-aged, intense
  IKne3meq5aSn9XLyUdCD: 'eng-lucas', // Charlie: male, young, natural
  SAz9YHcvj6GT2YYXdXww: 'eng-olivia', // River: neutral, young adult, calm
};

/** The Orator voice id an ElevenLabs `voice_id` stands for: a premade id's stand-in, else the id as it is. */
export function oratorVoiceIdOf(voiceId: string): string {
  const slug = Object.hasOwn(premadeVoiceSlugs, voiceId) ? premadeVoiceSlugs[voiceId] : null;
  return slug ? `tc_${voiceIdFromSlug(slug)}` : voiceId;
}
