import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sniffAudioFormat } from '../../../src/synthesis/decoders/sniff.js';
import { decodeMp3 } from '../../../src/synthesis/decoders/mp3.js';
import { decodeWav } from '../../../src/synthesis/decoders/wav.js';
import { decodeAudio } from '../../../src/synthesis/decoders/decode-audio.js';
import { AudioDecodeError } from '../../../src/synthesis/decoders/audio-decode-error.js';
import { encodeMp3 } from '../../../src/synthesis/encoders/mp3.js';
import { encodeWavMulaw, encodeWavPcm16 } from '../../../src/synthesis/encoders/wav.js';
import { f0Stats } from '../../../src/synthesis/analysis/f0.js';
import { noiseSource, speechLike } from '../signals.js';

const speech = speechLike({ sampleRate: 44100, seconds: 1.5, f0: 180 });
const mp3 = await encodeMp3(speech);
const wav = encodeWavPcm16(speech);

/** An ID3v2.4 tag with one text frame, as taggers put in front of MP3s. */
function id3(): Uint8Array {
  const text = Buffer.from('\x03A title', 'latin1');
  const frame = Buffer.concat([Buffer.from('TIT2'), Buffer.from([0, 0, 0, text.length, 0, 0]), text]);
  const size = frame.length + 100; // with padding
  const header = Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, (size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);
  return Buffer.concat([header, frame, Buffer.alloc(100)]);
}

test('sniffing goes by content: RIFF/WAVE, ID3 or MPEG frames, else unknown', () => {
  assert.equal(sniffAudioFormat(wav), 'wav');
  assert.equal(sniffAudioFormat(encodeWavMulaw({ samples: new Float32Array(100), sampleRate: 8000 })), 'wav');
  assert.equal(sniffAudioFormat(mp3), 'mp3');
  assert.equal(sniffAudioFormat(Buffer.concat([id3(), mp3])), 'mp3');
  assert.equal(sniffAudioFormat(mp3.subarray(0, 600)), 'mp3'); // the start of one frame
  assert.equal(sniffAudioFormat(new Uint8Array(0)), 'unknown');
  assert.equal(sniffAudioFormat(Buffer.from('RIFF....AVI LIST')), 'unknown');
  assert.equal(sniffAudioFormat(Buffer.from('fLaC\0\0\0\x22')), 'unknown');
  assert.equal(sniffAudioFormat(Buffer.from('OggS\0\x02')), 'unknown');
  // A frame sync followed by something that is not the next frame is not enough.
  const fake = Buffer.alloc(3000, 0x11);
  fake.set([0xff, 0xfb, 0xe0, 0xc4]);
  assert.equal(sniffAudioFormat(fake), 'unknown');
  // Random bytes practically never pass.
  const random = noiseSource(11);
  for (let i = 0; i < 500; i++) {
    const bytes = Uint8Array.from({ length: 2000 }, () => Math.floor((random() + 1) * 128));
    assert.equal(sniffAudioFormat(bytes), 'unknown');
  }
});

test('an MP3 renamed to .wav is sniffed as MP3, refused by the WAV decoder, decoded by the MP3 one', async () => {
  const upload = { name: 'voice.wav', bytes: mp3 };
  assert.equal(sniffAudioFormat(upload.bytes), 'mp3');
  assert.throws(() => decodeWav(upload.bytes), (e) => e instanceof AudioDecodeError && e.reason === 'unrecognized');
  const pcm = await decodeMp3(upload.bytes);
  assert.equal(pcm.sampleRate, 44100);
  // And the other way round.
  await assert.rejects(decodeMp3(wav), (e) => e instanceof AudioDecodeError && e.reason === 'unrecognized');
});

test('MP3 with an ID3 tag decodes to the same audio as without', async () => {
  const plain = await decodeMp3(mp3);
  const tagged = await decodeMp3(Buffer.concat([id3(), mp3]));
  assert.deepEqual(tagged.samples, plain.samples);
  const f0 = (await f0Stats(plain)).median;
  assert.ok(Math.abs(f0 / (await f0Stats(speech)).median - 1) < 0.01);
});

test('empty, tag-only, garbage and cut MP3 input give AudioDecodeError', async () => {
  const reasons = async (bytes: Uint8Array): Promise<string> => {
    try {
      await decodeMp3(bytes);
      return 'decoded';
    } catch (error) {
      assert.ok(error instanceof AudioDecodeError, String(error));
      return error.reason;
    }
  };
  assert.equal(await reasons(new Uint8Array(0)), 'empty');
  assert.equal(await reasons(id3()), 'truncated');
  assert.equal(await reasons(Buffer.from('not an mp3, just words')), 'unrecognized');
  // A file cut in its first frame has nothing whole to decode.
  assert.ok(['corrupt', 'decoded'].includes(await reasons(mp3.subarray(0, 300))));
  // Cut after a few frames, it decodes what is there.
  const part = await decodeMp3(mp3.subarray(0, 1044 * 10 + 17));
  assert.ok(part.samples.length > 0 && part.samples.length <= 10 * 1152);
});

test('decodeAudio picks the decoder by content', async () => {
  assert.equal((await decodeAudio(wav)).format, 'wav');
  assert.equal((await decodeAudio(mp3)).format, 'mp3');
  await assert.rejects(decodeAudio(Buffer.from('OggS\0\x02 not supported')), (e) => e instanceof AudioDecodeError && e.reason === 'unrecognized');
  await assert.rejects(decodeAudio(new Uint8Array(0)), (e) => e instanceof AudioDecodeError && e.reason === 'empty');
});
