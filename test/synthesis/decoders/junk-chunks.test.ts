import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { readUpload } from '../../../src/synthesis/adaptation/read-upload.js';
import { UploadRejection } from '../../../src/synthesis/adaptation/upload-rejection.js';
import { AudioDecodeError } from '../../../src/synthesis/decoders/audio-decode-error.js';
import { maxWavChunks } from '../../../src/synthesis/decoders/wav-chunks.js';
import { decodeWav } from '../../../src/synthesis/decoders/wav.js';

/** A 16 kHz mono 16-bit WAV whose `fmt ` and `data` come after `junk` empty JUNK chunks. */
function wavAfterJunk(junk: number, seconds: number): Buffer {
  const rate = 16000;
  const data = Buffer.alloc(rate * 2 * seconds);
  for (let i = 0; i < rate * seconds; i++) data.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / rate)), i * 2);
  const fmt = Buffer.alloc(24);
  fmt.write('fmt ', 0, 'latin1');
  fmt.writeUInt32LE(16, 4);
  fmt.writeUInt16LE(1, 8);
  fmt.writeUInt16LE(1, 10);
  fmt.writeUInt32LE(rate, 12);
  fmt.writeUInt32LE(rate * 2, 16);
  fmt.writeUInt16LE(2, 20);
  fmt.writeUInt16LE(16, 22);
  const junkChunks = Buffer.alloc(8 * junk);
  for (let i = 0; i < junk; i++) junkChunks.write('JUNK', i * 8, 'latin1'); // size 0: eight bytes each
  const dataHeader = Buffer.alloc(8);
  dataHeader.write('data', 0, 'latin1');
  dataHeader.writeUInt32LE(data.length, 4);
  const body = Buffer.concat([Buffer.from('WAVE', 'latin1'), junkChunks, fmt, dataHeader, data]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}

/**
 * A WAV stuffed with millions of empty chunks costs one step per eight bytes to walk: the walk
 * stops after `maxWavChunks` chunks and the file is refused, whether read from disk (uploads)
 * or from memory. A real file with a few hundred chunks is still read.
 */
describe('WAV chunk walking is bounded', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'orator-junk-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('refuses the 25 MB file of 2.94 million empty JUNK chunks after the cap, on disk and in memory', async () => {
    const stuffed = wavAfterJunk(2_940_000, 6);
    assert.ok(stuffed.length > 23_000_000 && stuffed.length < 25_000_000);
    const file = path.join(dir, 'junk.wav');
    await writeFile(file, stuffed);
    await assert.rejects(readUpload(file, { minSeconds: 5, maxSeconds: 150 }), (error: unknown) => {
      assert.ok(error instanceof UploadRejection, String(error));
      assert.equal(error.reason, 'unreadable');
      assert.match(error.message, new RegExp(`more than ${maxWavChunks} chunks`));
      return true;
    });
    assert.throws(() => decodeWav(stuffed), (error: unknown) => error instanceof AudioDecodeError && error.message.includes(`more than ${maxWavChunks} chunks`));
  });

  it(`reads a file with ${maxWavChunks - 2} chunks before its audio`, async () => {
    const many = wavAfterJunk(maxWavChunks - 2, 6);
    const file = path.join(dir, 'many.wav');
    await writeFile(file, many);
    const info = await readUpload(file, { minSeconds: 5, maxSeconds: 150 });
    assert.equal(info.format, 'wav');
    assert.equal(info.seconds, 6);
    assert.equal(decodeWav(many).samples.length, 6 * 16000);
  });
});
