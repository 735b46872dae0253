// Bundles the playground into dist/web: one script, one stylesheet, the page. Run by `npm run build`
// (and so by `npm ci` through `prepare`); nothing is fetched when the server runs.
import { copyFileSync, mkdirSync } from 'node:fs';
import { build } from 'esbuild';

const out = 'dist/web';
mkdirSync(out, { recursive: true });
await build({
  entryPoints: { playground: 'web/src/main.ts' },
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2022',
  outdir: out,
  logLevel: 'warning',
});
await build({ entryPoints: { playground: 'web/src/style.css' }, bundle: true, minify: true, outdir: out, logLevel: 'warning' });
copyFileSync('web/index.html', `${out}/index.html`);
