// The browsable API page: any JSON response rendered as HTML with clickable links, the allowed methods and a write form.
import { assetUrl } from './openapi/assets.js';
import { assetUrl as uiAssetUrl } from '../ui/assets.js';
import { currentCatalog, tr } from '../ui/i18n.js';
import type { RouteRegistry } from './openapi/route-registry.js';
import { uploadFieldsOf } from './openapi/uploads.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** No inline script or style at all: whatever slipped through escaping could not run. */
export const BROWSABLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const FORM_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

export interface BrowsableForm {
  /** The write methods the address allows, in Allow order; the first is preselected. */
  methods: string[];
  /** Prefilled JSON body per method. */
  bodies: Record<string, string>;
  /** File fields some of the methods take, which a JSON body cannot carry. */
  uploads: string[];
}

export interface BrowsablePage {
  method: string;
  url: string;
  status: number;
  allow: string;
  json: string;
  form?: BrowsableForm | null;
}

type Schema = Record<string, unknown>;
type FieldFilter = (name: string, value: unknown) => boolean;

const isUrl = (v: unknown) => typeof v === 'string' && /^https?:\/\//.test(v);
const isLinkName = (name: string) => name === 'id' || name === 'url' || name.endsWith('_url');
/** Hyperlinks and ids identify the object; they are never what a client edits. */
const looksReadOnly = (name: string, value: unknown) => isLinkName(name) || isUrl(value) || (Array.isArray(value) && value.length > 0 && value.every(isUrl));
/** Annotations say nothing of a field's type: a schema of only these is as empty as {}. */
const ANNOTATIONS = new Set(['readOnly', 'writeOnly', 'description', 'title']);
const isEmptySchema = (s: unknown) => typeof s === 'object' && s !== null && Object.keys(s).every((k) => ANNOTATIONS.has(k));

function exampleOf(schema: Schema): unknown {
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  if ('const' in schema) return schema.const;
  const union = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (union?.length) return exampleOf(union.find((s) => s.type !== 'null') ?? union[0]);
  switch (schema.type) {
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return '';
  }
}

function propertiesOf(body: unknown): Record<string, Schema> | null {
  const props = (body as Schema | undefined)?.properties;
  return props && typeof props === 'object' ? (props as Record<string, Schema>) : null;
}

/** Fields of a body schema worth showing in a template: typed ones first; all non-link ones when none is typed. */
function templateOf(body: unknown, files: readonly string[]): string {
  const props = propertiesOf(body);
  if (!props) return '{}';
  const names = Object.keys(props).filter((n) => !isLinkName(n) && !files.includes(n));
  const typed = names.filter((n) => !isEmptySchema(props[n]));
  const chosen = typed.length ? typed : names;
  return JSON.stringify(Object.fromEntries(chosen.map((n) => [n, exampleOf(props[n])])), null, 2);
}

function editableFilter(body: unknown): FieldFilter {
  const props = propertiesOf(body);
  if (!props) return (name, value) => !looksReadOnly(name, value);
  return (name, value) => name in props && !isLinkName(name) && (!isEmptySchema(props[name]) || !looksReadOnly(name, value));
}

interface FormPlan {
  methods: string[];
  templates: Record<string, string>;
  editable: Record<string, FieldFilter>;
  uploads: string[];
}

/** Form plans per route pattern, worked out once from the registered schemas. */
export class BrowsableForms {
  private readonly plans = new Map<string, FormPlan>();

  constructor(private readonly routes: RouteRegistry) {}

  private planFor(pattern: string, allow: string): FormPlan {
    const key = `${allow} ${pattern}`;
    let plan = this.plans.get(key);
    if (!plan) {
      const allowed = allow.split(', ');
      const methods = FORM_METHODS.filter((m) => allowed.includes(m));
      const templates: Record<string, string> = {};
      const editable: Record<string, FieldFilter> = {};
      const uploads = new Set<string>();
      for (const m of methods) {
        const body = (this.routes.find(m, pattern)?.schema as { body?: unknown } | undefined)?.body;
        const files = uploadFieldsOf(m, pattern) ?? [];
        for (const f of files) uploads.add(f);
        templates[m] = BODY_METHODS.has(m) ? templateOf(body, files) : '';
        editable[m] = editableFilter(body);
      }
      plan = { methods, templates, editable, uploads: [...uploads] };
      this.plans.set(key, plan);
    }
    return plan;
  }

  /** The form for an address, prefilled from `current` (the JSON of a GET of it) for PUT and PATCH; null without writes. */
  formFor(pattern: string, allow: string, current: string | null): BrowsableForm | null {
    const plan = this.planFor(pattern, allow);
    if (plan.methods.length === 0) return null;
    let object: Record<string, unknown> | null = null;
    if (current && (plan.templates.PUT !== undefined || plan.templates.PATCH !== undefined)) {
      try {
        const parsed: unknown = JSON.parse(current);
        // A page of a list is not the object a PUT or PATCH would change.
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed) && !('results' in parsed && 'count' in parsed)) object = parsed as Record<string, unknown>;
      } catch {
        object = null;
      }
    }
    const bodies: Record<string, string> = {};
    for (const m of plan.methods) {
      const filter = plan.editable[m];
      bodies[m] = (m === 'PUT' || m === 'PATCH') && object ? JSON.stringify(Object.fromEntries(Object.entries(object).filter(([k, v]) => filter(k, v))), null, 2) : plan.templates[m];
    }
    const methods = [...plan.methods.filter((m) => BODY_METHODS.has(m)), ...plan.methods.filter((m) => !BODY_METHODS.has(m))];
    return { methods, bodies, uploads: plan.uploads };
  }
}

/** The button stays disabled until the script runs: without it, a plain form submission would send the fields as a query. */
function renderForm(form: BrowsableForm): string {
  const first = form.methods[0];
  const options = form.methods.map((m) => `<option value="${m}"${m === first ? ' selected' : ''}>${m}</option>`).join('');
  return `<form id="api-form" class="api-form" data-bodies="${escapeHtml(JSON.stringify(form.bodies))}" data-text-invalid="${escapeHtml(tr('Not sent: the body is not valid JSON ({error})'))}" data-text-failed="${escapeHtml(tr('Request failed: {error}'))}">
<h2>${escapeHtml(tr('Send a request'))}</h2>
<p><label>${escapeHtml(tr('Method'))} <select name="method">${options}</select></label> <span class="meta">Content-Type: application/json</span></p>
${form.uploads.length ? `<p class="meta">${escapeHtml(tr('Files ({fields}) go in a multipart/form-data request, which this form does not send: see the API reference.', { fields: form.uploads.join(', ') }))} <a href="/api/docs/">${escapeHtml(tr('API reference'))}</a></p>\n` : ''}<p><textarea name="body" rows="14" cols="80" spellcheck="false" aria-label="${escapeHtml(tr('Request body (JSON)'))}">${escapeHtml(form.bodies[first] ?? '')}</textarea></p>
<p><button type="submit" disabled>${escapeHtml(tr('Send'))}</button></p>
</form>
<section id="api-response" hidden>
<h2>${escapeHtml(tr('Response'))}</h2>
<p class="meta" id="api-response-status"></p>
<pre id="api-response-body"></pre>
</section>
<script src="${escapeHtml(assetUrl('browsable-api.js'))}"></script>
`;
}

export function renderBrowsableApi(page: BrowsablePage): string {
  let pretty = page.json;
  try {
    pretty = JSON.stringify(JSON.parse(page.json), null, 2);
  } catch {
    // not JSON after all: show it as it is
  }
  // Links are made clickable after escaping, so no markup from the data can get through.
  const body = escapeHtml(pretty).replace(/&quot;(https?:\/\/[^\s&]+?)&quot;/g, (_m, url: string) => `&quot;<a href="${url}">${url}</a>&quot;`);
  const title = escapeHtml(`${page.method} ${page.url}`);
  const language = currentCatalog();
  // The site's header and stylesheet (parla.css), so the page looks like the rest of Parla and leads back to it.
  return `<!DOCTYPE html>
<html lang="${escapeHtml(language.code)}" dir="${language.direction}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${title} – ${escapeHtml(tr('Parla API'))}</title>
<link rel="stylesheet" href="${escapeHtml(uiAssetUrl('parla.css'))}">
<link rel="stylesheet" href="${escapeHtml(assetUrl('browsable-api.css'))}">
</head><body>
<a class="skip" href="#main">${escapeHtml(tr('Skip to content'))}</a>
<header class="site"><a class="brand" href="/">Parla</a>
<nav aria-label="${escapeHtml(tr('Site'))}"><ul><li><a href="/" id="back-to-ui">${escapeHtml(tr('Back to the web interface'))}</a></li><li><a href="/api/">${escapeHtml(tr('API root'))}</a></li><li><a href="/api/docs/">${escapeHtml(tr('API reference'))}</a></li></ul></nav></header>
<main id="main" tabindex="-1">
<h1>${escapeHtml(tr('Parla API'))}</h1>
<p class="meta"><strong>${title}</strong></p>
<p class="meta">HTTP ${page.status} · Allow: ${escapeHtml(page.allow)} · Content-Type: application/json</p>
<pre class="api-json">${body}</pre>
${page.form ? renderForm(page.form) : ''}</main></body></html>
`;
}
