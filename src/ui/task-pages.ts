// The progress page of a background task started from the UI (/tasks/<uuid>/), and the automatic translation form that starts one.
import { html, type SafeHtml } from './html.js';
import { tr } from './i18n.js';
import { field, formErrors, type FieldSpec, type FormState } from './forms.js';
import { csrfField, page, type Viewer } from './layout.js';
import { lastLine, taskProgress } from './widgets.js';

export interface TaskPageData {
  viewer: Viewer;
  here: string;
  id: string;
  /** What runs, in words ("Uploading po/de.po into Project / Component — German"). */
  title: string;
  status: string;
  progress: number;
  log: string;
  /** How it ended, in words; null while it runs. */
  outcome: { ok: boolean; text: string } | null;
  back: { href: string; label: string };
  breadcrumbs: { label: string; href?: string }[];
}


/**
 * While the task runs: the bar and the log's last line, which task-progress.js keeps up to date and then replaces with the
 * outcome drawn by the server (without JavaScript the page refreshes itself). When it has ended: the outcome and the log.
 */
export function taskPage(o: TaskPageData): string {
  const running = o.outcome === null;
  const state = running
    ? taskProgress({ prefix: 'task', taskId: o.id, swap: 'task-body', label: tr('Progress'), progress: o.progress, message: lastLine(o.log) || (o.status === 'queued' ? tr('Waiting for a worker.') : tr('Working.')), here: `/tasks/${o.id}/` })
    : html`<div class="panel" id="task-status" data-task-state="${o.status}">
<p><label for="task-progress">${tr('Progress')}</label></p>
<progress id="task-progress" max="100" value="${o.outcome!.ok ? '100' : String(o.progress)}">${o.outcome!.ok ? '100' : String(o.progress)}%</progress>
${o.outcome!.ok ? html`<div class="message" role="status" id="task-result" data-task-outcome><p>${o.outcome!.text}</p></div>` : html`<div class="error" role="alert" id="task-error" data-task-outcome><p>${o.outcome!.text}</p></div>`}
</div>
${o.log.trim() ? html`<details><summary>${tr('Log')}</summary><pre id="task-log">${o.log.trim()}</pre></details>` : ''}`;
  return page({
    title: o.title,
    viewer: o.viewer,
    here: o.here,
    breadcrumbs: o.breadcrumbs,
    body: html`<h1>${o.title}</h1>
<div id="task-body">${state}
<p><a href="${o.back.href}" id="task-back">${o.back.label}</a></p></div>`,
  });
}

const MODES = () => [
  { value: 'translate', label: tr('Add as translation') },
  { value: 'suggest', label: tr('Add as suggestion') },
  { value: 'fuzzy', label: tr('Add as translation needing edit') },
  { value: 'approved', label: tr('Add as approved translation') },
];
const FILTERS = () => [
  { value: 'todo', label: tr('Unfinished strings') },
  { value: 'nottranslated', label: tr('Untranslated strings') },
  { value: 'fuzzy', label: tr('Strings needing edit') },
  { value: 'all', label: tr('All strings') },
];
const SOURCES = () => [
  { value: 'others', label: tr('Translations of other components') },
  { value: 'mt', label: tr('Machine translation') },
];

export interface AutotranslateFormData extends FormState {
  action: string;
  /** Machine translation engines by id and name. */
  engines: readonly { id: string; name: string }[];
}

/** The fields POST /api/translations/<p>/<c>/<l>/autotranslate/ takes, as a form; the run follows on a task page. */
export function autotranslateForm(o: AutotranslateFormData): SafeHtml {
  const fields: FieldSpec[] = [
    { name: 'mode', label: tr('Automatic translation mode'), type: 'select', options: MODES() },
    { name: 'filter_type', label: tr('Search filter'), type: 'select', options: FILTERS() },
    { name: 'auto_source', label: tr('Source of automated translations'), type: 'select', options: SOURCES() },
    { name: 'component', label: tr('Component to copy from'), required: false, help: tr('For translations of other components: a component of this project by its slug, or project/component; when empty, every component of this project that shares its translations.') },
    { name: 'threshold', label: tr('Score threshold'), type: 'number', required: false, help: tr('Machine translation: the lowest quality score taken, 1 to 100 (80 when empty).') },
  ];
  const chosen = new Set((o.values?.engines ?? '').split(',').filter(Boolean));
  const engineErrors = o.errors?.engines ?? [];
  const values = { mode: 'translate', filter_type: 'todo', auto_source: 'others', ...o.values };
  return html`<section class="panel" aria-labelledby="autotranslate-title"><h2 id="autotranslate-title">${tr('Automatic translation')}</h2>
${formErrors(o.errors, [...fields.map((f) => f.name), 'engines'])}
<form method="post" action="${o.action}" id="autotranslate-form" novalidate>${csrfField(o.viewer)}
${fields.map((f) => field({ ...o, values }, f))}
<fieldset id="autotranslate-engines"${engineErrors.length ? html` aria-describedby="id_engines_error"` : ''}><legend>${tr('Machine translation engines')}</legend>
${o.engines.map((e) => html`<div class="check"><input type="checkbox" id="id_engines_${e.id}" name="engines" value="${e.id}"${chosen.has(e.id) ? html` checked` : ''}><label for="id_engines_${e.id}">${e.name}</label></div>`)}
${engineErrors.length ? html`<p class="error field-error" id="id_engines_error">${engineErrors.join(' ')}</p>` : ''}
</fieldset>
<button type="submit" id="autotranslate-submit">${tr('Start automatic translation')}</button>
</form></section>`;
}
