// The @echogarden WASM packages ship no typings. These declare only the Emscripten exports this
// project calls; the C signatures are those of SpeexDSP's resampler and of Sonic.

interface EmscriptenHeaps {
  HEAPU8: Uint8Array;
  HEAP32: Int32Array;
  HEAPU32: Uint32Array;
  HEAPF32: Float32Array;
  _malloc(bytes: number): number;
  _free(pointer: number): void;
}

declare module '@echogarden/speex-resampler-wasm/simd' {
  export interface SpeexResamplerModule extends EmscriptenHeaps {
    /** Returns a state pointer; writes an error code to `errorPointer`. */
    _speex_resampler_init(channels: number, inRate: number, outRate: number, quality: number, errorPointer: number): number;
    _speex_resampler_destroy(state: number): void;
    _speex_resampler_skip_zeros(state: number): number;
    _speex_resampler_get_input_latency(state: number): number;
    /** `inLengthPointer`/`outLengthPointer` point to uint32 counts, updated to what was used/produced. */
    _speex_resampler_process_float(state: number, channel: number, input: number, inLengthPointer: number, output: number, outLengthPointer: number): number;
  }
  const factory: (options?: object) => Promise<SpeexResamplerModule>;
  export default factory;
}

declare module '@echogarden/sonic-wasm' {
  export interface SonicModule extends EmscriptenHeaps {
    _sonicCreateStream(sampleRate: number, channels: number): number;
    _sonicDestroyStream(stream: number): void;
    _sonicSetSpeed(stream: number, speed: number): void;
    _sonicSetPitch(stream: number, pitch: number): void;
    _sonicSetRate(stream: number, rate: number): void;
    _sonicSetQuality(stream: number, quality: number): void;
    /** Returns 0 when sonic could not grow its buffers. */
    _sonicWriteFloatToStream(stream: number, samples: number, frames: number): number;
    _sonicReadFloatFromStream(stream: number, samples: number, maxFrames: number): number;
    _sonicFlushStream(stream: number): number;
    _sonicSamplesAvailable(stream: number): number;
  }
  const factory: (options?: object) => Promise<SonicModule>;
  export default factory;
}
