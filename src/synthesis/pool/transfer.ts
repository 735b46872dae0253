import { Piscina } from 'piscina';

/**
 * Audio crosses between threads by moving its buffers, not copying them: a 30 s sentence at
 * 44.1 kHz is 5 MB of floats. A view that does not own its whole buffer (a slice of a larger one)
 * is copied once so that moving it cannot take anything else along.
 */
export function ownBuffer<T extends Float32Array | Uint8Array>(view: T): T {
  return view.byteOffset === 0 && view.byteLength === view.buffer.byteLength && view.buffer instanceof ArrayBuffer ? view : (view.slice() as T);
}

/** The buffers to list in `transferList` when sending these views to a worker. */
export function buffersOf(views: readonly ArrayBufferView[]): ArrayBuffer[] {
  return [...new Set(views.map((v) => v.buffer as ArrayBuffer))];
}

/** A worker result whose buffers move back to the caller instead of being cloned. */
export function movingResult<T extends object>(value: T, views: readonly ArrayBufferView[]): T {
  return Piscina.move({ [Piscina.transferableSymbol]: buffersOf(views), [Piscina.valueSymbol]: value } as never) as unknown as T;
}
