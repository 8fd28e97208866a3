// The machine translation pages of a project (/settings/<project>/machinery/) and of the site (/manage/machinery/): the
// engines Parla has with their settings here, one engine's configuration form (secrets never shown back), removing the
// setting, and "Test the connection" with a sample text.
import type { ConfigField, EngineConfig } from '../machinery/engine.js';
import { msgid } from '../shared/msgid.js';
import { tr } from './i18n.js';
import { html, type SafeHtml } from './html.js';
import { field, formErrors, type FieldSpec, type FormState } from './forms.js';
import { csrfField, page, type Viewer } from './layout.js';

/** Where the settings apply: one project, or the whole site (every project without its own setting). */
export interface MachineryPlace {
  kind: 'project' | 'site';
  name: string;
  /** The list page, `/settings/<project>/machinery/` or `/manage/machinery/`. */
  base: string;
  crumbs: { label: string; href?: string }[];
}

export interface EngineSummary {
  id: string;
  name: string;
  fields: readonly ConfigField[];
  /** The stored setting (secrets masked), null when the engine is not configured here. */
  configuration: EngineConfig | null;
}

const NOTICES: Record<string, string> = {
  engine_configured: msgid('The machine translation settings are saved.'),
  engine_removed: msgid('The machine translation settings are removed.'),
};

function notice(code: string | undefined): SafeHtml {
  const text = code ? NOTICES[code] : undefined;
  return text ? html`<p class="message" role="status" id="notice" tabindex="-1">${tr(text)}</p>` : html``;
}

function settingList(e: EngineSummary): SafeHtml {
  const entries = e.fields.filter((f) => e.configuration?.[f.name] !== undefined);
  if (!entries.length) return html`<p class="muted">${tr('No options needed.')}</p>`;
  return html`<ul class="plain" id="engine-${e.id}-configuration">${entries.map((f) => html`<li><strong>${f.label}:</strong> <code>${f.secret ? 'set' : String(e.configuration![f.name])}</code></li>`)}</ul>`;
}

export interface MachineryListData {
  viewer: Viewer;
  place: MachineryPlace;
  engines: EngineSummary[];
  notice?: string;
}

/** The engines, configured ones first, each with its setting here and a link to configure it. */
export function machineryListPage(o: MachineryListData): string {
  const title = o.place.kind === 'site' ? tr('Machine translation, site-wide') : tr('Machine translation of {name}', { name: o.place.name });
  const configured = o.engines.filter((e) => e.configuration);
  const others = o.engines.filter((e) => !e.configuration);
  return page({
    title,
    viewer: o.viewer,
    here: o.place.base,
    breadcrumbs: [...o.place.crumbs, { label: tr('Machine translation') }],
    body: html`${notice(o.notice)}<h1>${title}</h1>
<p>${o.place.kind === 'site' ? tr('These settings apply to every project that has no setting of its own for the engine.') : tr('A setting here takes the place of the site-wide one for this project.')}</p>
<h2>${tr('Configured')}</h2>
${configured.length
  ? html`<ul class="plain" id="configured-engines">${configured.map(
      (e) => html`<li class="panel" id="engine-${e.id}"><h3>${e.name}</h3>${settingList(e)}
<p><a href="${o.place.base}${encodeURIComponent(e.id)}/" class="button" id="configure-${e.id}" aria-label="Configure or test ${e.name}">${tr('Configure or test')}</a></p></li>`,
    )}</ul>`
  : html`<p class="muted" id="configured-engines">${tr('No engine is configured here.')}</p>`}
<h2>${tr('Other engines')}</h2>
<ul class="plain" id="other-engines">${others.map(
      (e) => html`<li class="panel"><h3>${e.name}</h3><p><a href="${o.place.base}${encodeURIComponent(e.id)}/" class="button" id="configure-${e.id}" aria-label="Configure ${e.name}">${tr('Configure')}</a></p></li>`,
    )}</ul>`,
  });
}

/** The form field of an engine option; a secret is a password field, empty, saying whether one is set. */
export function engineField(f: ConfigField, secretSet: boolean): FieldSpec {
  const help = [
    f.secret && secretSet ? tr('A value is set; leave this empty to keep it, or type a new one.') : '',
    f.default !== undefined ? `Default: ${String(f.default)}.` : '',
    f.min !== undefined && f.max !== undefined ? tr('From {min} to {max}.', { min: f.min, max: f.max }) : '',
  ]
    .filter(Boolean)
    .join(' ');
  return {
    name: f.name,
    label: f.label,
    type: f.secret ? 'password' : f.type === 'integer' ? 'number' : f.type === 'url' ? 'url' : 'text',
    required: !!f.required && !(f.secret && secretSet),
    ...(f.secret ? { autocomplete: 'new-password' } : {}),
    ...(f.maxLength ? { maxLength: f.maxLength } : {}),
    ...(help ? { help } : {}),
  };
}

export const SAMPLE_FIELDS = (): FieldSpec[] => [
  { name: 'sample_text', label: tr('Text to translate'), maxLength: 1000 },
  { name: 'sample_source', label: tr('From language (code)'), help: tr('For example en.') },
  { name: 'sample_target', label: tr('Into language (code)'), help: tr('For example de or pt_BR.') },
];

export interface TestOutcome {
  results: { text: string; quality: number; service: string }[];
  error: string | null;
}

export interface EnginePageData extends FormState {
  place: MachineryPlace;
  engine: EngineSummary;
  /** The test form's values and errors, and the answer of a test just made. */
  test: { values: Record<string, string>; errors?: FormState['errors']; outcome?: TestOutcome };
}

function outcomePanel(outcome: TestOutcome, engine: string): SafeHtml {
  if (outcome.error) return html`<div class="error" role="alert" id="test-result"><p>${tr('The test failed: {error}', { error: outcome.error })}</p></div>`;
  if (!outcome.results.length) return html`<div class="warning" role="status" id="test-result"><p>${tr('{engine} answered without a translation.', { engine })}</p></div>`;
  return html`<div class="message" role="status" id="test-result"><p>${tr('{engine} answered:', { engine })}</p><ul>${outcome.results.map((r) => html`<li><span class="test-translation">${r.text}</span> <span class="muted">(${r.service}, quality ${String(r.quality)})</span></li>`)}</ul></div>`;
}

/** One engine: its configuration form, the removal of its setting, and the connection test. */
export function machineryEnginePage(o: EnginePageData): string {
  const e = o.engine;
  const base = `${o.place.base}${encodeURIComponent(e.id)}/`;
  const fields = e.fields.map((f) => engineField(f, f.secret === true && e.configuration?.[f.name] !== undefined));
  const test: FormState = { viewer: o.viewer, values: o.test.values, errors: o.test.errors };
  const title = tr('{engine} – machine translation', { engine: e.name });
  return page({
    title: o.place.kind === 'site' ? `${title}, site-wide` : `${title} of ${o.place.name}`,
    viewer: o.viewer,
    here: base,
    breadcrumbs: [...o.place.crumbs, { label: tr('Machine translation'), href: o.place.base }, { label: e.name }],
    body: html`<h1>${e.name}</h1>
<p>${e.configuration ? (o.place.kind === 'site' ? tr('Configured site-wide.') : tr('Configured for {name}.', { name: o.place.name })) : tr('Not configured here yet.')}</p>
<h2>${tr('Configuration')}</h2>
${formErrors(o.errors, fields.map((f) => f.name))}
<form method="post" action="${base}" id="engine-form" class="panel" novalidate>${csrfField(o.viewer)}
${fields.length ? fields.map((f) => field(o, f)) : html`<p id="engine-no-options">${tr('This engine has no options.')}</p>`}
<button type="submit" id="engine-form-submit">${e.configuration ? tr('Save') : tr('Configure')}</button>
</form>
${e.configuration
  ? html`<h2>${tr('Test the connection')}</h2>
<p>${tr('Translates a sample text with the settings saved above, without the cache.')}</p>
${o.test.outcome ? outcomePanel(o.test.outcome, e.name) : ''}
${formErrors(test.errors, SAMPLE_FIELDS().map((f) => f.name))}
<form method="post" action="${base}test/" id="engine-test" class="panel" novalidate>${csrfField(o.viewer)}
${SAMPLE_FIELDS().map((f) => field(test, f))}
<button type="submit" id="engine-test-submit">${tr('Test the connection')}</button>
</form>
<h2>${tr('Remove')}</h2>
<form method="post" action="${base}delete/" id="engine-remove" class="panel">${csrfField(o.viewer)}
<p>${o.place.kind === 'project' ? tr('Removes the setting of {engine} here; the site-wide setting applies again, if there is one.', { engine: e.name }) : tr('Removes the setting of {engine} here.', { engine: e.name })}</p>
<button type="submit" class="danger" id="engine-remove-submit">${tr('Remove the setting')}</button>
</form>`
  : ''}
<p><a href="${o.place.base}">${tr('Back to machine translation')}</a></p>`,
  });
}
