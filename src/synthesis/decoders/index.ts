export { AudioDecodeError, type AudioDecodeFailure } from './audio-decode-error.js';
export { decodeWav } from './wav.js';
export { decodeMp3 } from './mp3.js';
export { sniffAudioFormat, type AudioFormat } from './sniff.js';
export { parseMpegFrameHeader, type MpegFrameHeader } from './mpeg-frame-header.js';
export { decodeAudio } from './decode-audio.js';
