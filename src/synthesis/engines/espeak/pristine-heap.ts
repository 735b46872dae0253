/** Bytes compared and restored at a time: large enough that a call per block costs little. */
const blockBytes = 64 * 1024;
const zeros = new Uint8Array(blockBytes);

/**
 * A snapshot of a WASM heap that can put the heap back as it was. Right after eSpeak starts, its
 * 32 MB heap holds its static data at the bottom, then the 5 MB stack region (zeros but for the
 * few pages of stack start-up used), then about 1 MB of allocations (English dictionary, voice,
 * buffers), and zeros above; a synthesis writes a few dozen pages. So the snapshot keeps only the
 * 64 KB blocks that are not all zeros (~2 MB of the 6.5 MB below the last one), and restoring
 * compares block by block and writes only the blocks that differ. A full copy and a full write
 * each time would keep 32 MB resident twice in every thread; this keeps what eSpeak really used,
 * for about the time of the copy it replaces (a compare reads what a copy would write).
 */
export class PristineHeap {
  /** Each block's bytes up to the last non-zero block, or null where the block was all zeros; all zero above. */
  private readonly blocks: (Uint8Array | null)[] = [];

  constructor(heap: Uint8Array) {
    for (let start = 0; start < heap.length; start += blockBytes) {
      const block = heap.subarray(start, Math.min(start + blockBytes, heap.length));
      this.blocks.push(isZero(block) ? null : block.slice());
    }
    while (this.blocks.length > 0 && this.blocks[this.blocks.length - 1] === null) this.blocks.pop();
  }

  /** Bytes the snapshot holds (its non-zero blocks). */
  get size(): number {
    return this.blocks.reduce((n, block) => n + (block?.length ?? 0), 0);
  }

  /** Makes `heap` equal to the snapshot: the saved blocks' bytes, zeros everywhere else (the part it may have grown into too). */
  restore(heap: Uint8Array): void {
    for (let index = 0, start = 0; start < heap.length; index++, start += blockBytes) {
      const live = heap.subarray(start, Math.min(start + blockBytes, heap.length));
      const saved = index < this.blocks.length ? this.blocks[index] : null;
      if (saved) {
        if (Buffer.compare(live, saved) !== 0) live.set(saved);
      } else if (!isZero(live)) {
        live.fill(0);
      }
    }
  }
}

function isZero(bytes: Uint8Array): boolean {
  return Buffer.compare(bytes, zeros.subarray(0, bytes.length)) === 0;
}
