import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ElevenLabsApiError } from '../../../src/http/elevenlabs/elevenlabs-error.js';
import { defaultOutputFormat, outputFormatNames, parseOutputFormat } from '../../../src/http/elevenlabs/output-format.js';

describe('ElevenLabs output_format', () => {
  it('takes every format the issue lists, each as codec, rate and bitrate', () => {
    for (const name of ['mp3_22050_32', 'mp3_44100_64', 'mp3_44100_96', 'mp3_44100_128', 'mp3_44100_192', 'pcm_8000', 'pcm_16000', 'pcm_22050', 'pcm_24000', 'pcm_44100', 'ulaw_8000', 'alaw_8000', 'opus_48000_32', 'opus_48000_192']) {
      assert.ok(outputFormatNames.includes(name), name);
    }
    assert.deepEqual(parseOutputFormat('mp3_22050_32'), { name: 'mp3_22050_32', codec: 'mp3', sampleRate: 22050, bitrateKbps: 32 });
    assert.deepEqual(parseOutputFormat('alaw_8000'), { name: 'alaw_8000', codec: 'alaw', sampleRate: 8000, bitrateKbps: null });
    assert.equal(parseOutputFormat(undefined).name, defaultOutputFormat);
  });

  it('refuses anything else with a 422 that names the value', () => {
    for (const name of ['mp3_44100_999', 'opus_24000_32', 'alaw_16000', 'pcm_11025', 'toString', '__proto__', '']) {
      assert.throws(
        () => parseOutputFormat(name),
        (e: unknown) => e instanceof ElevenLabsApiError && e.httpStatus === 422 && e.reason === 'invalid_output_format' && e.message.includes(`'${name}'`),
        name,
      );
    }
  });
});
