export { encodeWavPcm16, encodeWavMulaw, wavStreamHeader, pcm16Bytes } from './wav.js';
export { encodeMp3, createMp3StreamEncoder, defaultMp3Bitrate, type Mp3Options, type Mp3StreamEncoder } from './mp3.js';
