/** Bytes compared and restored at a time: large enough that a call per block costs little. */
const blockBytes = 64 * 1024;
const zeros = new Uint8Array(blockBytes);

/**
 * A snapshot of a WASM heap that can put the heap back as it was. Right after eSpeak starts, its
 * 17 MB heap holds about 1 MB of data at the bottom and zeros above, and a synthesis writes a few
 * dozen pages of it. So the snapshot keeps only the bytes below the last non-zero block, and
 * restoring compares block by block and writes only the blocks that differ. A full copy and a
 * full write each time would keep both 17 MB resident in every thread; this keeps ~1 MB and the
 * pages eSpeak really used, for about the time of the copy it replaces (a compare reads what a
 * copy would write).
 */
export class PristineHeap {
  /** The heap's bytes up to its last non-zero block; all zero above. */
  private readonly prefix: Uint8Array;

  constructor(heap: Uint8Array) {
    let end = heap.length;
    while (end > 0) {
      const start = Math.max(0, end - blockBytes);
      if (!isZero(heap.subarray(start, end))) break;
      end = start;
    }
    this.prefix = heap.slice(0, end);
  }

  /** Makes `heap` equal to the snapshot: below it the same bytes, above it (the part it may have grown into too) zeros. */
  restore(heap: Uint8Array): void {
    for (let start = 0; start < heap.length; start += blockBytes) {
      const end = Math.min(start + blockBytes, heap.length);
      const live = heap.subarray(start, end);
      if (start < this.prefix.length) {
        const saved = this.prefix.subarray(start, Math.min(end, this.prefix.length));
        if (saved.length === live.length) {
          if (Buffer.compare(live, saved) !== 0) live.set(saved);
        } else {
          // The block the snapshot ends in: its own bytes, then zeros.
          const head = live.subarray(0, saved.length);
          if (Buffer.compare(head, saved) !== 0) head.set(saved);
          const tail = live.subarray(saved.length);
          if (!isZero(tail)) tail.fill(0);
        }
      } else if (!isZero(live)) {
        live.fill(0);
      }
    }
  }
}

function isZero(bytes: Uint8Array): boolean {
  return Buffer.compare(bytes, zeros.subarray(0, bytes.length)) === 0;
}
