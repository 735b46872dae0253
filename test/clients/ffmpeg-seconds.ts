import { spawn } from 'node:child_process';

/** Seconds of audio ffmpeg decodes from `bytes` (its samples counted, at the file's own rate). */
export function ffmpegSeconds(bytes: Uint8Array, format: 'wav' | 'mp3', rate = 32000): Promise<number> {
  return new Promise((resolve, reject) => {
    // A stream's WAV header has 0xFFFFFFFF sizes: ffmpeg reads to the end of the input.
    const child = spawn('ffmpeg', ['-v', 'error', '-f', format, '-i', 'pipe:0', '-f', 's16le', '-ac', '1', '-ar', String(rate), 'pipe:1'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = 0;
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.length));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out / 2 / rate) : reject(new Error(`ffmpeg exited ${code}: ${err}`))));
    child.stdin.on('error', () => {});
    child.stdin.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });
}
