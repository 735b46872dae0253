import cliProgress from 'cli-progress';

/** Sentences from which a progress bar is worth drawing. */
const progressThreshold = 8;

/**
 * The bar `orator say` draws on a terminal: one step per sentence (the synthesizer reports each
 * sentence, in order, when a progress listener is given), then "encoding" while the file is made.
 */
export class SayProgress {
  private bar: cliProgress.SingleBar | null = null;

  constructor(private readonly stream: NodeJS.WriteStream | null) {}

  update(done: number, total: number): void {
    if (!this.stream || total < progressThreshold) return;
    if (!this.bar) {
      this.bar = new cliProgress.SingleBar(
        { format: 'speaking [{bar}] {value}/{total} sentences {stage}', clearOnComplete: true, stream: this.stream, fps: 20 },
        cliProgress.Presets.shades_classic,
      );
      this.bar.start(total, 0, { stage: '' });
    }
    this.bar.update(done, { stage: done === total ? '(encoding)' : '' });
  }

  stop(): void {
    this.bar?.stop();
    this.bar = null;
  }
}
