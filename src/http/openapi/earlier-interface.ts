import { exampleVoice } from './example-voice.js';

/**
 * The earlier interface (`Authorization: Bearer`, `/api`) in OpenAPI terms. Its routes validate
 * by hand (its 400s have their own codes), so they carry no schemas for @fastify/swagger to read:
 * this describes them, and a test executes every example here against a running server.
 */
const error = {
  description: 'Error: `{message: {msg, error_code}}`',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        title: 'EarlierError',
        properties: { message: { type: 'object', properties: { msg: { type: 'string' }, error_code: { type: 'string' } } } },
      },
    },
  },
};
const result = (description: string) => ({
  description,
  content: { 'application/json': { schema: { type: 'object', properties: { result: {} } } } },
});
const errors = { '400': error, '401': error, '404': error };
const security = [{ BearerAuth: [] }];
const tags = ['earlier interface'];
const actorId = { name: 'actor_id', in: 'path', required: true, schema: { type: 'string' }, example: exampleVoice.actorId };
const speakId = { name: 'speak_id', in: 'path', required: true, schema: { type: 'string', description: 'The `_id` of a speak this account made' } };

const speakBody = {
  type: 'object',
  required: ['text', 'lang'],
  properties: {
    text: { type: 'string', maxLength: 350 },
    lang: { type: 'string', description: '`auto`, ISO 639-3 or a legacy code' },
    tts_mode: { type: 'string', enum: ['actor', 'audio_file'], default: 'actor' },
    actor_id: { type: 'string', description: 'tts_mode actor' },
    speak_resource_id: { type: 'string', description: 'tts_mode audio_file' },
    xapi_hd: { type: 'boolean' },
    xapi_audio_format: { type: 'string', enum: ['wav', 'mp3', 'mu-law'] },
    model_version: { type: 'string', default: 'latest' },
    emotion_tone_preset: { type: 'string' },
    volume: { type: 'number' },
    tempo: { type: 'number' },
    pitch: { type: 'number' },
    last_pitch: { type: 'number' },
  },
};
const speakExample = { text: 'Hello from Orator.', lang: exampleVoice.language, actor_id: exampleVoice.actorId, xapi_audio_format: 'mp3' };

export const earlierPaths = {
  '/api/actor': { get: { tags, security, summary: 'The voices (actors)', responses: { '200': result('The actors'), ...errors } } },
  '/api/actor/{actor_id}/versions': {
    get: { tags, security, summary: "An actor's model versions", parameters: [actorId], responses: { '200': result('The versions'), ...errors } },
  },
  '/api/me': { get: { tags, security, summary: 'The account behind the token', responses: { '200': result('The account'), ...errors } } },
  '/api/me/callback-url': {
    put: {
      tags,
      security,
      summary: 'Set (or clear with null) the URL that receives speak webhooks',
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: { type: 'object', required: ['callback_url'], properties: { callback_url: { type: ['string', 'null'], maxLength: 2048 } } },
            example: { callback_url: null },
          },
        },
      },
      responses: { '200': result('Saved'), ...errors },
    },
  },
  '/api/speak': {
    post: {
      tags,
      security,
      summary: 'Queue a speak; poll speak_v2_url or wait for the webhook',
      requestBody: { required: true, content: { 'application/json': { schema: speakBody, example: speakExample } } },
      responses: { '200': result('The speak: `speak_url`, `speak_v2_url`, `play_id`'), '402': error, '429': error, ...errors },
    },
  },
  '/api/speak/v2/{speak_id}': {
    get: { tags, security, summary: 'A speak: status, audio_download_url when done', parameters: [speakId], responses: { '200': result('The speak'), ...errors } },
  },
  '/api/speak/{speak_id}': {
    get: { tags, security, summary: 'A speak (first version of the shape)', parameters: [speakId], responses: { '200': result('The speak'), ...errors } },
  },
  '/api/text-to-speech': {
    post: {
      tags,
      security,
      summary: 'Synthesize and answer the audio at once',
      requestBody: { required: true, content: { 'application/json': { schema: speakBody, example: speakExample } } },
      responses: {
        '200': { description: 'The audio', content: { 'audio/mpeg': { schema: { type: 'string', format: 'binary' } }, 'audio/wav': { schema: { type: 'string', format: 'binary' } } } },
        '402': error,
        '429': error,
        ...errors,
      },
    },
  },
};
