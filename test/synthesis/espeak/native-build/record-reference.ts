import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadEspeakRuntime } from '../../../../src/synthesis/engines/espeak/espeak-runtime.js';
import { referenceCases, runReferenceCase, type ReferenceResult } from './reference-cases.js';

/**
 * Writes what the eSpeak runtime loaded now gives for every reference case. Run once against the
 * npm build (`@echogarden/espeak-ng-emscripten` 0.3.5) before it was replaced; its output is the
 * committed old-build-reference.json that the native-build test compares the source build with.
 *   node dist/test/synthesis/espeak/native-build/record-reference.js [output.json]
 */
const output = process.argv[2] ?? fileURLToPath(new URL('../../../../../test/synthesis/espeak/native-build/old-build-reference.json', import.meta.url));
const runtime = await loadEspeakRuntime();
const results: Record<string, ReferenceResult> = {};
for (const reference of referenceCases()) results[reference.name] = await runReferenceCase(runtime, reference);
writeFileSync(output, JSON.stringify(results, null, 2) + '\n');
console.log(`${Object.keys(results).length} cases written to ${output}`);
