// Application errors with stable codes; http/plugins/errors.ts maps them to HTTP statuses.
import { msgid } from './msgid.js';

export interface FieldError {
  code: string;
  detail: string;
  attr: string | null;
}

export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly fieldErrors: FieldError[] = [],
  ) {
    super(message);
  }
}

/** 400: request data is invalid; carries one entry per field. */
export class ValidationError extends AppError {
  constructor(errors: FieldError[], summary?: string) {
    super('invalid', summary ?? summarize(errors), errors);
  }
  static field(attr: string | null, detail: string, code = 'invalid'): ValidationError {
    return new ValidationError([{ code, detail, attr }]);
  }
}

export function summarize(errors: FieldError[]): string {
  if (errors.length === 0) return msgid('Invalid input.');
  return errors.map((e) => (e.attr ? `${e.attr}: ${e.detail}` : e.detail)).join(' ');
}

export class NotFoundError extends AppError {
  constructor(message: string = msgid('Not found.')) {
    super('not_found', message);
  }
}

export class PermissionDeniedError extends AppError {
  constructor(message: string = msgid('You do not have permission to perform this action.')) {
    super('permission_denied', message);
  }
}

export class NotAuthenticatedError extends AppError {
  constructor(message: string = msgid('Authentication credentials were not provided.')) {
    super('not_authenticated', message);
  }
}

export class AuthenticationFailedError extends AppError {
  constructor(message: string = msgid('Invalid token.')) {
    super('authentication_failed', message);
  }
}

export class LockedError extends AppError {
  constructor(code: string, message: string) {
    super(code, message);
  }
}

