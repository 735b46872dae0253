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
 *
 * Only the memory below eSpeak's heap top (`orator_heap_top`, sbrk) is read: Emscripten's malloc
 * never gives memory back and nothing writes above the top, and the previous restore left what is
 * above it as the snapshot has it. So a call reads the ~7 MB eSpeak uses, not all 32 MB.
 */
export class PristineHeap {
  /** Each block's bytes up to the last non-zero block, or null where the block was all zeros; all zero above. */
  private readonly blocks: (Uint8Array | null)[] = [];

  /**
   * `top`: the program's heap top (all zeros above it). `base`: a snapshot whose blocks this one
   * shares where they are equal, so that a second snapshot costs only the blocks that differ.
   */
  constructor(heap: Uint8Array, top = heap.length, base?: PristineHeap) {
    const end = Math.min(heap.length, top);
    for (let index = 0, start = 0; start < end; index++, start += blockBytes) {
      const block = heap.subarray(start, Math.min(start + blockBytes, heap.length));
      const shared = base?.blocks[index];
      if (shared && Buffer.compare(block, shared) === 0) this.blocks.push(shared);
      else this.blocks.push(isZero(block) ? null : block.slice());
    }
    while (this.blocks.length > 0 && this.blocks[this.blocks.length - 1] === null) this.blocks.pop();
  }

  /**
   * Makes `heap` equal to the snapshot below `top` (the program's heap top now; the whole heap when
   * not given) and below its own top: the saved blocks' bytes, zeros everywhere else (the part it
   * may have grown into too).
   */
  restore(heap: Uint8Array, top = heap.length): void {
    // Below the snapshot's own last block too: a snapshot taken higher up than the heap's top now.
    const end = Math.min(heap.length, Math.max(top, this.blocks.length * blockBytes));
    for (let index = 0, start = 0; start < end; index++, start += blockBytes) {
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
