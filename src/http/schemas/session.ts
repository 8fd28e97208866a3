// The browser session endpoints under /accounts/: the sign-in form and the answers of sign-in and the CSRF token.
import { Type } from 'typebox';

/** Documented only: the route reads the form itself (a missing field gets its own message). */
export const LoginBody = Type.Object(
  {
    username: Type.String({ description: 'Username or e-mail address.' }),
    password: Type.String({ format: 'password' }),
    next: Type.Optional(Type.String({ description: 'The web UI sign-in form: answer with a redirect to this local path (back to the form on failure) instead of JSON.' })),
  },
  { additionalProperties: true },
);

export const SessionSchema = Type.Object(
  {
    username: Type.String(),
    full_name: Type.String(),
    csrf_token: Type.String({ description: 'Send it in the X-CSRFToken header of session writes.' }),
  },
  { title: 'Session' },
);

export const CsrfTokenSchema = Type.Object({ csrf_token: Type.String({ description: 'Send it in the X-CSRFToken header of session writes.' }) }, { title: 'CsrfToken' });

/** A form sign-in (with `next`) answers a redirect. */
export const LoginRedirect = Type.Null({ description: 'Redirect (form sign-in): to `next`, or back to the form when sign-in failed.' });
