import { refreshAccount } from './account.js';
import { describe } from './api.js';
import { byId, h, say, setOptions } from './dom.js';
import { MicRecorder } from './recorder.js';
import { current } from './session.js';
import type { Catalog, CustomVoiceItem } from './types.js';

/**
 * Cloning: a file (chosen or dropped) or a recording, a name and a model →
 * `POST /v1/custom-voices/instant-clone`; the list of the account's custom voices with Delete.
 * `onCloned` shows the new voice in the catalog, chosen, ready to speak.
 */
export class ClonePanel {
  private file: File | null = null;
  private readonly recorder = new MicRecorder();
  private readonly form = byId<HTMLFormElement>('clone-form');
  private readonly error = byId('clone-error');
  private readonly status = byId('clone-status');
  private readonly list = byId<HTMLUListElement>('custom-list');
  private recordStarted = 0;
  private recordTimer = 0;

  constructor(catalog: Catalog, private readonly onCloned: (voiceId: string) => Promise<void>, private readonly onDeleted: () => Promise<void>) {
    setOptions(byId('clone-model'), catalog.cloneModels.map((m) => ({ value: m, label: m })));
    byId<HTMLSelectElement>('clone-model').value = catalog.cloneModels.at(-1) ?? '';
    const input = byId<HTMLInputElement>('clone-file');
    input.addEventListener('change', () => this.useFile(input.files?.[0] ?? null));
    const drop = byId('drop');
    drop.addEventListener('dragover', (event) => {
      event.preventDefault();
      drop.classList.add('over');
    });
    drop.addEventListener('dragleave', () => drop.classList.remove('over'));
    drop.addEventListener('drop', (event) => {
      event.preventDefault();
      drop.classList.remove('over');
      this.useFile(event.dataTransfer?.files[0] ?? null);
    });
    byId('record').addEventListener('click', () => void this.toggleRecording());
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.clone();
    });
  }

  private useFile(file: File | null): void {
    this.file = file;
    const sample = byId<HTMLAudioElement>('sample');
    if (sample.src) URL.revokeObjectURL(sample.src);
    sample.hidden = !file;
    if (file) sample.src = URL.createObjectURL(file);
    say(this.error, '');
    const name = byId<HTMLInputElement>('clone-name');
    if (file && !name.value) name.value = file.name.replace(/\.[^.]+$/, '').slice(0, 30);
    byId('record-status').textContent = file ? `${file.name}, ${(file.size / 1024).toFixed(0)} kB` : '';
  }

  private async toggleRecording(): Promise<void> {
    const button = byId<HTMLButtonElement>('record');
    const status = byId('record-status');
    try {
      if (!this.recorder.recording) {
        await this.recorder.start();
        button.textContent = 'Stop recording';
        button.setAttribute('aria-pressed', 'true');
        this.recordStarted = performance.now();
        const tick = () => (status.textContent = `Recording… ${((performance.now() - this.recordStarted) / 1000).toFixed(0)} s (speak for 5 to 150 s)`);
        tick();
        this.recordTimer = window.setInterval(tick, 500);
        return;
      }
      clearInterval(this.recordTimer);
      button.textContent = 'Record from the microphone';
      button.setAttribute('aria-pressed', 'false');
      status.textContent = 'Preparing the recording…';
      this.useFile(await this.recorder.stop());
    } catch (problem) {
      clearInterval(this.recordTimer);
      say(this.error, `The microphone could not be used: ${describe(problem)}`);
    }
  }

  private async clone(): Promise<void> {
    say(this.error, '');
    const name = byId<HTMLInputElement>('clone-name');
    name.removeAttribute('aria-invalid');
    if (!this.file) return say(this.error, 'Choose, drop or record an audio file first.');
    const form = new FormData();
    form.set('name', name.value.trim());
    form.set('model', byId<HTMLSelectElement>('clone-model').value);
    form.set('file', this.file, this.file.name);
    const button = byId<HTMLButtonElement>('clone-button');
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
    say(this.status, 'Cloning…');
    try {
      const made = await current.json<{ voice_id: string; name: string; status: string }>('/v1/custom-voices/instant-clone', { method: 'POST', body: form });
      say(this.status, `“${made.name}” is ready (${made.voice_id}).`);
      await this.load();
      await refreshAccount();
      await this.onCloned(made.voice_id);
    } catch (problem) {
      say(this.status, '');
      say(this.error, describe(problem));
      if (/name/.test(describe(problem))) name.setAttribute('aria-invalid', 'true');
    } finally {
      button.disabled = false;
      button.removeAttribute('aria-busy');
    }
  }

  async load(): Promise<void> {
    const status = byId('custom-status');
    say(status, 'Loading…');
    try {
      const voices = await current.json<CustomVoiceItem[]>('/v1/custom-voices');
      say(status, voices.length === 0 ? 'No custom voice yet.' : '');
      this.list.replaceChildren(...voices.map((voice) => this.item(voice)));
    } catch (problem) {
      say(status, describe(problem));
    }
  }

  private item(voice: CustomVoiceItem): HTMLLIElement {
    const remove = h('button', { type: 'button', class: 'ghost danger', 'aria-label': `Delete ${voice.name}` }, 'Delete');
    let armed = false;
    remove.addEventListener('click', async () => {
      // Two steps, so a stray click or Enter never deletes.
      if (!armed) {
        armed = true;
        remove.textContent = 'Confirm delete';
        return;
      }
      remove.disabled = true;
      try {
        await current.call(`/v1/custom-voices/${encodeURIComponent(voice.voice_id)}`, { method: 'DELETE' });
        say(this.status, `“${voice.name}” was deleted.`);
        await this.load();
        await refreshAccount();
        await this.onDeleted();
      } catch (problem) {
        remove.disabled = false;
        say(this.error, describe(problem));
      }
    });
    return h(
      'li',
      { 'data-voice-id': voice.voice_id },
      h('div', {}, h('strong', {}, voice.name), h('span', { class: 'muted small' }, ` ${voice.voice_id} · ${voice.model} · ${voice.source} · ${voice.status}`)),
      voice.error ? h('p', { class: 'error' }, voice.error) : null,
      remove,
    );
  }
}
