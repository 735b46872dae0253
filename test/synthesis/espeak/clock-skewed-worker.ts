/** A thread whose clock runs `offsetMs` ahead, speaking a breathy variant (its noise comes from rand()). */
import { createHash } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { loadEspeakRuntime } from '../../../src/synthesis/engines/espeak/espeak-runtime.js';

const realNow = Date.now;
Date.now = () => realNow() + (workerData as { offsetMs: number }).offsetMs;
const runtime = await loadEspeakRuntime();
const { samples } = runtime.synthesize('en-us+f3', 'The quick brown fox jumps over the lazy dog.', { rate: 175, pitch: 50, range: 50, volume: 100 });
parentPort!.postMessage(createHash('sha256').update(Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)).digest('hex'));
