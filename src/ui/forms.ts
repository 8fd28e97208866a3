// Form pieces every UI form shares: labelled fields with their messages right below them, values kept after a refusal,
// the form-wide errors, and the form element with its CSRF token.
import { html, type SafeHtml } from './html.js';
import { tr } from './i18n.js';
import { csrfField, type Viewer } from './layout.js';

/** Field errors by field name ("" for the form as a whole). */
export type FormErrors = Record<string, string[]>;

/** What a form needs to show itself again after a refusal. */
export interface FormState {
  viewer: Viewer;
  /** Field values to show again after a refused form (never passwords). */
  values?: Record<string, string>;
  errors?: FormErrors;
}

/**
 * A form field. Its label, help and option labels are shown through tr(): messages marked with msgid() where the
 * spec is written (module-level lists) show translated; texts already translated and data stay as they are.
 */
export interface FieldSpec {
  name: string;
  label: string;
  /** An input type (text, email, password, url, number…), or `textarea`, `select` or `checkbox`. */
  type?: string;
  autocomplete?: string;
  required?: boolean;
  help?: string;
  /** For `select`: the choices, value and label. */
  options?: readonly { value: string; label: string }[];
  maxLength?: number;
}

/** Errors of the form as a whole, and of fields the form does not show. */
export function formErrors(errors: FormErrors | undefined, shown: readonly string[] = []): SafeHtml {
  const all = Object.entries(errors ?? {}).flatMap(([name, messages]) => (name === '' || !shown.includes(name) ? messages : []));
  return all.length ? html`<div class="error" role="alert" id="form-error">${all.map((e) => html`<p>${tr(e)}</p>`)}</div>` : html``;
}

/** One labelled control with its help and messages right below it, tied to it for screen readers. */
export function field(o: FormState, f: FieldSpec): SafeHtml {
  const id = `id_${f.name}`;
  const messages = o.errors?.[f.name] ?? [];
  const value = f.type === 'password' ? '' : (o.values?.[f.name] ?? '');
  const described = [messages.length ? `${id}_error` : '', f.help ? `${id}_help` : ''].filter(Boolean).join(' ');
  const aria = html`${described ? html` aria-describedby="${described}"` : ''}${messages.length ? html` aria-invalid="true"` : ''}`;
  const required = f.required === false || f.type === 'checkbox' ? '' : html` required`;
  const after = html`${f.help ? html`<p class="muted" id="${id}_help">${tr(f.help)}</p>` : ''}${messages.length ? html`<p class="error field-error" id="${id}_error">${messages.map((m) => tr(m)).join(' ')}</p>` : ''}`;
  if (f.type === 'checkbox') {
    const checked = ['1', 'true', 'on'].includes(value) ? html` checked` : '';
    return html`<div class="field"><div class="check"><input type="checkbox" id="${id}" name="${f.name}" value="true"${checked}${aria}><label for="${id}">${tr(f.label)}</label></div>${after}</div>`;
  }
  const control =
    f.type === 'textarea'
      ? html`<textarea id="${id}" name="${f.name}"${f.maxLength ? html` maxlength="${String(f.maxLength)}"` : ''}${required}${aria}>${value}</textarea>`
      : f.type === 'select'
        ? html`<select id="${id}" name="${f.name}"${required}${aria}>${(f.options ?? []).map((opt) => html`<option value="${opt.value}"${opt.value === value ? html` selected` : ''}>${tr(opt.label)}</option>`)}</select>`
        : html`<input type="${f.type ?? 'text'}" id="${id}" name="${f.name}" value="${value}"${f.autocomplete ? html` autocomplete="${f.autocomplete}"` : ''}${f.maxLength ? html` maxlength="${String(f.maxLength)}"` : ''}${required}${aria}>`;
  return html`<div class="field"><label for="${id}">${tr(f.label)}</label>
${control}
${after}</div>`;
}

/** A POST form of fields with the form-wide errors above it; `withCsrf` for forms of signed-in users. */
export function formOf(o: FormState, spec: { action: string; id: string; fields: readonly FieldSpec[]; submit: string; withCsrf?: boolean }): SafeHtml {
  return html`${formErrors(o.errors, spec.fields.map((f) => f.name))}
<form method="post" action="${spec.action}" id="${spec.id}" class="panel" novalidate>${spec.withCsrf === false ? '' : csrfField(o.viewer)}
${spec.fields.map((f) => field(o, f))}
<button type="submit" id="${spec.id}-submit">${spec.submit}</button>
</form>`;
}
