// The static files of the API reference and the browsable API page: an allow-list, read once, with versioned URLs.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EncodedBody } from '../content-coding.js';

const require = createRequire(import.meta.url);
// absolute-path.js rather than the package's index, which would load the whole browser bundle into Node.
const SWAGGER_DIR: string = (require('swagger-ui-dist/absolute-path.js') as () => string)();
const SWAGGER_VERSION: string = (require('swagger-ui-dist/package.json') as { version: string }).version;
const OWN_DIR = fileURLToPath(new URL('../browsable-assets/', import.meta.url));

export const ASSETS_PREFIX = '/api/docs/assets/';

interface AssetSource {
  dir: string;
  contentType: string;
}

const JS = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';

/** Only these names are served: the route parameter is never joined to a path unchecked. */
const ALLOWED = new Map<string, AssetSource>([
  ['swagger-ui.css', { dir: SWAGGER_DIR, contentType: CSS }],
  ['swagger-ui-bundle.js', { dir: SWAGGER_DIR, contentType: JS }],
  ['favicon-32x32.png', { dir: SWAGGER_DIR, contentType: 'image/png' }],
  ['favicon-16x16.png', { dir: SWAGGER_DIR, contentType: 'image/png' }],
  ['docs-init.js', { dir: OWN_DIR, contentType: JS }],
  ['browsable-api.js', { dir: OWN_DIR, contentType: JS }],
  ['browsable-api.css', { dir: OWN_DIR, contentType: CSS }],
]);

export interface Asset {
  data: Buffer;
  /** Text files (JavaScript, CSS), compressed once when first asked for; null for images. */
  text: EncodedBody | null;
  contentType: string;
  etag: string;
  /** The ?v= that makes a URL of this file immutable. */
  version: string;
}

const loaded = new Map<string, Asset>();

/** The file's bytes, read on first use and kept (the largest, the Swagger UI bundle, is 1.7 MB). */
export function loadAsset(name: string): Asset | null {
  const source = ALLOWED.get(name);
  if (!source) return null;
  let asset = loaded.get(name);
  if (!asset) {
    const data = fs.readFileSync(path.join(source.dir, name));
    const hash = crypto.createHash('sha256').update(data).digest('hex').slice(0, 16);
    // Swagger UI's files change only with its version; our own files are versioned by content.
    const version = source.dir === SWAGGER_DIR ? SWAGGER_VERSION : hash;
    const text = source.contentType === JS || source.contentType === CSS ? new EncodedBody(data) : null;
    asset = { data, text, contentType: source.contentType, etag: `"${hash}"`, version };
    loaded.set(name, asset);
  }
  return asset;
}

const versions = new Map<string, string>();

/** The URL pages reference: versioned, so that browsers may keep the file for a year. */
export function assetUrl(name: string): string {
  let version = versions.get(name);
  if (version === undefined) {
    const source = ALLOWED.get(name);
    if (!source) throw new Error(`Unknown asset ${name}`);
    version = source.dir === SWAGGER_DIR ? SWAGGER_VERSION : loadAsset(name)!.version;
    versions.set(name, version);
  }
  return `${ASSETS_PREFIX}${name}?v=${version}`;
}
