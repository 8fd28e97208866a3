// NUL characters in requests: PostgreSQL refuses them in text, so they are refused up front on every database alike.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ValidationError } from '../../shared/errors.js';
import { errorBody, sendError } from './errors.js';

const MAX_DEPTH = 64;

/** The dotted path of the first string holding a NUL in `value` ('' for the value itself), or null. */
function nulAt(value: unknown, at: string, depth = 0, skip?: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? at : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || ArrayBuffer.isView(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key === skip) continue;
    if (key.includes('\u0000')) return at ? `${at}.${key}` : key;
    const found = nulAt(item, Array.isArray(value) ? at : at ? `${at}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** Must be registered after the body parsers' own preValidation hooks (multipart), which fill request.body. */
export function registerNulGuard(app: FastifyInstance): void {
  // No object's name holds a NUL: such a path parameter names nothing (404, as a lookup would answer).
  // Callback style: these run on every request, and an async hook costs a promise each time.
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (nulAt(request.params, '') !== null) {
      sendError(reply, 404, errorBody(404, 'not_found', 'Not found.'));
      return;
    }
    done();
  });
  // The reference (Django REST framework) refuses them in every text field with this message.
  app.addHook('preValidation', (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    // A search query (`q`) is left to the search language, which reports the position of the NUL.
    const attr = nulAt(request.query, '', 0, 'q') ?? nulAt(request.body, '');
    done(attr === null ? undefined : ValidationError.field(attr || null, 'Null characters are not allowed.', 'null_characters_not_allowed'));
  });
}
