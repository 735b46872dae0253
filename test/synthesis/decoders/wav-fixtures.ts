import { encodeAlaw } from '../../../src/synthesis/dsp/alaw.js';
import { encodeMulaw } from '../../../src/synthesis/dsp/mulaw.js';

/**
 * A test-only WAV writer for layouts the product never writes, built from the WAVE specification
 * independently of the decoder: it returns the file and the mono signal a correct decoder must
 * produce from it (the channels' quantized values, averaged).
 */
export interface WavLayoutSpec {
  encoding: 'pcm' | 'float' | 'mulaw' | 'alaw';
  /** Bits of the sample container: 8/16/24/32 (PCM), 32/64 (float), 8 (laws). */
  bits: number;
  /** Meaningful bits inside the container (extensible only); default all. */
  validBits?: number;
  channels: number;
  sampleRate: number;
  extensible?: boolean;
  /** Chunks written between `fmt ` and `data` / after `data` / before `fmt `. */
  between?: Chunk[];
  after?: Chunk[];
  before?: Chunk[];
  /** Leave out the pad byte after odd-length chunks, as some writers do. */
  forgetPadding?: boolean;
  /** Both size fields 0xFFFFFFFF, as a stream written before its length was known. */
  streamed?: boolean;
  /** Write RF64 with a ds64 chunk instead of RIFF. */
  rf64?: boolean;
  /** Bytes of an incomplete sample frame appended to the data. */
  trailingBytes?: number;
}

export interface Chunk {
  id: string;
  body: Uint8Array;
}

const tagOf = { pcm: 1, float: 3, alaw: 6, mulaw: 7 } as const;

export function buildWav(channelData: readonly Float32Array[], spec: WavLayoutSpec): { wav: Uint8Array; expected: Float32Array } {
  const frames = channelData[0].length;
  const bytesPerSample = spec.bits / 8;
  const data = Buffer.alloc(frames * spec.channels * bytesPerSample + (spec.trailingBytes ?? 0), 0x5a);
  const expected = new Float32Array(frames);
  for (let c = 0; c < spec.channels; c++) {
    const laws = spec.encoding === 'mulaw' ? encodeMulaw(channelData[c]) : spec.encoding === 'alaw' ? encodeAlaw(channelData[c]) : undefined;
    for (let i = 0; i < frames; i++) {
      const at = (i * spec.channels + c) * bytesPerSample;
      const x = channelData[c][i];
      let value: number;
      if (laws) {
        data[at] = laws[i];
        value = (spec.encoding === 'mulaw' ? lawValue.mulaw : lawValue.alaw)(laws[i]);
      } else if (spec.encoding === 'float') {
        if (spec.bits === 32) data.writeFloatLE(x, at);
        else data.writeDoubleLE(x, at);
        value = spec.bits === 32 ? Math.fround(x) : x;
      } else if (spec.bits === 8) {
        const q = Math.max(0, Math.min(255, Math.round(x * 128) + 128));
        data[at] = q;
        value = (q - 128) / 128;
      } else {
        const valid = spec.validBits ?? spec.bits;
        const scale = 2 ** (valid - 1);
        const q = Math.max(-scale, Math.min(scale - 1, Math.round(x * scale)));
        data.writeIntLE(q * 2 ** (spec.bits - valid), at, bytesPerSample);
        value = q / scale;
      }
      expected[i] += value / spec.channels;
    }
  }

  const format = Buffer.alloc(spec.extensible ? 40 : spec.encoding === 'pcm' ? 16 : 18);
  format.writeUInt16LE(spec.extensible ? 0xfffe : tagOf[spec.encoding], 0);
  format.writeUInt16LE(spec.channels, 2);
  format.writeUInt32LE(spec.sampleRate, 4);
  format.writeUInt32LE(spec.sampleRate * spec.channels * bytesPerSample, 8);
  format.writeUInt16LE(spec.channels * bytesPerSample, 12);
  format.writeUInt16LE(spec.bits, 14);
  if (format.length >= 18) format.writeUInt16LE(spec.extensible ? 22 : 0, 16);
  if (spec.extensible) {
    format.writeUInt16LE(spec.validBits ?? spec.bits, 18);
    format.writeUInt32LE(2 ** spec.channels - 1, 20); // speaker positions, first N
    // KSDATAFORMAT_SUBTYPE_{PCM,IEEE_FLOAT,ALAW,MULAW}: {0000000X-0000-0010-8000-00AA00389B71}
    Buffer.from(`0${tagOf[spec.encoding]}000000` + '00001000' + '800000aa00389b71', 'hex').copy(format, 24);
  }

  const riff = spec.rf64 ? 'RF64' : 'RIFF';
  const chunks: Chunk[] = [];
  if (spec.rf64) chunks.push({ id: 'ds64', body: ds64(data.length, frames) });
  chunks.push(...(spec.before ?? []), { id: 'fmt ', body: format }, ...(spec.between ?? []));
  const body: Buffer[] = [Buffer.from('WAVE')];
  for (const chunk of chunks) body.push(chunkBytes(chunk, spec.forgetPadding));
  const dataHeader = Buffer.alloc(8);
  dataHeader.write('data', 0, 'latin1');
  dataHeader.writeUInt32LE(spec.streamed || spec.rf64 ? 0xffffffff : data.length, 4);
  body.push(dataHeader, data);
  if (data.length % 2 === 1 && !spec.forgetPadding && !spec.streamed) body.push(Buffer.alloc(1));
  if (!spec.streamed) for (const chunk of spec.after ?? []) body.push(chunkBytes(chunk, spec.forgetPadding));
  const content = Buffer.concat(body);
  const head = Buffer.alloc(8);
  head.write(riff, 0, 'latin1');
  head.writeUInt32LE(spec.streamed || spec.rf64 ? 0xffffffff : content.length, 4);
  return { wav: new Uint8Array(Buffer.concat([head, content])), expected };
}

function chunkBytes(chunk: Chunk, forgetPadding = false): Buffer {
  const head = Buffer.alloc(8);
  head.write(chunk.id, 0, 'latin1');
  head.writeUInt32LE(chunk.body.length, 4);
  const pad = chunk.body.length % 2 === 1 && !forgetPadding ? Buffer.alloc(1) : Buffer.alloc(0);
  return Buffer.concat([head, chunk.body, pad]);
}

function ds64(dataBytes: number, frames: number): Uint8Array {
  const body = Buffer.alloc(28);
  body.writeBigUInt64LE(BigInt(dataBytes + 1000), 0);
  body.writeBigUInt64LE(BigInt(dataBytes), 8);
  body.writeBigUInt64LE(BigInt(frames), 16);
  return body;
}

// Laws decoded from the G.711 formulas (checked against the tables in the dsp tests).
const lawValue = {
  mulaw(code: number): number {
    const e = (~code >> 4) & 7;
    const s = ~code & 15;
    const magnitude = ((33 + 2 * s) * 2 ** e - 33) * 4;
    return (code & 0x80 ? magnitude : -magnitude) / 32768;
  },
  alaw(code: number): number {
    const v = code ^ 0x55;
    const e = (v >> 4) & 7;
    const s = v & 15;
    const magnitude = (e === 0 ? 2 * s + 1 : (33 + 2 * s) * 2 ** (e - 1)) * 8;
    return (v & 0x80 ? magnitude : -magnitude) / 32768;
  },
};

/** A LIST/INFO chunk with an odd-length body, as tagging tools write them. */
export function listInfo(text: string): Chunk {
  const value = Buffer.from(`${text}\0`, 'latin1');
  const sub = Buffer.alloc(8);
  sub.write('INAM', 0, 'latin1');
  sub.writeUInt32LE(value.length, 4);
  return { id: 'LIST', body: Buffer.concat([Buffer.from('INFO'), sub, value]) };
}
