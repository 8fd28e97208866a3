// The add-on pages of a component or a project: the installed add-ons with their configuration and last runs, the ones
// that may be installed, each add-on's options form (generated from the options its validation checks), and uninstalling.
import type { AddonOption } from '../addons/options.js';
import { msgid } from '../shared/msgid.js';
import { tr, trHtml } from './i18n.js';
import { html, type SafeHtml } from './html.js';
import { field, formErrors, type FieldSpec, type FormState } from './forms.js';
import { csrfField, page, type Viewer } from './layout.js';

/** Where the add-ons are installed: a component or a project, with its links. */
export interface AddonPlace {
  /** "component" or "project", as the texts name it. */
  kind: 'component' | 'project';
  name: string;
  /** The list page, `/settings/<project>/[<component>/]addons/`. */
  base: string;
  /** The breadcrumbs up to the object's settings. */
  crumbs: { label: string; href?: string }[];
}

export interface AddonLogEntry {
  event: string;
  success: boolean;
  message: string;
  timestamp: string;
}

export interface InstalledAddon {
  id: number;
  name: string;
  verbose: string;
  description: string;
  /** The stored options, as the API shows them. */
  configuration: Record<string, unknown>;
  log: AddonLogEntry[];
}

export interface AvailableAddon {
  name: string;
  verbose: string;
  description: string;
}

/** The notices after a redirect: a fixed text per code, never text from the address. */
const NOTICES: Record<string, string> = {
  addon_installed: msgid('The add-on is installed.'),
  addon_configured: msgid('The add-on configuration is saved.'),
  addon_uninstalled: msgid('The add-on is uninstalled.'),
};

function notice(code: string | undefined): SafeHtml {
  const text = code ? NOTICES[code] : undefined;
  return text ? html`<p class="message" role="status" id="notice" tabindex="-1">${tr(text)}</p>` : html``;
}

/** Labels of option names that do not read well as they are; the others are the name in words. */
const LABELS: Record<string, string> = {
  q: msgid('Search query'),
  webhook_url: msgid('Webhook URL'),
  secret: msgid('Secret (Standard Webhooks signing key)'),
  events: msgid('Change events to send (action codes)'),
  path: msgid('Path of the generated MO files'),
  fuzzy: msgid('Include strings needing editing'),
  previous: msgid('Keep previous msgids of translated strings'),
  state: msgid('State to set'),
  add_flags: msgid('Translation flags to add'),
  remove_flags: msgid('Translation flags to remove'),
  add_labels: msgid('Labels to add'),
  remove_labels: msgid('Labels to remove'),
  mode: msgid('Automatic translation mode'),
  filter_type: msgid('Strings to translate (legacy filter)'),
  auto_source: msgid('Source of automatic translations'),
  component: msgid('Component to copy from (its id; empty: every component of the project)'),
  engines: msgid('Machine translation engines'),
  threshold: msgid('Score threshold'),
  match: msgid('Regular expression matching the translation files'),
  file_format: msgid('File format'),
  name_template: msgid('Component name template'),
  base_file_template: msgid('Monolingual base file template'),
  new_base_template: msgid('Template for new translations'),
  language_regex: msgid('Language filter'),
  copy_addons: msgid('Clone add-ons from the main component to the new ones'),
  remove: msgid('Remove components of files that no longer exist'),
  confirm: msgid('I confirm the above matches look correct'),
  source: msgid('Source translation (language code)'),
  target: msgid('Target translation (language code)'),
  var_multiplier: msgid('Variable part multiplier'),
  include_readonly: msgid('Include read-only strings'),
  squash: msgid('Commit squashing'),
  commit_message: msgid('Commit message'),
  append_trailers: msgid('Append trailers to the squashed commit message'),
  filename: msgid('Name of the generated file'),
  template: msgid('Content of the generated file'),
};

/** Readable names of choices that are codes. */
const CHOICE_LABELS: Record<string, Record<string, string>> = {
  state: { '-1': msgid('Do not change'), '0': msgid('Not translated'), '10': msgid('Needs editing'), '20': msgid('Translated'), '30': msgid('Approved'), '100': msgid('Read-only') },
  mode: { suggest: msgid('Add as suggestion'), translate: msgid('Add as translation'), fuzzy: msgid('Add as "Needing edit"') },
  auto_source: { others: msgid('Other components in this project'), mt: msgid('Machine translation') },
  squash: { all: msgid('All commits into one'), language: msgid('Per language'), file: msgid('Per file'), author: msgid('Per author') },
};

const labelOf = (name: string): string => (LABELS[name] ? tr(LABELS[name]!) : undefined) ?? name.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** The form field of one option; list options are typed comma-separated, the default is named where one applies. */
export function optionField(o: AddonOption): FieldSpec {
  const help = [
    o.kind === 'list' ? tr('Several values separated by commas.') : '',
    o.default && o.kind !== 'checkbox' && o.kind !== 'select' ? tr('Default: {value}.', { value: o.default }) : '',
    o.min !== undefined && o.max !== undefined ? tr('From {min} to {max}.', { min: o.min, max: o.max }) : '',
  ]
    .filter(Boolean)
    .join(' ');
  const base: FieldSpec = { name: o.name, label: labelOf(o.name), required: o.required, ...(help ? { help } : {}), ...(o.maxLength ? { maxLength: o.maxLength } : {}) };
  switch (o.kind) {
    case 'checkbox':
      return { ...base, type: 'checkbox' };
    case 'number':
      return { ...base, type: 'number' };
    case 'textarea':
      return { ...base, type: 'textarea' };
    case 'select':
      return { ...base, type: 'select', options: (o.choices ?? []).map((value) => ({ value, label: CHOICE_LABELS[o.name]?.[value] ?? value })) };
    default:
      return { ...base, type: 'text' };
  }
}

/** An option's stored value as the form shows it. */
export function shownValue(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'boolean') return value ? 'true' : '';
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function configurationList(configuration: Record<string, unknown>, id: number): SafeHtml {
  const entries = Object.entries(configuration);
  if (!entries.length) return html`<p class="muted" id="addon-${String(id)}-configuration">${tr('Default configuration.')}</p>`;
  // A list rather than a two-column grid: long option names must not squeeze the values on a narrow screen.
  return html`<ul class="plain" id="addon-${String(id)}-configuration">${entries.map(([k, v]) => html`<li><strong>${labelOf(k)}:</strong> ${typeof v === 'boolean' ? (v ? 'yes' : 'no') : html`<code>${shownValue(v) || '(empty)'}</code>`}</li>`)}</ul>`;
}

function logEntry(e: AddonLogEntry): SafeHtml {
  return html`<li><strong>${e.success ? tr('Succeeded') : tr('Failed')}</strong> – ${e.event}, <time datetime="${e.timestamp}">${e.timestamp.replace('T', ' ').slice(0, 19)} UTC</time>${e.message ? html`<div class="source-text">${e.message}</div>` : ''}</li>`;
}

export interface AddonListData {
  viewer: Viewer;
  place: AddonPlace;
  installed: InstalledAddon[];
  available: AvailableAddon[];
  notice?: string;
}

/** /settings/<project>/[<component>/]addons/: what is installed (configuration, last run), and what may be installed. */
export function addonListPage(o: AddonListData): string {
  const title = `Add-ons of ${o.place.name}`;
  return page({
    title,
    viewer: o.viewer,
    here: o.place.base,
    breadcrumbs: [...o.place.crumbs, { label: tr('Add-ons') }],
    body: html`${notice(o.notice)}<h1>${title}</h1>
<p>${o.place.kind === 'project' ? tr('Add-ons act on the project’s files and strings when something happens: a repository update, a commit, a change, or daily. Add-ons installed here run for every component of the project.') : tr('Add-ons act on the component’s files and strings when something happens: a repository update, a commit, a change, or daily.')}</p>
<h2>${tr('Installed')}</h2>
${o.installed.length
  ? html`<ul class="plain" id="installed-addons">${o.installed.map(
      (a) => html`<li class="panel" id="addon-${String(a.id)}"><h3>${a.verbose}</h3>
<p>${a.description} <code>${a.name}</code></p>
${configurationList(a.configuration, a.id)}
<h4>${tr('Last run')}</h4>
${a.log.length ? html`<ul class="plain" id="addon-${String(a.id)}-log">${logEntry(a.log[0]!)}</ul>` : html`<p class="muted" id="addon-${String(a.id)}-log">${tr('Not run yet.')}</p>`}
<p class="actions"><a href="${o.place.base}${String(a.id)}/" class="button" id="configure-${String(a.id)}" aria-label="Configure ${a.verbose}">${tr('Configure')}</a>
<a href="${o.place.base}${String(a.id)}/delete/" class="button secondary" id="uninstall-${String(a.id)}" aria-label="Uninstall ${a.verbose}">${tr('Uninstall')}</a></p></li>`,
    )}</ul>`
  : html`<p class="muted" id="installed-addons">${tr('No add-ons are installed.')}</p>`}
<h2>${tr('Available')}</h2>
${o.available.length
  ? html`<ul class="plain" id="available-addons">${o.available.map(
      (a) => html`<li class="panel"><h3>${a.verbose}</h3><p>${a.description}</p>
<p><a href="${o.place.base}install/${encodeURIComponent(a.name)}/" class="button" id="install-${a.name.replace(/\./g, '-')}" aria-label="Install ${a.verbose}">${tr('Install')}</a></p></li>`,
    )}</ul>`
  : html`<p class="muted" id="available-addons">${tr('Every add-on that fits is installed.')}</p>`}`,
  });
}

export interface AddonFormData extends FormState {
  place: AddonPlace;
  addon: { name: string; verbose: string; description: string };
  options: AddonOption[];
  /** Set when configuring an installed add-on: its id and recent log. */
  installed?: { id: number; log: AddonLogEntry[] };
}

/** The options form of an add-on: installing it, or configuring the installed one (with its log). */
export function addonFormPage(o: AddonFormData): string {
  const installing = !o.installed;
  const action = installing ? `${o.place.base}install/${encodeURIComponent(o.addon.name)}/` : `${o.place.base}${String(o.installed!.id)}/`;
  const fields = o.options.map(optionField);
  const title = installing ? tr('Install {addon}', { addon: o.addon.verbose }) : tr('Configure {addon}', { addon: o.addon.verbose });
  return page({
    title: `${title} – ${o.place.name}`,
    viewer: o.viewer,
    here: action,
    breadcrumbs: [...o.place.crumbs, { label: tr('Add-ons'), href: o.place.base }, { label: title }],
    body: html`<h1>${title}</h1>
<p>${o.addon.description} <code>${o.addon.name}</code></p>
${formErrors(o.errors, fields.map((f) => f.name))}
<form method="post" action="${action}" id="addon-form" class="panel" novalidate>${csrfField(o.viewer)}
${fields.length ? fields.map((f) => field(o, f)) : html`<p id="addon-no-options">${tr('This add-on has no options.')}</p>`}
<button type="submit" id="addon-form-submit">${installing ? tr('Install') : tr('Save')}</button>
</form>
<p><a href="${o.place.base}">${tr('Back to the add-ons')}</a></p>
${o.installed
  ? html`<h2>${tr('Log')}</h2>${o.installed.log.length ? html`<ul class="changes" id="addon-log">${o.installed.log.map(logEntry)}</ul>` : html`<p class="muted" id="addon-log">${tr('Not run yet.')}</p>`}
<p><a href="${o.place.base}${String(o.installed.id)}/delete/" id="uninstall-link">${tr('Uninstall this add-on')}</a></p>`
  : ''}`,
  });
}

/** The confirmation before uninstalling. */
export function addonUninstallPage(o: { viewer: Viewer; place: AddonPlace; addon: { id: number; verbose: string; name: string } }): string {
  const title = tr('Uninstall {addon}', { addon: o.addon.verbose });
  return page({
    title: `${title} – ${o.place.name}`,
    viewer: o.viewer,
    here: `${o.place.base}${String(o.addon.id)}/delete/`,
    breadcrumbs: [...o.place.crumbs, { label: tr('Add-ons'), href: o.place.base }, { label: title }],
    body: html`<h1>${title}</h1>
<form method="post" action="${o.place.base}${String(o.addon.id)}/delete/" id="addon-uninstall" class="panel">${csrfField(o.viewer)}
<p>${o.place.kind === 'project'
  ? trHtml('Uninstall {addon} ({name}) from the project {place}? Its configuration and log are removed; files it already made stay.', { addon: html`<strong>${o.addon.verbose}</strong>`, name: html`<code>${o.addon.name}</code>`, place: o.place.name })
  : trHtml('Uninstall {addon} ({name}) from the component {place}? Its configuration and log are removed; files it already made stay.', { addon: html`<strong>${o.addon.verbose}</strong>`, name: html`<code>${o.addon.name}</code>`, place: o.place.name })}</p>
<p class="actions"><button type="submit" class="danger" id="addon-uninstall-submit">${tr('Uninstall')}</button> <a href="${o.place.base}" class="button secondary">${tr('Keep it')}</a></p>
</form>`,
  });
}
