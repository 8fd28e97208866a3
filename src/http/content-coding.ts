// Content codings: which one a client gets, and bodies that are compressed once however often they are sent.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** Bodies smaller than this go out as they are: compressing them saves too little to pay for itself. */
export const COMPRESS_THRESHOLD = 1024;

/** Bodies up to this size are compressed synchronously, in one call, instead of through a zlib stream. */
export const SYNC_COMPRESS_LIMIT = 64 * 1024;

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

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A body sent many times as it is (a cached answer, a static file): each compressed form is made once, when a
 * client first asks for it, off the event loop (zlib's thread pool), and kept with the bytes; requests arriving
 * meanwhile wait for the same promise.
 */
export class EncodedBody {
  private readonly encoded: Partial<Record<ContentCoding, Promise<Buffer>>> = {};

  constructor(readonly bytes: Buffer) {}

  encode(coding: ContentCoding): Promise<Buffer> {
    let encoded = this.encoded[coding];
    if (!encoded) {
      encoded = coding === 'br' ? brotli(this.bytes, BROTLI_OPTIONS) : gzip(this.bytes);
      this.encoded[coding] = encoded;
    }
    return encoded;
  }

  /** The coding this request gets: none for small bodies, or when the client accepts none or asks for none. */
  codingFor(request: FastifyRequest): ContentCoding | null {
    if (this.bytes.length < COMPRESS_THRESHOLD || request.headers['x-no-compression'] !== undefined) return null;
    return preferredCoding(request.headers['accept-encoding']);
  }

  /** Sends the body in `coding` (from codingFor), saying that the answer varies with Accept-Encoding. */
  async send(reply: FastifyReply, coding: ContentCoding | null): Promise<FastifyReply> {
    if (this.bytes.length >= COMPRESS_THRESHOLD) varyAcceptEncoding(reply);
    if (coding === null) return reply.send(this.bytes);
    return reply.header('Content-Encoding', coding).send(await this.encode(coding));
  }
}
