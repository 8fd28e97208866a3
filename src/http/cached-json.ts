// Response bodies kept as JSON bytes in a read cache until the database changes (hot reads: unit details, pages of units).
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.js';
import { ReadCache } from '../db/read-cache.js';
import { BROTLI_OPTIONS, COMPRESS_THRESHOLD, preferredCoding, varyAcceptEncoding, type ContentCoding } from './plugins/compression.js';
import { transformsJson } from './plugins/negotiation.js';
import { requestBaseUrl } from './urls.js';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** One cached body: its bytes, and each compressed form once a client asked for it (made once, then kept with it). */
interface Body {
  bytes: Buffer;
  encoded: Partial<Record<ContentCoding, Promise<Buffer>>>;
}

function encode(body: Body, coding: ContentCoding): Promise<Buffer> {
  let encoded = body.encoded[coding];
  if (!encoded) {
    // Off the event loop (zlib's thread pool); requests arriving meanwhile wait for the same promise.
    encoded = coding === 'br' ? brotli(body.bytes, BROTLI_OPTIONS) : gzip(body.bytes);
    body.encoded[coding] = encoded;
  }
  return encoded;
}

/**
 * A cache of response bodies. A body's key names what it was built from; the address the request was
 * made to is added here, as the body's links follow it. Who may see the body is the caller's check,
 * made before every send. Kept as bytes: sending a string costs its UTF-8 encoding on every request.
 * Compressed forms are kept next to the bytes, so a hot read is compressed once, not on every request
 * (the compression plugin lets bodies that already carry Content-Encoding through).
 */
export class CachedJson {
  private readonly bodies: ReadCache<string, Body>;

  constructor(database: Pick<Database, 'stamp'>, maxEntries: number) {
    this.bodies = new ReadCache(database, maxEntries);
  }

  async send(request: FastifyRequest, reply: FastifyReply, key: string, build: () => unknown): Promise<FastifyReply> {
    const body = await this.bodies.get(`${key}\0${requestBaseUrl(request)}`, async () => ({ bytes: Buffer.from(JSON.stringify(await build())), encoded: {} }));
    reply.type('application/json; charset=utf-8');
    // The browsable page and CSV are rendered from the JSON and compressed as such; small bodies go out as they are.
    if (transformsJson(request) || body.bytes.length < COMPRESS_THRESHOLD) return reply.send(body.bytes);
    varyAcceptEncoding(reply);
    const coding = preferredCoding(request.headers['accept-encoding']);
    if (coding === null || request.headers['x-no-compression'] !== undefined) return reply.send(body.bytes);
    return reply.header('Content-Encoding', coding).send(await encode(body, coding));
  }
}
