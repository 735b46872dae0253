import { h } from './dom.js';
import type { TimedText } from './types.js';

/** Scripts written without spaces between words: their characters light up instead. */
const unspaced = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

export function wantsCharacters(text: string): boolean {
  const letters = [...text].filter((c) => /\p{L}/u.test(c));
  return letters.length > 0 && letters.filter((c) => unspaced.test(c)).length / letters.length > 0.5;
}

/**
 * The words (or characters) of the speech as buttons: the one being spoken is marked
 * `aria-current`, a click (or Enter) plays from there, arrow keys move between them (one tab stop).
 */
export class WordTrack {
  private items: TimedText[] = [];
  private buttons: HTMLButtonElement[] = [];
  private currentIndex = -1;
  private frame = 0;

  constructor(private readonly container: HTMLElement, private readonly audio: HTMLAudioElement) {
    audio.addEventListener('playing', () => this.follow());
    audio.addEventListener('seeked', () => this.update());
    audio.addEventListener('pause', () => cancelAnimationFrame(this.frame));
    container.addEventListener('keydown', (event) => this.onKey(event));
  }

  show(items: TimedText[], characters: boolean): void {
    this.items = items.filter((item) => item.text.trim() !== '');
    this.currentIndex = -1;
    this.container.classList.toggle('characters', characters);
    this.buttons = this.items.map((item, index) =>
      h('button', { type: 'button', class: 'word', tabindex: index === 0 ? 0 : -1, 'data-start': item.start, 'data-end': item.end, onclick: () => this.seek(index) }, item.text),
    );
    this.container.replaceChildren(...this.buttons.flatMap((b, i) => (characters || i === 0 ? [b] : [' ', b])));
    this.update();
  }

  clear(): void {
    this.items = [];
    this.buttons = [];
    this.container.replaceChildren();
  }

  private seek(index: number): void {
    this.audio.currentTime = this.items[index].start + 0.001;
    if (this.audio.paused) this.audio.play().catch(() => undefined);
    this.update();
  }

  private follow(): void {
    cancelAnimationFrame(this.frame);
    const tick = () => {
      this.update();
      if (!this.audio.paused && !this.audio.ended) this.frame = requestAnimationFrame(tick);
    };
    tick();
  }

  private update(): void {
    const t = this.audio.currentTime;
    let index = this.items.findIndex((item) => t >= item.start && t < item.end);
    if (index === -1 && this.currentIndex !== -1 && t < this.items[this.currentIndex]?.end + 0.25) index = this.currentIndex;
    if (index === this.currentIndex) return;
    this.buttons[this.currentIndex]?.removeAttribute('aria-current');
    this.currentIndex = index;
    const button = this.buttons[index];
    if (!button) return;
    button.setAttribute('aria-current', 'true');
    for (const b of this.buttons) b.tabIndex = b === button ? 0 : -1;
  }

  private onKey(event: KeyboardEvent): void {
    const at = this.buttons.indexOf(event.target as HTMLButtonElement);
    if (at === -1) return;
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    const target = event.key === 'Home' ? 0 : event.key === 'End' ? this.buttons.length - 1 : step ? at + step : -1;
    const next = this.buttons[target];
    if (!next) return;
    event.preventDefault();
    for (const b of this.buttons) b.tabIndex = b === next ? 0 : -1;
    next.focus();
  }
}
