// `npm run licenses:check`: every runtime dependency's licence must allow distributing it with
// Orator under GPL-3.0-or-later. Prints the licences found; exits 1 naming any package that fails.
import { runtimePackages, settled } from './runtime-packages.mjs';

/** Licences compatible with GPL-3.0-or-later (permissive ones, and the GPL/LGPL family from version 3 on or "or later"). */
const compatible = new Set([
  'MIT', 'MIT-0', 'ISC', '0BSD', 'BSD-2-Clause', 'BSD-3-Clause', 'Apache-2.0', 'BlueOak-1.0.0', 'Zlib', 'Unlicense', 'CC0-1.0',
  'WTFPL', 'Python-2.0', 'CC-BY-3.0', 'CC-BY-4.0', 'MPL-2.0', 'BSL-1.0',
  'LGPL-2.1-or-later', 'LGPL-3.0', 'LGPL-3.0-only', 'LGPL-3.0-or-later', 'GPL-2.0-or-later', 'GPL-3.0', 'GPL-3.0-only', 'GPL-3.0-or-later',
  'CMU-Flite',
  // LGPL-2.1 even without "or later": its section 3 lets a recipient apply the ordinary GPL, version 2
  // "or any later version", instead; so it may be combined with GPL-3.0-or-later code.
  'LGPL-2.1', 'LGPL-2.1-only',
]);

/** An SPDX expression is fine when every AND-part has a fine OR-alternative. Parentheses are flattened (enough for npm's expressions). */
function allowed(expression) {
  const flat = expression.replace(/[()]/g, ' ').trim();
  return flat.split(/\s+OR\s+/).some((alternative) => alternative.split(/\s+AND\s+/).every((id) => compatible.has(id.trim().replace(/\+$/, '-or-later'))));
}

const packages = runtimePackages();
const failures = [];
const counts = new Map();
for (const pkg of packages) {
  const fix = settled[pkg.name];
  const license = fix?.license ?? pkg.license;
  counts.set(license, (counts.get(license) ?? 0) + 1);
  if (!allowed(license)) failures.push(`${pkg.name}@${pkg.version}: ${pkg.license}`);
}
for (const [license, count] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`${String(count).padStart(4)}  ${license}`);
for (const [name, fix] of Object.entries(settled)) console.log(`settled: ${name} → ${fix.license} (${fix.why})`);
if (failures.length > 0) {
  console.error(`\n${failures.length} runtime package(s) with a licence not known to be GPL-3.0-or-later compatible:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log(`\n${packages.length} runtime packages, every licence compatible with GPL-3.0-or-later`);
