#!/usr/bin/env node
// The `orator` command (node_modules/.bin/orator, `npx orator`, `npm start`): runs the built CLI,
// or, before `npm run build`, says so in one line instead of a MODULE_NOT_FOUND stack. It lives in
// scripts/ because the postinstall that links it must work before the build (and in a container
// build stage that copies only package*.json, .npmrc and scripts/ before `npm ci`).
import { existsSync } from 'node:fs';

const cli = new URL('../dist/src/start/cli.js', import.meta.url);
if (!existsSync(cli)) {
  console.error('orator is not built yet: run `npm run build` first (it compiles src/ into dist/)');
  process.exit(1);
}
await import(cli.href);
