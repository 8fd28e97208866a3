// Response compression: gzip or brotli for text bodies (JSON, HTML, CSS, JavaScript, CSV) of 1 KB and more.
import type { FastifyInstance, FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import zlib from 'node:zlib';
import { ASSETS_PREFIX } from '../openapi/assets.js';

/** Bodies smaller than this go out as they are: compressing them saves too little to pay for itself. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * These types are compressed, and besides them only those the media-type database marks compressible (plain
 * text, XML, SVG). Downloads that are already compressed (ZIP, PNG, JPEG, ...) are not, so never compressed twice.
 */
const COMPRESSIBLE = /^(?:application\/(?:json|[a-z0-9.+-]+\+json|javascript)|text\/(?:html|css|javascript|csv))(?:\s*;|$)/i;

/** Brotli at quality 4: close to gzip's speed with smaller output; the library default too. */
export const BROTLI_OPTIONS: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

export type ContentCoding = 'br' | 'gzip';

/** The coding a client accepts that we prefer (brotli, then gzip), or null for the body as it is. */
export function preferredCoding(acceptEncoding: string | undefined): ContentCoding | null {
  if (!acceptEncoding) return null;
  let gzip = false;
  let br = false;
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().split(';');
    const coding = name.trim().toLowerCase();
    // q=0 means "not acceptable"; any other quality is taken as acceptable.
    if (params.some((p) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/i.test(p))) continue;
    if (coding === 'br') br = true;
    else if (coding === 'gzip' || coding === 'x-gzip') gzip = true;
    else if (coding === '*') br = gzip = true;
  }
  return br ? 'br' : gzip ? 'gzip' : null;
}

/** Adds Accept-Encoding to the Vary header without dropping what is already there. */
export function varyAcceptEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('Vary');
  if (current === undefined) reply.header('Vary', 'Accept-Encoding');
  else if (!/accept-encoding/i.test(String(current))) reply.header('Vary', `${String(current)}, Accept-Encoding`);
}

/**
 * Compresses the answers of every route registered after it. Must come after the content negotiation hook:
 * the library adds its hook to each route, so it runs after the global onSend hooks (the browsable page is
 * rendered first, then compressed). Bodies that already carry Content-Encoding (the read caches' precompressed
 * bodies) pass through untouched.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // The API reference's assets (a 1.4 MB Swagger UI bundle among them) are versioned and cached by browsers
  // for a year: compressing them on every request would cost tens of milliseconds of CPU per anonymous
  // download for a file fetched once per release. They go out as they are, with their full Content-Length.
  // (Added before the library's own onRoute hook, which reads the route's `compress` option.)
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(ASSETS_PREFIX)) route.compress = false;
  });
  await app.register(compress, {
    global: true,
    // Request bodies are never compressed by Parla's clients: no decompression hook on every request.
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: BROTLI_OPTIONS,
    customTypes: COMPRESSIBLE,
  });
}
