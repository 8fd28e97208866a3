// Response bodies kept as JSON bytes in a read cache until the database changes (hot reads: unit details, pages of units).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.js';
import { ReadCache } from '../db/read-cache.js';
import { EncodedBody } from './content-coding.js';
import { requestBaseUrl } from './urls.js';

/**
 * A cache of response bodies. A body's key names what it was built from; the address the request was
 * made to is added here, as the body's links follow it. Who may see the body is the caller's check,
 * made before every send. Kept as bytes: sending a string costs its UTF-8 encoding on every request.
 * Compressed forms are kept next to the bytes, so a hot read is compressed once, not on every request
 * (the compression plugin lets bodies that already carry Content-Encoding through).
 */
export class CachedJson {
  private readonly bodies: ReadCache<string, EncodedBody>;

  constructor(database: Pick<Database, 'stamp'>, maxEntries: number) {
    this.bodies = new ReadCache(database, maxEntries);
  }

  async send(request: FastifyRequest, reply: FastifyReply, key: string, build: () => unknown): Promise<FastifyReply> {
    const body = await this.bodies.get(`${key}\0${requestBaseUrl(request)}`, async () => new EncodedBody(Buffer.from(JSON.stringify(await build()))));
    reply.type('application/json; charset=utf-8');
    // The browsable page is rendered from the JSON and compressed as a page.
    if (request.wantsHtml) return reply.send(body.bytes);
    return body.send(reply, body.codingFor(request));
  }
}
