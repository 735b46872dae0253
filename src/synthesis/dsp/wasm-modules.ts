import createSpeexResampler, { type SpeexResamplerModule } from '@echogarden/speex-resampler-wasm/simd';
import createSonic, { type SonicModule } from '@echogarden/sonic-wasm';

// One instance of each module per thread: instantiating costs milliseconds and the modules keep no
// state between calls except what each call allocates and frees itself. In Node both read their
// .wasm file from node_modules with fs; nothing is fetched.
let speex: Promise<SpeexResamplerModule> | undefined;
let sonic: Promise<SonicModule> | undefined;

export function speexModule(): Promise<SpeexResamplerModule> {
  speex ??= createSpeexResampler();
  return speex;
}

export function sonicModule(): Promise<SonicModule> {
  sonic ??= createSonic();
  return sonic;
}

