// After `tsc -p tsconfig.build.json`: copies the files the code reads from beside itself (import.meta.url) into the build,
// so dist/ runs without src/: UI and browsable-API stylesheets and scripts, language and plural data.
/* global process, console */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC = path.join(ROOT, 'src');
const OUT = path.resolve(ROOT, process.argv[2] ?? 'dist');
// Test payloads and generator scripts stay in the sources; TypeScript is compiled, not copied.
const SKIP_DIRS = new Set(['fixtures']);
const SKIP_EXTENSIONS = new Set(['.ts', '.pl']);

let copied = 0;
function copyDir(from, to) {
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) copyDir(source, target);
    } else if (entry.isFile() && !SKIP_EXTENSIONS.has(path.extname(entry.name))) {
      fs.mkdirSync(to, { recursive: true });
      fs.copyFileSync(source, target);
      copied++;
    }
  }
}

if (!fs.existsSync(path.join(OUT, 'cli', 'main.js'))) {
  console.error(`copy-assets: ${path.relative(ROOT, OUT)}/cli/main.js is missing; run tsc -p tsconfig.build.json first`);
  process.exit(1);
}
copyDir(SRC, OUT);
// bin/parla.mjs runs the build only when it is at least as new as the sources (see there).
fs.writeFileSync(path.join(OUT, '.built'), `${new Date().toISOString()}\n`);
console.log(`copy-assets: ${copied} files from src/ into ${path.relative(ROOT, OUT) || '.'}/`);
