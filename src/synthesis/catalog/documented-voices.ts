import type { CatalogVoice } from './voice-types.js';

/**
 * The three voice ids every official Typecast client speaks with in its README, examples and
 * tests. They are ordinary catalog voices of Orator (all models and emotions, previews, actors of
 * the earlier interface under the same 24 hex digits), so the first snippet a user copies works.
 * Their ids are fixed rather than derived from the slug. English voices: the snippets speak
 * English (and a little Korean and Japanese, which every voice reads). The mapping is documented
 * in docs/current-interface.md ("The voice ids of the official documentation").
 */
export const documentedVoices: readonly CatalogVoice[] = [
  {
    // The captured fixtures of the official clients name this voice "Jack".
    id: '60e5426de8b95f1d3000d7b5',
    slug: 'eng-jack',
    name: { eng: 'Jack', kor: '잭' },
    language: 'eng',
    gender: 'male',
    age: 'young_adult',
    useCases: ['Conversational', 'Podcast', 'Ads'],
    style: ['friendly', 'natural', 'clear'],
    sound: { espeakVariant: 'm4', pitch: 0, rate: 1, fliteVoice: 'rms' },
  },
  {
    id: '672c5f5ce59fac2a48faeaee',
    slug: 'eng-chloe',
    name: { eng: 'Chloe', kor: '클로이' },
    language: 'eng',
    gender: 'female',
    age: 'young_adult',
    useCases: ['Conversational', 'E-learning', 'Announcer'],
    style: ['bright', 'friendly', 'clear'],
    sound: { espeakVariant: 'f1', pitch: 1, rate: 1, fliteVoice: 'slt' },
  },
  {
    // The OpenAPI example and the JS client README's voice.
    id: '62a8975e695ad26f7fb514d1',
    slug: 'eng-ava',
    name: { eng: 'Ava', kor: '에이바' },
    language: 'eng',
    gender: 'female',
    age: 'middle_age',
    useCases: ['Audiobook', 'News', 'Voicemail'],
    style: ['calm', 'warm', 'professional'],
    sound: { espeakVariant: 'f2', pitch: -2, rate: 0.98, fliteVoice: 'slt' },
  },
];
