import { execFile } from 'node:child_process';

/** Seconds of audio in `bytes` as Debian's ffmpeg decodes them (all of them, to 16-bit mono); raw PCM needs its layout in `inputArgs`. */
export function ffmpegSeconds(bytes: Uint8Array, inputArgs: string[] = []): Promise<number> {
  const rate = 48000;
  return new Promise((resolve, reject) => {
    const child = execFile(
      'ffmpeg',
      ['-hide_banner', '-loglevel', 'error', ...inputArgs, '-i', 'pipe:0', '-f', 's16le', '-ac', '1', '-ar', String(rate), 'pipe:1'],
      { encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`ffmpeg failed: ${stderr.toString()}`));
        if (stderr.length > 0) return reject(new Error(`ffmpeg complained: ${stderr.toString()}`));
        resolve(stdout.length / 2 / rate);
      },
    );
    // ffmpeg reads its whole input; an early exit is reported through its exit code, not the pipe.
    child.stdin!.on('error', () => {});
    child.stdin!.end(Buffer.from(bytes));
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
