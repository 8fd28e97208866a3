// What every web UI route shares: HTML answers with the security headers, error pages, the viewer, form POST checks, links.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Container } from '../container.js';
import type { ProjectRow } from '../db/schema.js';
import type { TranslationWithRefs } from '../db/places.js';
import type { Aggregate } from '../services/activity/statistics.service.js';
import type { UnitsService, UnitWithRefs } from '../services/units/units.service.js';
import { componentPathSegment } from '../domain/component-paths.js';
import { AppError, NotFoundError, PermissionDeniedError, ValidationError } from '../shared/errors.js';
import type { FormErrors } from '../ui/forms.js';
import { errorPage, type Viewer } from '../ui/layout.js';
import { tr } from '../ui/i18n.js';
import type { TranslationPlace } from '../ui/pages.js';
import { seg, type Stats } from '../ui/widgets.js';
import { CSRF_FAILED } from './session-auth.js';
import { statusOfCode } from './plugins/errors.js';
import { languageName } from '../ui/language-names.js';

/** Pages allow only the app's own script and stylesheet: no inline code, no other origins. */
export const CSP = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** An AppError's status for HTML answers: the API's, except that a page asks to sign in with a 403, not a 401 (no WWW-Authenticate challenge). */
export function statusOfError(e: AppError): number {
  const status = statusOfCode(e.code);
  return status === 401 ? 403 : status;
}

/** A detail that names each field error (the summary alone may be generic), in the reader's language. */
export function errorText(e: AppError): string {
  if (e.fieldErrors.length === 0) return tr(e.message);
  return e.fieldErrors.map((f) => (f.attr ? `${f.attr}: ${tr(f.detail)}` : tr(f.detail))).join(' ');
}

/** A refused write as the fields of a form show it: messages by field name, "" for the form as a whole. */
export function formErrorsOf(e: ValidationError): FormErrors {
  const out: FormErrors = {};
  for (const f of e.fieldErrors) (out[f.attr ?? ''] ??= []).push(f.detail);
  if (e.fieldErrors.length === 0) out[''] = [e.message];
  return out;
}

/**
 * The answer to a form write the service refused: 400 with the page `render` draws for the refusal (fields, messages,
 * the values kept). Anything that is not a refusal is thrown on, to become the error page.
 */
export async function refusedForm(reply: FastifyReply, e: unknown, render: (refusal: ValidationError) => string | Promise<string>): Promise<FastifyReply> {
  if (!(e instanceof ValidationError)) throw e;
  return sendHtml(reply, 400, await render(e));
}

/** Only a path on this site may be a redirect target (no `//host`, no scheme). */
export function safeNext(value: unknown): string {
  // Browsers drop tabs and newlines from addresses ("/\t/evil" becomes "//evil"): no control characters at all.
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) && ![...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f) ? value : '/';
}

export type Q = Record<string, string | undefined>;
export type Body = Record<string, unknown>;
export const str = (v: unknown): string => (typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : '');

/** A list offset from a query parameter or form field: a whole number from 0, anything else 0. */
export const offsetOf = (v: unknown): number => {
  const n = Number.parseInt(str(v), 10);
  return Number.isFinite(n) && n >= 0 && n < 1e9 ? n : 0;
};

export function sendHtml(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply
    .code(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Content-Security-Policy', CSP)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Referrer-Policy', 'same-origin')
    .header('Cache-Control', 'no-store')
    .send(body);
}

/** The unit filter of a search; a bad query is an error to show on the page (with status 400), not thrown. */
export function searchFilter(units: Pick<Container['units'], 'filter'>, q: string): { where: ReturnType<Container['units']['filter']>; error: string | null } {
  if (!q.trim()) return { where: null, error: null };
  try {
    return { where: units.filter({ q }), error: null };
  } catch (e) {
    if (e instanceof AppError && statusOfError(e) === 400) return { where: null, error: errorText(e).replace(/^q: /, '') };
    throw e;
  }
}

const direction = (d: string) => (d === 'rtl' ? 'rtl' : 'ltr');

export function statsOf(c: Pick<Container, 'stats'>, agg: Aggregate, name: string, review = false): Stats {
  return c.stats.toObject(agg, { name }, review) as unknown as Stats;
}

export type UiKit = ReturnType<typeof uiKit>;

/** A numeric id from a form field, query parameter or path segment; anything else is a 404. */
export function formId(raw: unknown): number {
  const id = /^\d{1,15}$/.test(str(raw)) ? Number(str(raw)) : NaN;
  if (!Number.isSafeInteger(id)) throw new NotFoundError();
  return id;
}

/** The unit a form or query names, checked to belong to the translation of the address (404 otherwise). */
export async function unitOfTranslation(units: Pick<UnitsService, 'getVisible'>, request: FastifyRequest, t: TranslationWithRefs, raw: unknown): Promise<UnitWithRefs> {
  const found = await units.getVisible(request.actor, formId(raw));
  if (found.unit.translation_id !== t.translation.id) throw new NotFoundError();
  return found;
}

/** The helpers bound to the container. */
export function uiKit(c: Pick<Container, 'components' | 'sessions' | 'stats' | 'translations'>) {
  const viewerOf = (request: FastifyRequest): Viewer => {
    const u = request.actor.user;
    return { username: u?.username ?? null, displayName: u ? u.full_name || u.username : null, csrf: request.session ? c.sessions.csrfToken(request.session) : null, isSuperuser: request.actor.isSuperuser };
  };

  /** Wraps a page handler: service errors become an HTML error page with their status. */
  const pageRoute =
    <R extends FastifyRequest>(handler: (request: R, reply: FastifyReply) => Promise<string | FastifyReply>) =>
    async (request: R, reply: FastifyReply) => {
      try {
        const out = await handler(request, reply);
        return typeof out === 'string' ? sendHtml(reply, 200, out) : out;
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        const status = statusOfError(e);
        return sendHtml(reply, status, errorPage(viewerOf(request), request.url, status, errorText(e)));
      }
    };

  /**
   * Form POSTs: signed-in callers only; a session (cookie) also needs its CSRF token in the form, since a
   * plain HTML form cannot send the header. Token-authenticated clients are not exposed to CSRF.
   */
  const requireFormWrite = (request: FastifyRequest): void => {
    if (!request.actor.authenticated) throw new PermissionDeniedError(tr('Sign in to make changes.'));
    if (!request.session) return;
    const body = (request.body ?? {}) as Body;
    const header = request.headers['x-csrftoken'] ?? request.headers['x-csrf-token'];
    const supplied = str(body.csrfmiddlewaretoken) || (typeof header === 'string' ? header : '');
    if (!c.sessions.checkCsrf(request.session, supplied || undefined)) throw new PermissionDeniedError(CSRF_FAILED);
  };
  // The session's token is checked above from the form body (the auth plugin only reads headers).
  const formConfig = { config: { csrfExempt: true } };

  const redirect = (reply: FastifyReply, location: string) => reply.code(303).header('Location', location).header('Cache-Control', 'no-store').send();

  const translationOf = async (request: FastifyRequest<{ Params: { project: string; component: string; language: string } }>): Promise<TranslationWithRefs> => {
    const refs = await c.components.getVisible(request.actor, request.params.project, request.params.component);
    return c.translations.getVisible(request.actor, refs, request.params.language);
  };

  /** A form POST to a translation's page: the write check, then the translation of the address and the form fields. */
  const translationForm = async (request: FastifyRequest<{ Params: { project: string; component: string; language: string } }>) => {
    requireFormWrite(request);
    const t = await translationOf(request);
    return { t, body: (request.body ?? {}) as Body };
  };

  const hrefs = (t: { project: ProjectRow; component: { slug: string; category_path: string } }, languageCode?: string) => {
    const p = `/projects/${seg(t.project.slug)}/`;
    const comp = `${p}${seg(componentPathSegment(t.component))}/`;
    return {
      project: p,
      component: comp,
      translation: languageCode ? `${comp}${seg(languageCode)}/` : '',
      translate: languageCode ? `/translate/${seg(t.project.slug)}/${seg(componentPathSegment(t.component))}/${seg(languageCode)}/` : '',
    };
  };

  /** The project, component and language a translation's pages name and link to. */
  const translationPlace = (t: TranslationWithRefs): TranslationPlace => {
    const h = hrefs(t, t.language.code);
    return {
      projectName: t.project.name,
      projectHref: h.project,
      componentName: t.component.name,
      componentHref: h.component,
      languageName: languageName(t.language.code, t.language.name),
      languageCode: t.language.code,
    };
  };

  /** What the pages of a translation's strings (editor, list, review queue, zen mode) show of where they are, and the viewer. */
  const pageHeader = (request: FastifyRequest, t: TranslationWithRefs) => {
    const h = hrefs(t, t.language.code);
    return {
      viewer: viewerOf(request),
      here: request.url,
      ...translationPlace(t),
      translationHref: h.translation,
      translateHref: h.translate,
      direction: direction(t.language.direction),
      sourceCode: t.sourceLanguage.code,
      sourceDirection: direction(t.sourceLanguage.direction),
    };
  };

  return { viewerOf, pageRoute, requireFormWrite, formConfig, redirect, translationOf, translationForm, hrefs, translationPlace, pageHeader };
}
