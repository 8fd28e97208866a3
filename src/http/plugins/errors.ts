// The one table from error codes to HTTP statuses, and the {type, detail, errors[]} error body.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { uniqueFieldError } from '../../db/unique-violation.js';
import { AppError, summarize, type FieldError } from '../../shared/errors.js';

const STATUS: Record<string, number> = {
  invalid: 400,
  parse_error: 400,
  not_authenticated: 401,
  authentication_failed: 401,
  permission_denied: 403,
  not_found: 404,
  method_not_allowed: 405,
  not_acceptable: 406,
  conflict: 409,
  precondition_failed: 412,
  too_large: 413,
  unsupported_media_type: 415,
  'repository-locked': 423,
  'component-locked': 423,
  'unknown-locked': 423,
  throttled: 429,
  // A machine translation service failed or refused: the fault is upstream, not in the request.
  machinery_error: 502,
};

/** The HTTP status of an AppError code (400 for codes the table does not name). */
export function statusOfCode(code: string): number {
  return STATUS[code] ?? 400;
}

export interface ErrorBody {
  type: 'validation_error' | 'client_error' | 'server_error';
  detail: string;
  errors: FieldError[];
}

export function errorBody(status: number, code: string, detail: string, fieldErrors: FieldError[] = []): ErrorBody {
  if (status === 400 && code === 'invalid') {
    return { type: 'validation_error', detail, errors: fieldErrors.length ? fieldErrors : [{ code, detail, attr: null }] };
  }
  return { type: status >= 500 ? 'server_error' : 'client_error', detail, errors: [{ code, detail, attr: null }] };
}

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, any>;
  message?: string;
}

function ajvToFieldError(e: AjvError, context: string): FieldError {
  const base = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const prefix = context === 'body' ? '' : `${context}.`;
  const attr = (name: string) => prefix + name || null;
  switch (e.keyword) {
    case 'required':
      return { code: 'required', detail: 'This field is required.', attr: attr([base, e.params.missingProperty].filter(Boolean).join('.')) };
    case 'additionalProperties':
      return { code: 'unknown_field', detail: 'Unknown field.', attr: attr([base, e.params.additionalProperty].filter(Boolean).join('.')) };
    case 'type': {
      const t = String(e.params.type);
      const kind = t === 'integer' ? 'A valid integer is required.' : t === 'boolean' ? 'Must be a valid boolean.' : t === 'array' ? 'Expected a list of items.' : t === 'object' ? 'Expected an object.' : t === 'string' ? 'Not a valid string.' : `Expected ${t}.`;
      return { code: t === 'array' ? 'not_a_list' : 'invalid', detail: kind, attr: attr(base) };
    }
    case 'null':
      return { code: 'null', detail: 'This field may not be null.', attr: attr(base) };
    case 'maxLength':
      return { code: 'max_length', detail: `Ensure this field has no more than ${e.params.limit} characters.`, attr: attr(base) };
    case 'minLength':
      return { code: 'blank', detail: 'This field may not be blank.', attr: attr(base) };
    case 'enum':
      return { code: 'invalid_choice', detail: `Not a valid choice; expected one of: ${(e.params.allowedValues as unknown[]).join(', ')}.`, attr: attr(base) };
    case 'minimum':
    case 'maximum':
      return { code: e.keyword === 'minimum' ? 'min_value' : 'max_value', detail: `Ensure this value is ${e.keyword === 'minimum' ? 'greater' : 'less'} than or equal to ${e.params.limit}.`, attr: attr(base) };
    case 'pattern':
      return { code: 'invalid', detail: 'Enter a valid value.', attr: attr(base) };
    default:
      return { code: 'invalid', detail: e.message ? `${e.message[0].toUpperCase()}${e.message.slice(1)}.` : 'Invalid value.', attr: attr(base) };
  }
}

/** Fastify's own client errors, by code: status, our code and a message that names the problem. */
const FASTIFY_ERRORS: Record<string, [number, string, (e: FastifyError) => string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type', (e) => `Unsupported media type in request: ${e.message.replace(/^Unsupported Media Type:?\s*/i, '') || 'unknown'}.`],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'too_large', () => 'Request body is too large.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'parse_error', () => 'JSON parse error - the request body is empty.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'parse_error', (e) => `JSON parse error - ${e.message}`],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'parse_error', () => 'Request body size did not match Content-Length.'],
  FST_ERR_CTP_INVALID_TYPE: [400, 'parse_error', () => 'Invalid Content-Type header.'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [406, 'not_acceptable', () => 'The request is not multipart.'],
  FST_REQ_FILE_TOO_LARGE: [400, 'invalid', () => 'Uploaded file is too big.'],
  FST_FILES_LIMIT: [400, 'invalid', () => 'Too many files in the request.'],
  FST_FIELDS_LIMIT: [400, 'invalid', () => 'Too many fields in the request.'],
  FST_PARTS_LIMIT: [400, 'invalid', () => 'Too many parts in the request.'],
  FST_PROTO_VIOLATION: [400, 'invalid', () => 'Prohibited field name in the request.'],
  FST_ERR_BAD_URL: [400, 'invalid', () => 'Malformed URL.'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'invalid', () => 'A path segment of the URL is too long.'],
};

export function sendError(reply: FastifyReply, status: number, body: ErrorBody): FastifyReply {
  if (status === 401) reply.header('WWW-Authenticate', 'Token');
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/**
 * Fastify's `frameworkErrors` option: a malformed or over-long path segment is answered by the router before any
 * handler runs, and without this it sends Fastify's own body instead of {type, detail, errors}.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const [status, code, message] = FASTIFY_ERRORS[error.code] ?? [400, 'invalid', () => 'Malformed request.'];
  const detail = message(error);
  return sendError(reply, status, errorBody(status, code, detail));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      const status = statusOfCode(error.code);
      return sendError(reply, status, errorBody(status, error.code, error.message, error.fieldErrors));
    }
    if (error.validation) {
      const fieldErrors = (error.validation as AjvError[]).map((e) => ajvToFieldError(e, error.validationContext ?? 'body'));
      return sendError(reply, 400, errorBody(400, 'invalid', summarize(fieldErrors), fieldErrors));
    }
    const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
    if (known) {
      const [status, code, message] = known;
      const detail = message(error);
      return sendError(reply, status, errorBody(status, code, detail, status === 400 && code === 'invalid' ? [{ code, detail, attr: null }] : []));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, error.statusCode, errorBody(error.statusCode, 'invalid_request', error.message));
    }
    const duplicate = uniqueFieldError(error);
    if (duplicate) return sendError(reply, 400, errorBody(400, duplicate.code, duplicate.message, duplicate.fieldErrors));
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 500, errorBody(500, 'error', 'Internal server error'));
  });

  app.setNotFoundHandler((_request, reply) => sendError(reply, 404, errorBody(404, 'not_found', 'Not found.')));
}
