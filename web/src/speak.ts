import { refreshAccount } from './account.js';
import { ApiProblem, describe } from './api.js';
import { byId, say, setOptions } from './dom.js';
import { controlOf, speechRequest, streamRequest, type SpeechRequest } from './request.js';
import { creditsLeft, current, session } from './session.js';
import { snippet, type SnippetKind } from './snippets.js';
import { setUpTabs } from './tabs.js';
import { canStream, playStream } from './stream-player.js';
import type { Catalog, TimestampsAnswer, Voice } from './types.js';
import { wantsCharacters, WordTrack } from './words.js';

const maxText = 2000;

function base64Bytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * The Speak form. Pressing Speak sends two requests: the streaming route, whose MP3 is played
 * while it arrives (the first sound comes after the first sentence), and the with-timestamps
 * route, whose words light up during playback and whose file is the download.
 */
export class SpeakPanel {
  private voice: Voice | null = null;
  private running: AbortController | null = null;
  private snippetKind: SnippetKind = 'curl';
  private retryTimer = 0;
  private readonly form = byId<HTMLFormElement>('speak-form');
  private readonly text = byId<HTMLTextAreaElement>('text');
  private readonly audio = byId<HTMLAudioElement>('player');
  private readonly status = byId('speak-status');
  private readonly error = byId('speak-error');
  private readonly button = byId<HTMLButtonElement>('speak-button');
  private readonly download = byId<HTMLAnchorElement>('download');
  private readonly words = new WordTrack(byId('words'), this.audio);
  private downloadUrl = '';
  private captionUrls: string[] = [];

  constructor(private readonly catalog: Catalog, private readonly voiceName: (voice: Voice) => string) {
    setOptions(byId('language'), [{ value: '', label: 'Detect from the text' }, ...catalog.languages.map((l) => ({ value: l.code, label: l.english }))]);
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.speak();
    });
    this.form.addEventListener('input', () => this.refresh());
    this.form.addEventListener('change', () => this.refresh());
    byId('model').addEventListener('change', () => this.fillEmotions());
    byId('stop-button').addEventListener('click', () => this.stop());
    document.addEventListener('account-changed', () => this.count());
    setUpTabs(byId('snip-curl').parentElement!, (tab) => this.showSnippet(tab.id.slice('snip-'.length) as SnippetKind), true);
    byId('copy-snippet').addEventListener('click', () => void this.copySnippet());
    this.audio.addEventListener('playing', () => {
      if (this.audio.dataset.clickedAt && !this.audio.dataset.firstSoundMs) {
        this.audio.dataset.firstSoundMs = String(Math.round(performance.now() - Number(this.audio.dataset.clickedAt)));
        this.note();
      }
    });
    this.refresh();
  }

  setVoice(voice: Voice): void {
    this.voice = voice;
    byId('chosen-voice').textContent = `${this.voiceName(voice)} (${voice.voice_id})`;
    setOptions(byId('model'), voice.models.map((m) => ({ value: m.version, label: m.version })));
    this.fillEmotions();
  }

  private fillEmotions(): void {
    const model = this.voice?.models.find((m) => m.version === byId<HTMLSelectElement>('model').value);
    setOptions(byId('emotion-preset'), (model?.emotions ?? ['normal']).map((e) => ({ value: e, label: e })));
    this.refresh();
  }

  /** Everything that follows the form as it is typed: counters, shown fields, the snippet. */
  private refresh(): void {
    const smart = byId<HTMLSelectElement>('emotion-kind').value === 'smart';
    for (const el of this.form.querySelectorAll<HTMLElement>('.preset-only')) el.hidden = smart;
    this.form.querySelector<HTMLElement>('.smart-only')!.hidden = !smart;
    const lufs = byId<HTMLSelectElement>('loudness-kind').value === 'lufs';
    this.form.querySelector<HTMLElement>('.volume-only')!.hidden = lufs;
    this.form.querySelector<HTMLElement>('.lufs-only')!.hidden = !lufs;
    byId('intensity-value').textContent = Number(byId<HTMLInputElement>('emotion-intensity').value).toFixed(1);
    byId('tempo-value').textContent = `${Number(byId<HTMLInputElement>('tempo').value).toFixed(2)}×`;
    byId('pitch-value').textContent = `${byId<HTMLInputElement>('pitch').value} st`;
    byId('volume-value').textContent = byId<HTMLInputElement>('volume').value;
    this.count();
    this.renderSnippet();
  }

  private count(): void {
    const length = this.text.value.length;
    const credits = session.subscription ? creditsLeft() : maxText;
    const limit = Math.min(maxText, credits);
    const counter = byId('text-count');
    counter.textContent = `${length} / ${limit} characters${credits < maxText ? ` (credits left: ${credits})` : ''}`;
    counter.classList.toggle('over', length > limit);
  }

  private request(): SpeechRequest | null {
    return this.voice ? speechRequest(this.voice) : null;
  }

  private clearInvalid(): void {
    for (const el of this.form.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
    say(this.error, '');
  }

  private showProblem(problem: unknown): void {
    say(this.error, describe(problem));
    if (!(problem instanceof ApiProblem)) return;
    const control = problem.field ? controlOf(problem.field) : null;
    if (control) {
      control.setAttribute('aria-invalid', 'true');
      control.setAttribute('aria-errormessage', 'speak-error');
      control.focus();
    }
    if (problem.status === 429 && problem.retryAfter) this.holdFor(problem.retryAfter);
  }

  /** After a 429 with Retry-After, Speak waits out the time the server asked for. */
  private holdFor(seconds: number): void {
    clearInterval(this.retryTimer);
    let left = seconds;
    this.button.disabled = true;
    const tick = () => {
      this.button.textContent = left > 0 ? `Speak (wait ${left} s)` : 'Speak';
      if (left-- <= 0) {
        clearInterval(this.retryTimer);
        this.button.disabled = false;
      }
    };
    tick();
    this.retryTimer = window.setInterval(tick, 1000);
  }

  private stop(): void {
    this.running?.abort();
    this.running = null;
    this.audio.pause();
    byId<HTMLButtonElement>('stop-button').disabled = true;
  }

  private async speak(): Promise<void> {
    this.clearInvalid();
    const request = this.request();
    if (!request) return say(this.error, 'Choose a voice in the list first.');
    if (request.text.trim() === '') {
      this.text.setAttribute('aria-invalid', 'true');
      this.text.focus();
      return say(this.error, 'Type something to speak.');
    }
    this.stop();
    const controller = new AbortController();
    this.running = controller;
    const clickedAt = performance.now();
    delete this.audio.dataset.firstSoundMs;
    delete this.audio.dataset.fileMs;
    this.audio.dataset.clickedAt = String(clickedAt);
    this.audio.dataset.state = 'loading';
    this.download.hidden = true;
    if (this.downloadUrl) URL.revokeObjectURL(this.downloadUrl);
    this.hideCaptions();
    this.words.clear();
    this.button.setAttribute('aria-busy', 'true');
    byId<HTMLButtonElement>('stop-button').disabled = false;
    say(this.status, 'Speaking…');

    const characters = wantsCharacters(request.text);
    // The stream goes first and alone: the with-timestamps synthesis is asked for once the first
    // sound has arrived, so that it never takes the pool ahead of the stream's first sentence.
    let started: () => void = () => undefined;
    const firstSound = new Promise<void>((resolve) => (started = resolve));
    const streamed = canStream()
      ? current.postJson('/v1/text-to-speech/stream', streamRequest(request), { signal: controller.signal }).then((r) => playStream(this.audio, r.body!, controller.signal, started))
      : null;
    if (!streamed) started();
    const timed = Promise.race([firstSound, streamed?.then(() => undefined)])
      .then(() => current.postJson(`/v1/text-to-speech/with-timestamps?granularity=${characters ? 'char' : 'word'}&captions=srt,vtt`, request, { signal: controller.signal }))
      .then((r) => r.json() as Promise<TimestampsAnswer>);
    try {
      const [answer] = await Promise.all([
        timed.then((answer) => {
          this.audio.dataset.fileMs = String(Math.round(performance.now() - clickedAt));
          this.showResult(answer, characters, streamed === null);
          return answer;
        }),
        streamed,
      ]);
      this.audio.dataset.state = 'done';
      this.note(answer.audio_duration);
    } catch (problem) {
      if (controller.signal.aborted) return say(this.status, 'Stopped.');
      this.audio.dataset.state = 'failed';
      say(this.status, '');
      this.showProblem(problem);
      controller.abort();
    } finally {
      this.button.removeAttribute('aria-busy');
      if (this.running === controller) this.running = null;
      refreshAccount().catch(() => undefined);
    }
  }

  private showResult(answer: TimestampsAnswer, characters: boolean, play: boolean): void {
    const type = answer.audio_format === 'mp3' ? 'audio/mpeg' : 'audio/wav';
    const blob = new Blob([base64Bytes(answer.audio)], { type });
    this.downloadUrl = URL.createObjectURL(blob);
    const name = this.voice ? this.voiceName(this.voice).replace(/[^\p{L}\p{N}]+/gu, '-') : 'speech';
    this.download.href = this.downloadUrl;
    this.download.download = `orator-${name}.${answer.audio_format}`;
    this.download.textContent = `Download ${answer.audio_format.toUpperCase()} (${(blob.size / 1024).toFixed(0)} kB)`;
    this.download.hidden = false;
    if (play) {
      this.audio.src = this.downloadUrl;
      this.audio.play().catch(() => undefined);
    }
    const list = (characters ? answer.characters : answer.words) ?? answer.words ?? answer.characters ?? [];
    this.words.show(list, characters);
    this.showCaptions(answer, `orator-${name}`);
  }

  /** The server's caption files of what was spoken: shown, and offered as downloads. */
  private showCaptions(answer: TimestampsAnswer, name: string): void {
    for (const format of ['srt', 'vtt'] as const) {
      const file = answer.captions?.[format];
      const link = byId<HTMLAnchorElement>(`download-${format}`);
      if (!file) continue;
      const url = URL.createObjectURL(new Blob([file], { type: format === 'srt' ? 'application/x-subrip' : 'text/vtt' }));
      this.captionUrls.push(url);
      link.href = url;
      link.download = `${name}.${format}`;
      link.hidden = false;
    }
    if (answer.captions?.srt) {
      byId('captions-text').textContent = answer.captions.srt;
      byId('captions').hidden = false;
    }
  }

  private hideCaptions(): void {
    for (const url of this.captionUrls) URL.revokeObjectURL(url);
    this.captionUrls = [];
    for (const id of ['download-srt', 'download-vtt', 'captions']) byId(id).hidden = true;
  }

  private note(duration?: number): void {
    const first = this.audio.dataset.firstSoundMs;
    const file = this.audio.dataset.fileMs;
    const parts = [
      first && `first sound after ${(Number(first) / 1000).toFixed(2)} s`,
      file && `whole file ready after ${(Number(file) / 1000).toFixed(2)} s`,
      duration !== undefined && `${duration.toFixed(2)} s of speech`,
    ].filter(Boolean);
    if (parts.length) say(this.status, `Playing: ${parts.join(', ')}.`);
  }

  private showSnippet(kind: SnippetKind): void {
    this.snippetKind = kind;
    this.renderSnippet();
  }

  private renderSnippet(): void {
    const request = this.request();
    byId('snippet-code').textContent = request ? snippet(this.snippetKind, request, location.origin) : 'Choose a voice to see the call.';
    byId('snippet').dataset.kind = this.snippetKind;
  }

  private async copySnippet(): Promise<void> {
    const code = byId('snippet-code').textContent ?? '';
    const status = byId('copy-status');
    try {
      await navigator.clipboard.writeText(code);
      status.textContent = 'Copied.';
    } catch {
      // Clipboard refused (no permission, plain http): select the text for Ctrl+C instead.
      const range = document.createRange();
      range.selectNodeContents(byId('snippet-code'));
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
      status.textContent = 'Selected: press Ctrl+C to copy.';
    }
  }
}
