/**
 * Plays a streamed MP3 answer in an `<audio>` element while it is still arriving, through Media
 * Source Extensions: each chunk is appended as it comes, playback starts after the first.
 */
export function canStream(): boolean {
  return typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported('audio/mpeg');
}

function once(target: EventTarget, type: string): Promise<void> {
  return new Promise((resolve) => target.addEventListener(type, () => resolve(), { once: true }));
}

async function append(buffer: SourceBuffer, chunk: Uint8Array): Promise<void> {
  const done = once(buffer, 'updateend');
  buffer.appendBuffer(chunk as Uint8Array<ArrayBuffer>);
  await done;
}

export async function playStream(audio: HTMLAudioElement, body: ReadableStream<Uint8Array>, signal: AbortSignal, onStarted: () => void): Promise<void> {
  const source = new MediaSource();
  const url = URL.createObjectURL(source);
  audio.src = url;
  await once(source, 'sourceopen');
  URL.revokeObjectURL(url);
  const buffer = source.addSourceBuffer('audio/mpeg');
  const reader = body.getReader();
  let started = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || signal.aborted) break;
      if (value.byteLength === 0) continue;
      await append(buffer, value);
      if (!started) {
        started = true;
        onStarted();
        audio.play().catch(() => {
          // Autoplay refused or interrupted by Stop: the controls are there.
        });
      }
    }
  } finally {
    if (source.readyState === 'open') source.endOfStream();
    if (!started) onStarted();
  }
}
