/** What an MPEG audio frame header says, enough to find the next frame and to sniff a file. */
export interface MpegFrameHeader {
  /** 1, 2 or 2.5 (MPEG-2.5 is the low-rate extension). */
  version: 1 | 2 | 2.5;
  layer: 1 | 2 | 3;
  bitrateKbps: number;
  sampleRate: number;
  /** Bytes from this header to the next one. */
  frameBytes: number;
  samplesPerFrame: number;
  channels: 1 | 2;
}

const bitratesKbps = {
  v1: [
    [32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  ],
  v2: [
    [32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  ],
};
const sampleRates = { 1: [44100, 48000, 32000], 2: [22050, 24000, 16000], 2.5: [11025, 12000, 8000] };

/**
 * Parses the 4-byte header at `offset`, or returns null when those bytes are not a usable one:
 * no sync, a reserved version, layer, rate or emphasis, or the free/bad bitrate (free-format
 * streams are not supported: their frame length cannot be read from the header).
 */
export function parseMpegFrameHeader(bytes: Uint8Array, offset = 0): MpegFrameHeader | null {
  if (offset < 0 || offset + 4 > bytes.length) return null;
  const b1 = bytes[offset + 1];
  const b2 = bytes[offset + 2];
  const b3 = bytes[offset + 3];
  if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const versionBits = (b1 >> 3) & 0x03;
  const layerBits = (b1 >> 1) & 0x03;
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 0x03;
  if (versionBits === 1 || layerBits === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3 || (b3 & 0x03) === 2) return null;
  const version = versionBits === 3 ? 1 : versionBits === 2 ? 2 : 2.5;
  const layer = (4 - layerBits) as 1 | 2 | 3;
  const bitrateKbps = bitratesKbps[version === 1 ? 'v1' : 'v2'][layer - 1][bitrateIndex - 1];
  const sampleRate = sampleRates[version][rateIndex];
  const padding = (b2 >> 1) & 0x01;
  const channels = (b3 >> 6) === 3 ? 1 : 2;
  let frameBytes: number;
  let samplesPerFrame: number;
  if (layer === 1) {
    samplesPerFrame = 384;
    frameBytes = (Math.floor((12 * bitrateKbps * 1000) / sampleRate) + padding) * 4;
  } else {
    // Layer III of MPEG-2/2.5 carries one granule per frame instead of two.
    samplesPerFrame = layer === 3 && version !== 1 ? 576 : 1152;
    frameBytes = Math.floor(((samplesPerFrame / 8) * bitrateKbps * 1000) / sampleRate) + padding;
  }
  return { version, layer, bitrateKbps, sampleRate, frameBytes, samplesPerFrame, channels };
}
