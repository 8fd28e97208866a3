// Multipart bodies: fields become request.body (validated like JSON and form bodies), files request.uploads.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { Upload } from '../../services/common/upload.js';
import { AppError, ValidationError } from '../../shared/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    uploads: Record<string, Upload>;
  }
}

export async function registerMultipart(app: FastifyInstance, maxUploadSize: number): Promise<void> {
  await app.register(multipart, { limits: { fileSize: maxUploadSize, files: 10, fields: 200, fieldSize: 1024 * 1024, parts: 220 } });
  app.decorateRequest('uploads', null as unknown as Record<string, Upload>);
  // Callback style, so that the requests without a multipart body (nearly all) pass without a promise.
  app.addHook('preValidation', (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    request.uploads = {};
    if (!request.isMultipart()) return done();
    readParts(request).then(
      () => done(),
      (e: unknown) => done(malformed(e)),
    );
  });
}

/**
 * The parser's complaints about the body itself (a missing boundary, a part cut short) are the client's
 * fault; Fastify's coded errors (limits) and our own field errors keep their own answers.
 */
function malformed(e: unknown): Error {
  const code = (e as { code?: unknown } | null)?.code;
  if (e instanceof AppError || (typeof code === 'string' && code.startsWith('FST_'))) return e as Error;
  const message = e instanceof Error ? e.message : String(e);
  return new AppError('parse_error', `Multipart form parse error - ${message}`);
}

/** Reads every part: files into request.uploads, fields into request.body. */
async function readParts(request: FastifyRequest): Promise<void> {
  const fields: Record<string, string | string[]> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (e) {
        if ((e as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw e;
        const what = part.fieldname === 'zipfile' ? 'ZIP file' : part.fieldname === 'image' ? 'image' : 'translation file';
        throw ValidationError.field(part.fieldname, `Uploaded ${what} is too big.`, 'too_large');
      }
      request.uploads[part.fieldname] = { filename: part.filename, data };
    } else {
      const value = typeof part.value === 'string' ? part.value : String(part.value);
      const prev = fields[part.fieldname];
      fields[part.fieldname] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
    }
  }
  request.body = fields;
}
