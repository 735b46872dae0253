import { wavFromAudioBuffer } from './wav.js';

/**
 * Records from the microphone with MediaRecorder, then decodes what it made (WebM/Opus in
 * Chromium) and writes it as WAV, since the clone routes take WAV or MP3.
 */
export class MicRecorder {
  private recorder: MediaRecorder | null = null;
  private chunks: Blob[] = [];

  get recording(): boolean {
    return this.recorder?.state === 'recording';
  }

  async start(): Promise<void> {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    this.chunks = [];
    this.recorder = new MediaRecorder(stream);
    this.recorder.addEventListener('dataavailable', (event) => this.chunks.push(event.data));
    this.recorder.start(250);
  }

  async stop(): Promise<File> {
    const recorder = this.recorder;
    if (!recorder) throw new Error('Not recording');
    const stopped = new Promise((resolve) => recorder.addEventListener('stop', resolve, { once: true }));
    recorder.stop();
    await stopped;
    for (const track of recorder.stream.getTracks()) track.stop();
    this.recorder = null;
    const recorded = new Blob(this.chunks, { type: recorder.mimeType });
    const context = new AudioContext();
    try {
      const decoded = await context.decodeAudioData(await recorded.arrayBuffer());
      return new File([wavFromAudioBuffer(decoded)], 'recording.wav', { type: 'audio/wav' });
    } finally {
      await context.close();
    }
  }
}
