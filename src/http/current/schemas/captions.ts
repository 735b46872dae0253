import { Type } from '@sinclair/typebox';
import { Nullable, StringEnum } from './common.js';

const limits = {
  max_seconds: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 3600, description: 'Longest cue in seconds, default 7.0' })),
  max_chars: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000, description: 'Longest cue in characters, default 42' })),
};

export const CaptionsQuery = Type.Object({ format: StringEnum(['srt', 'vtt'] as const, { description: 'SubRip or WebVTT' }), ...limits });

const TimedSegment = Type.Object({ text: Type.String({ maxLength: 10000 }), start: Type.Number({ minimum: 0 }), end: Type.Number({ minimum: 0 }) });
const segments = Type.Optional(Nullable(Type.Array(TimedSegment, { maxItems: 200000 })));

/** A with-timestamps answer as the service returned it; its other fields (the audio) are ignored. */
export const CaptionsBody = Type.Object({ words: segments, characters: segments }, { title: 'CaptionsRequest' });

/** `?captions=srt,vtt` on with-timestamps: which caption files to add to the answer. */
export const captionsList = Type.Optional(Type.String({ pattern: '^(srt|vtt)(,(srt|vtt))?$', description: 'srt, vtt or srt,vtt: adds a "captions" object with those files' }));

export const CaptionsField = Type.Optional(Type.Object({ srt: Type.Optional(Type.String()), vtt: Type.Optional(Type.String()) }, { description: 'Caption files built from the timings of this answer' }));

export const captionsResponse = {
  description: 'The caption file (LF newlines, a blank line after every cue)',
  content: { 'application/x-subrip': { schema: { type: 'string' } }, 'text/vtt': { schema: { type: 'string' } } },
};
