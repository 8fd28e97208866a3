// Response compression: gzip or brotli for text bodies (JSON, HTML, CSS, JavaScript, CSV) of 1 KB and more.
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { ASSETS_PREFIX } from '../openapi/assets.js';
import { BROTLI_OPTIONS, COMPRESS_THRESHOLD, SYNC_COMPRESS_LIMIT } from '../content-coding.js';

/**
 * These types are compressed, and besides them only those the media-type database marks compressible (plain
 * text, XML, SVG). Downloads that are already compressed (ZIP, PNG, JPEG, ...) are not, so never compressed twice.
 */
const COMPRESSIBLE = /^(?:application\/(?:json|[a-z0-9.+-]+\+json|javascript)|text\/(?:html|css|javascript|csv))(?:\s*;|$)/i;

/**
 * Compresses the answers of every route registered after it. Must come after the content negotiation hook:
 * the library adds its hook to each route, so it runs after the global onSend hooks (the browsable page is
 * rendered first, then compressed). Bodies that already carry Content-Encoding (the read caches' precompressed
 * bodies) pass through untouched.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // The API reference's assets (a 1.4 MB Swagger UI bundle among them) are compressed once and kept
  // (EncodedBody): compressing them on every request would cost tens of milliseconds of CPU per download.
  // (Added before the library's own onRoute hook, which reads the route's `compress` option.)
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(ASSETS_PREFIX)) route.compress = false;
  });
  await app.register(compress, {
    global: true,
    // Request bodies are never compressed by Parla's clients: no decompression hook on every request.
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD,
    // Pages and API answers up to 64 KB are compressed in one synchronous call (well under a millisecond); the
    // library's default on two cores (8 KB) sends a typical editor page through a zlib stream, which costs several
    // times more CPU than the compression itself. Larger bodies still stream.
    syncThreshold: SYNC_COMPRESS_LIMIT,
    encodings: ['br', 'gzip'],
    brotliOptions: BROTLI_OPTIONS,
    customTypes: COMPRESSIBLE,
  });
}
