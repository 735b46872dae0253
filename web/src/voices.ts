import { describe } from './api.js';
import { byId, h, label, say, setOptions } from './dom.js';
import { current, session } from './session.js';
import type { Catalog, Voice } from './types.js';

/** The catalog panel: `/v3/voices` with its own filters, the language from catalog.json, previews, choosing. */
export class VoicePicker {
  voices: Voice[] = [];
  chosen: Voice | null = null;
  private readonly list = byId<HTMLUListElement>('voice-list');
  private readonly status = byId('voices-status');
  private readonly filters = byId<HTMLFormElement>('filters');
  private readonly nameLanguage = byId<HTMLSelectElement>('name-lang');
  private readonly preview = new Audio();
  private previewing: HTMLButtonElement | null = null;
  private loadCount = 0;

  constructor(private readonly catalog: Catalog, private readonly onChoose: (voice: Voice) => void) {
    const options = (values: string[], name = label) => [{ value: '', label: 'Any' }, ...values.map((v) => ({ value: v, label: name(v) }))];
    setOptions(byId('f-language'), options(catalog.languages.map((l) => l.code), (code) => this.languageName(code)));
    setOptions(byId('f-model'), options(catalog.models, (m) => m));
    setOptions(byId('f-gender'), options(catalog.genders));
    setOptions(byId('f-age'), options(catalog.ages));
    setOptions(byId('f-use-case'), options(catalog.useCases, (u) => u));
    this.filters.addEventListener('change', () => void this.load());
    this.filters.addEventListener('submit', (event) => event.preventDefault());
    this.nameLanguage.addEventListener('change', () => {
      setOptions(byId('f-language'), options(catalog.languages.map((l) => l.code), (code) => this.languageName(code)));
      this.render();
    });
    this.preview.addEventListener('ended', () => this.stopPreview());
  }

  languageName(code: string): string {
    const language = this.catalog.languages.find((l) => l.code === code);
    if (!language) return code;
    return this.nameLanguage.value === 'kor' ? language.korean : language.english;
  }

  nameOf(voice: Voice): string {
    return voice.voice_name[this.nameLanguage.value] ?? voice.voice_name.eng ?? Object.values(voice.voice_name)[0] ?? voice.voice_id;
  }

  /** The built-in voice's language; custom voices speak whatever they are given. */
  languageOf(voice: Voice): string | null {
    return this.catalog.voiceLanguages[voice.voice_id] ?? null;
  }

  /** Fetches the list again with the filters on screen (the server applies all but language). */
  async load(chooseId?: string): Promise<void> {
    const load = ++this.loadCount;
    const query = new URLSearchParams();
    for (const [name, value] of new FormData(this.filters)) if (value && name !== 'language') query.set(name, String(value));
    this.list.setAttribute('aria-busy', 'true');
    say(this.status, 'Loading voices…');
    try {
      const voices = await current.json<Voice[]>(`/v3/voices${query.size ? `?${query}` : ''}`);
      if (load !== this.loadCount) return;
      this.voices = voices;
      const wanted = chooseId ?? this.chosen?.voice_id;
      const next = voices.find((v) => v.voice_id === wanted) ?? (this.chosen ? null : this.visible()[0] ?? null);
      if (next) this.choose(next);
      this.render();
    } catch (problem) {
      if (load === this.loadCount) say(this.status, describe(problem));
    } finally {
      if (load === this.loadCount) this.list.removeAttribute('aria-busy');
    }
  }

  private visible(): Voice[] {
    const language = byId<HTMLSelectElement>('f-language').value;
    return language ? this.voices.filter((v) => this.languageOf(v) === language) : this.voices;
  }

  choose(voice: Voice): void {
    this.chosen = voice;
    for (const button of this.list.querySelectorAll<HTMLButtonElement>('button.choose')) {
      button.setAttribute('aria-pressed', String(button.dataset.voiceId === voice.voice_id));
    }
    this.onChoose(voice);
  }

  render(): void {
    const shown = this.visible();
    byId('voice-count').textContent = `(${shown.length})`;
    say(this.status, shown.length === 0 ? 'No voice matches these filters. Set one of them back to “Any”.' : '');
    this.list.replaceChildren(...shown.map((voice) => this.card(voice)));
  }

  private card(voice: Voice): HTMLLIElement {
    const name = this.nameOf(voice);
    const language = this.languageOf(voice);
    const tags = [
      language ? this.languageName(language) : 'any language',
      voice.gender && label(voice.gender),
      voice.age && label(voice.age),
      voice.voice_type === 'custom' ? 'custom' : null,
    ].filter((t): t is string => Boolean(t));
    const chosen = this.chosen?.voice_id === voice.voice_id;
    return h(
      'li',
      { class: 'voice', 'data-voice-id': voice.voice_id, 'data-language': language ?? '', 'data-gender': voice.gender ?? '', 'data-age': voice.age ?? '', 'data-type': voice.voice_type },
      h('div', { class: 'voice-head' }, h('strong', { class: 'voice-name' }, name), h('span', { class: 'tags' }, tags.join(' · '))),
      h('p', { class: 'muted small' }, [voice.models.map((m) => m.version).join(', '), voice.use_cases.join(', ')].filter(Boolean).join(' — ')),
      h(
        'div',
        { class: 'actions' },
        voice.preview_url
          ? h('button', { type: 'button', class: 'ghost preview', 'aria-label': `Preview ${name}`, onclick: (e: Event) => this.togglePreview(voice, e.currentTarget as HTMLButtonElement) }, '▶ Preview')
          : null,
        h('button', { type: 'button', class: 'choose', 'data-voice-id': voice.voice_id, 'aria-pressed': String(chosen), 'aria-label': `Use ${name}`, onclick: () => this.choose(voice) }, 'Use'),
      ),
    );
  }

  private togglePreview(voice: Voice, button: HTMLButtonElement): void {
    this.preview.pause();
    const again = this.previewing === button;
    this.stopPreview();
    if (again) return;
    this.previewing = button;
    button.textContent = '■ Stop';
    this.preview.src = voice.preview_url!;
    this.preview.play().catch((error: Error) => {
      say(this.status, `The preview did not play: ${error.message}`);
      this.stopPreview();
    });
  }

  private stopPreview(): void {
    if (this.previewing) this.previewing.textContent = '▶ Preview';
    this.previewing = null;
  }
}
