// The error answers an operation may give, by status: every one has the body ErrorSchema describes.
import { ErrorSchema } from './common.js';

/** Status → the name of its OpenAPI response and what it means. */
export const ERROR_RESPONSES: Record<string, { name: string; description: string }> = {
  '400': { name: 'BadRequest', description: 'Invalid request: `errors` lists the fields (`attr`) and what is wrong with them.' },
  '401': { name: 'Unauthorized', description: 'Authentication is required or the credentials are wrong.' },
  '403': { name: 'Forbidden', description: 'The caller may not do this (or the CSRF token of a session write is missing).' },
  '404': { name: 'NotFound', description: 'No such object, or the caller may not see it.' },
  '405': { name: 'MethodNotAllowed', description: 'Repository hooks are disabled on this server or for the project.' },
  '406': { name: 'NotAcceptable', description: 'The Accept header names neither JSON nor HTML, or ?format= is unknown.' },
  '412': { name: 'PreconditionFailed', description: 'If-Match names none of the object\'s current ETags: it changed since the client read it.' },
  '413': { name: 'PayloadTooLarge', description: 'The request body or an uploaded file is too large.' },
  '415': { name: 'UnsupportedMediaType', description: 'The request body has a content type the server does not parse.' },
  '423': { name: 'Locked', description: 'The component or its repository is locked.' },
  '429': { name: 'Throttled', description: 'Too many requests: see Retry-After and the X-RateLimit-* headers.' },
  '502': { name: 'UpstreamError', description: 'A machine translation service failed.' },
};

/** The error statuses of one operation: what every route may answer, plus those of writes, inputs, locks and the switchable hooks. */
export function errorStatuses(method: string, url: string, rawFormat: boolean, hasInput: boolean): string[] {
  const write = method !== 'GET';
  const out = ['401', '403', '404'];
  if (hasInput || write) out.unshift('400');
  if (url.startsWith('/api/') && !rawFormat) out.push('406');
  if (write) out.push('413', '415');
  if (write && /^\/api\/(projects|components|translations|units|screenshots)\//.test(url)) out.push('423');
  if (url.startsWith('/api/')) out.push('429');
  if (url.startsWith('/hooks/')) out.push('405');
  if (/machinery|autotranslate/.test(url)) out.push('502');
  return out.sort();
}

/** The response schemas of those statuses, all the one error body. */
export function errorResponses(statuses: readonly string[]): Record<string, typeof ErrorSchema> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorSchema]));
}
