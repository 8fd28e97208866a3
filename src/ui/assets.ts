// The UI's own stylesheet and script, read once at start-up and served with a content-hash address (cacheable for a year).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Asset {
  body: Buffer;
  type: string;
  hash: string;
}

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'assets');
const TYPES: Record<string, string> = { '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };
const cache = new Map<string, Asset>();

/** The asset called `name`, or undefined when there is none (only files in src/ui/assets with a known type). */
export function asset(name: string): Asset | undefined {
  if (!/^[a-z][a-z0-9-]*\.(css|js)$/.test(name)) return undefined;
  let a = cache.get(name);
  if (!a) {
    let body: Buffer;
    try {
      body = fs.readFileSync(path.join(DIR, name));
    } catch {
      return undefined;
    }
    a = { body, type: TYPES[path.extname(name)]!, hash: crypto.createHash('sha256').update(body).digest('hex').slice(0, 12) };
    cache.set(name, a);
  }
  return a;
}

/** The address of an asset; the hash changes with the content, so browsers may keep each version for good. */
export function assetUrl(name: string): string {
  return `/ui/static/${name}?v=${asset(name)?.hash ?? '0'}`;
}
