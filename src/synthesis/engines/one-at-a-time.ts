/**
 * Runs an engine's requests one after another, in the order they were made: each thread holds one
 * instance of an engine's runtime (eSpeak's heap, a loaded model), which two calls must not share.
 * A failed request does not stop the ones behind it.
 */
export class OneAtATime {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(work);
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Settles once every request made so far has. */
  async idle(): Promise<void> {
    await this.tail;
  }
}
