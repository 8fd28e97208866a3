#!/usr/bin/env node
// The `parla` command: runs the compiled build (dist/, from `npm run build`) when there is one that is not older than
// the sources, else the TypeScript sources through tsx (development; PARLA_DEV=1 forces this).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUILT = path.join(ROOT, 'dist', 'cli', 'main.js');

/** True when a file or folder under `dir` changed after `since` (ms): an edit after the last build. */
function changedSince(dir, since) {
  if (fs.statSync(dir).mtimeMs > since) return true;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory() ? changedSince(p, since) : fs.statSync(p).mtimeMs > since) return true;
  }
  return false;
}

/** The build, unless PARLA_DEV asks for the sources or the sources (absent in the image) changed after it was made. */
function useBuild() {
  if (/^(1|true|yes|on)$/i.test(process.env.PARLA_DEV ?? '')) return false;
  let built;
  try {
    built = fs.statSync(path.join(ROOT, 'dist', '.built')).mtimeMs;
    fs.accessSync(BUILT);
  } catch {
    return false;
  }
  const src = path.join(ROOT, 'src');
  return !fs.existsSync(src) || !changedSince(src, built);
}

const debug = /^(1|true|yes|on)$/i.test(process.env.PARLA_DEBUG ?? '');
let entry;
if (useBuild()) {
  // PARLA_DEBUG's stack traces name the TypeScript sources, through the build's source maps (only then: they cost memory).
  if (debug) process.setSourceMapsEnabled(true);
  entry = pathToFileURL(BUILT).href;
} else {
  const { register } = await import('tsx/esm/api');
  register();
  entry = '../src/cli/main.ts';
}
// `parla memory export | head`: the reader has all it wants; stop without an unhandled-error trace.
process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});
const { main } = await import(entry);
const code = await main(process.argv.slice(2), { debug });
// A command that failed exits now, whatever timers or sockets its failed start left behind; `serve` and `worker`
// return 0 while they keep running.
if (code !== 0) process.exit(code);
