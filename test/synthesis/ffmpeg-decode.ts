import { execFile, spawn } from 'node:child_process';

/**
 * Seconds of audio in `bytes` as Debian's ffmpeg decodes them: all of them, to 16-bit mono at
 * `rate`, the samples counted. A headerless or streamed input names its layout in `inputArgs`
 * (`-f mp3`, or raw PCM's format, rate and channels). Anything ffmpeg says at error level fails.
 */
export function ffmpegSeconds(bytes: Uint8Array, inputArgs: string[] = [], rate = 48000): Promise<number> {
  return new Promise((resolve, reject) => {
    // A stream's WAV header has 0xFFFFFFFF sizes: ffmpeg reads to the end of the input.
    const child = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', ...inputArgs, '-i', 'pipe:0', '-f', 's16le', '-ac', '1', '-ar', String(rate), 'pipe:1']);
    let out = 0;
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.length));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`ffmpeg exited ${code}: ${err}`));
      if (err.length > 0) return reject(new Error(`ffmpeg complained: ${err}`));
      resolve(out / 2 / rate);
    });
    // ffmpeg reads its whole input; an early exit is reported through its exit code, not the pipe.
    child.stdin.on('error', () => {});
    child.stdin.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });
}

/** The codec and sample rate ffprobe reads from `bytes`. */
export function ffprobeStream(bytes: Uint8Array): Promise<{ codec: string; sampleRate: number; channels: number; format: string }> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'ffprobe',
      ['-hide_banner', '-loglevel', 'error', '-show_entries', 'stream=codec_name,sample_rate,channels:format=format_name', '-of', 'json', 'pipe:0'],
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`ffprobe failed: ${stderr}`));
        const parsed = JSON.parse(stdout) as { streams: { codec_name: string; sample_rate: string; channels: number }[]; format: { format_name: string } };
        const [stream] = parsed.streams;
        resolve({ codec: stream.codec_name, sampleRate: Number(stream.sample_rate), channels: stream.channels, format: parsed.format.format_name });
      },
    );
    // ffprobe stops reading once it has the header (a WAV's, say), so the rest of the write may meet a closed pipe.
    child.stdin!.on('error', () => {});
    child.stdin!.end(Buffer.from(bytes));
  });
}
