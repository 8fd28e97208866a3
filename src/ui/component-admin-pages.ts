// The component administration pages: creating a component from a repository, a ZIP file or a document.
import { html, type SafeHtml } from './html.js';
import { msgid } from '../shared/msgid.js';
import { ntr, tr, trHtml } from './i18n.js';
import { field, formErrors, type FieldSpec, type FormState } from './forms.js';
import { csrfField, page } from './layout.js';
import { lastLine, taskProgress } from './widgets.js';

export interface CreateComponentPageData extends FormState {
  here: string;
  project: { slug: string; name: string; href: string };
  formats: readonly { id: string; name: string }[];
  /** The discovery form's own values and errors (repository and branch). */
  discover?: { values: Record<string, string>; errors?: FormState['errors'] };
}

/** The fields of the creation form, in the order shown; file fields are optional, one of them or a repository is needed. */
function createFields(formats: CreateComponentPageData['formats']): { basics: FieldSpec[]; source: FieldSpec[]; files: FieldSpec[] } {
  return {
    basics: [
      { name: 'name', label: tr('Component name'), maxLength: 100, help: tr('Shown in lists and page titles.') },
      { name: 'slug', label: tr('URL slug'), maxLength: 100, help: tr('Letters, digits, "-" and "_"; part of every address of the component.') },
      { name: 'source_language', label: tr('Source language'), required: false, help: tr('The language code of the source strings, "en" when empty.') },
    ],
    source: [
      { name: 'zipfile', label: tr('ZIP file with the translation files'), type: 'file', required: false },
      { name: 'docfile', label: tr('Document to translate'), type: 'file', required: false, help: tr('A single file in the source language; its format is the file format below.') },
      { name: 'repo', label: tr('Source code repository'), type: 'url', required: false, help: tr('A repository URL when uploading nothing; Parla clones it in the background.') },
      { name: 'branch', label: tr('Repository branch'), required: false, help: tr('The default branch when empty.') },
    ],
    files: [
      { name: 'file_format', label: tr('File format'), type: 'select', options: formats.map((f) => ({ value: f.id, label: f.name })) },
      { name: 'filemask', label: tr('File mask'), required: false, help: tr('Path of the translation files with "*" in place of the language code, for example po/*.po.') },
      { name: 'template', label: tr('Monolingual base language file'), required: false, help: tr('For formats that keep keys and source strings in one file, for example en.json.') },
      { name: 'new_base', label: tr('Template for new translations'), required: false, help: tr('The file new languages start from, for example po/messages.pot.') },
    ],
  };
}

/** /create/component/?project=<slug>: the creation form, again with the refused values and the messages next to them. */
export function createComponentPage(o: CreateComponentPageData): string {
  const f = createFields(o.formats);
  const all = [...f.basics, ...f.source, ...f.files];
  const action = `/create/component/?project=${encodeURIComponent(o.project.slug)}`;
  return page({
    title: tr('Add a component to {project_name}', { project_name: o.project.name }),
    viewer: o.viewer,
    here: o.here,
    breadcrumbs: [{ label: tr('Dashboard'), href: '/' }, { label: o.project.name, href: o.project.href }, { label: tr('Add a component') }],
    body: html`<h1>${tr('Add a component to {project_name}', { project_name: o.project.name })}</h1>
<h2>${tr('From a repository, with discovery')}</h2>
<p>${tr('Parla clones the repository and proposes the translation files it finds.')}</p>
${discoverForm(o, `/create/component/discover/?project=${encodeURIComponent(o.project.slug)}`)}
<h2>${tr('From an upload, or with a known layout')}</h2>
<p>${tr('Upload a ZIP file of translation files or a single document, or name a repository and its file mask.')}</p>
${formErrors(o.errors, all.map((s) => s.name))}
<form method="post" action="${action}" enctype="multipart/form-data" id="create-component" class="panel" novalidate>${csrfField(o.viewer)}
<fieldset><legend>${tr('Component')}</legend>${f.basics.map((s) => field(o, s))}</fieldset>
<fieldset><legend>${tr('Where the strings come from')}</legend>${f.source.map((s) => field(o, s))}</fieldset>
<fieldset><legend>${tr('Files')}</legend>${f.files.map((s) => field(o, s))}</fieldset>
<button type="submit" id="create-component-submit">${tr('Create the component')}</button>
</form>`,
  });
}

const DISCOVER_FIELDS = (): FieldSpec[] => [
  { name: 'discover_repo', label: tr('Repository URL'), type: 'url', help: tr('HTTPS or SSH address of a git repository.') },
  { name: 'discover_branch', label: tr('Branch'), required: false, help: tr('The default branch when empty.') },
];

/** The repository form that starts a discovery; its fields are named apart from the creation form's repository fields on the same page. */
function discoverForm(o: CreateComponentPageData, action: string): SafeHtml {
  const state: FormState = { viewer: o.viewer, values: o.discover?.values ?? {}, errors: o.discover?.errors };
  return html`${formErrors(state.errors, DISCOVER_FIELDS().map((f) => f.name))}
<form method="post" action="${action}" id="discover-component" class="panel" novalidate>${csrfField(o.viewer)}
${DISCOVER_FIELDS().map((f) => field(state, f))}
<button type="submit" id="discover-component-submit">${tr('Find translation files')}</button>
</form>`;
}

export interface DiscoveryPageData {
  viewer: FormState['viewer'];
  here: string;
  project: { slug: string; name: string; href: string };
  task: { id: string; status: string; progress: number; log: string; error: string; repo: string; branch: string };
  layouts: readonly { filemask: string; file_format: string; formatName: string; languages: string[]; template: string; new_base: string }[];
}

/** /create/component/discover/?project=&task=: the clone's progress, then the file layouts found, each a link to the prefilled creation form. */
export function discoveryPage(o: DiscoveryPageData): string {
  const running = o.task.status === 'queued' || o.task.status === 'running';
  const create = (l: DiscoveryPageData['layouts'][number]) => {
    const q = new URLSearchParams({ project: o.project.slug, repo: o.task.repo, branch: o.task.branch, file_format: l.file_format, filemask: l.filemask, template: l.template, new_base: l.new_base });
    return `/create/component/?${q.toString()}#create-component`;
  };
  const body = running
    ? taskProgress({ prefix: 'discovery', taskId: o.task.id, swap: 'discovery-body', label: tr('Cloning {repo}', { repo: o.task.repo }), progress: o.task.progress, message: lastLine(o.task.log) || tr('Waiting for a worker.'), here: o.here })
    : o.task.status === 'failed'
      ? html`<div class="error" role="alert" id="discovery-error" data-task-outcome><p>${o.task.error ? tr('The repository could not be read: {error}', { error: o.task.error }) : tr('The repository could not be read: the task failed.')}</p></div>
${o.task.log ? html`<details><summary>${tr('Log')}</summary><pre id="discovery-log">${o.task.log}</pre></details>` : ''}
<p><a href="/create/component/?project=${encodeURIComponent(o.project.slug)}">${tr('Try another repository')}</a></p>`
      : o.layouts.length === 0
        ? html`<p id="discovery-none" data-task-outcome>${trHtml('No translation files of a known format were found in {repo}. {link}.', { repo: o.task.repo, link: html`<a href="/create/component/?project=${encodeURIComponent(o.project.slug)}&amp;repo=${encodeURIComponent(o.task.repo)}&amp;branch=${encodeURIComponent(o.task.branch)}#create-component">${tr('Enter the file mask yourself')}</a>` })}</p>`
        : html`<p data-task-outcome>${tr('Choose the translation files of the new component; the next page asks for its name.')}</p>
<ul class="discovered" id="discovered">${o.layouts.map(
            (l, i) => {
              // A list of facts, each its own message: the format, the languages found, the base file and the template.
              const facts: SafeHtml[] = [
                html`${l.formatName}`,
                html`${ntr('{n} language ({languages})', '{n} languages ({languages})', l.languages.length, { languages: l.languages.join(', ') })}`,
                ...(l.template ? [trHtml('base file {file}', { file: html`<code>${l.template}</code>` })] : []),
                ...(l.new_base ? [trHtml('template {file}', { file: html`<code>${l.new_base}</code>` })] : []),
              ];
              return html`<li class="panel"><a href="${create(l)}" id="discovered-${String(i)}"><code>${l.filemask}</code></a> – ${facts.map((f, j) => (j === 0 ? f : html`, ${f}`))}</li>`;
            },
          )}</ul>`;
  return page({
    title: tr('Discover translation files – {project_name}', { project_name: o.project.name }),
    viewer: o.viewer,
    here: o.here,
    breadcrumbs: [{ label: tr('Dashboard'), href: '/' }, { label: o.project.name, href: o.project.href }, { label: tr('Add a component'), href: `/create/component/?project=${encodeURIComponent(o.project.slug)}` }, { label: tr('Discovery') }],
    body: html`<h1>${tr('Translation files in the repository')}</h1>
<p>${tr('Repository')} <code>${o.task.repo}</code>${o.task.branch ? html`, branch <code>${o.task.branch}</code>` : ''}.</p>
<div id="discovery-body">${body}</div>`,
  });
}


/** The choices of the settings form that come from the project and the site: its categories, the languages and the version control systems. */
export interface SettingsChoices {
  categories: readonly { value: string; label: string }[];
  languages: readonly { value: string; label: string }[];
  vcs: readonly string[];
  languageCodeStyles: readonly string[];
}

const NO_CHOICES: SettingsChoices = { categories: [], languages: [], vcs: ['git'], languageCodeStyles: [''] };

/** Each inheritable setting's switch: on, it comes from the category or the project above. */
/** The labels of the commit message templates. */
const COMMIT_MESSAGE_LABELS: Record<string, string> = {
  commit_message: msgid('Commit message'),
  add_message: msgid('Add message'),
  delete_message: msgid('Delete message'),
  merge_message: msgid('Merge message'),
  addon_message: msgid('Add-on message'),
  pull_message: msgid('Pull message'),
};

const inherit = (name: string): FieldSpec => ({ name: `inherit_${name}`, label: tr('Inherit the {setting} from the project or category', { setting: name.replaceAll('_', ' ') }), type: 'checkbox' });

/**
 * The component settings by the reference's groups; every name is a field of PATCH /api/components/<p>/<c>/ (all of them but
 * the creation-only ones), so that the form can change whatever the API can.
 */
export function settingsGroups(formats: readonly { id: string; name: string }[], choices: SettingsChoices = NO_CHOICES): { legend: string; fields: FieldSpec[] }[] {
  const text = (name: string, label: string, help?: string): FieldSpec => ({ name, label, required: false, help });
  const check = (name: string, label: string): FieldSpec => ({ name, label, type: 'checkbox' });
  const select = (name: string, label: string, options: readonly { value: string; label: string }[], help?: string): FieldSpec => ({ name, label, type: 'select', options, required: false, help });
  const json = (name: string, label: string, help: string): FieldSpec => ({ ...text(name, label, help), type: 'textarea' });
  return [
    {
      legend: tr('Basic'),
      fields: [
        { name: 'name', label: tr('Component name'), maxLength: 100 },
        { name: 'slug', label: tr('URL slug'), maxLength: 100, help: tr('Renaming changes every address of the component; links to the old one stop working.') },
        select('category', tr('Category'), [{ value: '', label: tr('No category') }, ...choices.categories], tr('Moving the component into another category of the project changes its addresses.')),
        text('source_language', tr('Source language'), tr('The language code of the source strings.')),
        text('license', tr('Translation license')),
        inherit('license'),
        { ...text('license_url', tr('License URL')), type: 'url' },
        { ...text('agreement', tr('Contributor agreement')), type: 'textarea' },
        inherit('agreement'),
        { ...text('report_source_bugs', tr('Source string bug reporting address')), type: 'email' },
        { ...text('priority', tr('Priority'), tr('60, 80, 100 (normal), 120 or 140; lower numbers come first.')), type: 'number' },
        check('restricted', tr('Restricted: only those with access to this component see it')),
        check('is_glossary', tr('Use as a glossary')),
        text('glossary_color', tr('Glossary color'), tr('The color of the glossary’s terms, for example silver.')),
      ],
    },
    {
      legend: tr('Translation'),
      fields: [
        check('enable_suggestions', tr('Turn on suggestions')),
        check('suggestion_voting', tr('Suggestion voting')),
        { ...text('suggestion_autoaccept', tr('Automatically accept suggestions'), tr('The number of votes that accepts a suggestion; 0 turns this off.')), type: 'number' },
        text('check_flags', tr('Translation flags')),
        text('enforced_checks', tr('Enforced checks'), tr('Check identifiers separated by commas, for example same, end_stop: strings failing them need editing.')),
        text('variant_regex', tr('Variants regular expression'), tr('Identifies the variants of a string by its key.')),
        text('key_filter', tr('Key filter'), tr('A regular expression: only keys matching it are shown (monolingual formats).')),
        check('allow_translation_propagation', tr('Allow translation propagation')),
        check('contribute_project_tm', tr('Contribute to the project’s translation memory')),
        check('hide_glossary_matches', tr('Hide glossary matches in the editor')),
        check('manage_units', tr('Manage strings')),
        select('new_lang', tr('Adding new translation'), [
          { value: 'contact', label: tr('Contact maintainers') },
          { value: 'url', label: tr('Point to translation instructions URL') },
          { value: 'add', label: tr('Create new language file') },
          { value: 'existing', label: tr('Add only languages the project already has') },
          { value: 'none', label: tr('Disable adding new translations') },
        ]),
        inherit('new_lang'),
        select('language_code_style', tr('Language code style'), choices.languageCodeStyles.map((v) => ({ value: v, label: v || tr('The file format’s default') }))),
        inherit('language_code_style'),
        select('secondary_language', tr('Secondary language'), [{ value: '', label: tr('None') }, ...choices.languages], tr('Shown to translators next to the source.')),
        inherit('secondary_language'),
      ],
    },
    {
      legend: tr('Version control'),
      fields: [
        select('vcs', tr('Version control system'), choices.vcs.map((v) => ({ value: v, label: v }))),
        text('repo', tr('Source code repository')),
        text('branch', tr('Repository branch')),
        text('push', tr('Repository push URL')),
        text('push_branch', tr('Push branch')),
        { ...text('repoweb', tr('Repository browser')), type: 'url' },
        { ...text('git_export', tr('Exported repository URL'), tr('Where Parla exports the repository for others to pull.')), type: 'url' },
        select('merge_style', tr('Merge style'), [
          { value: 'merge', label: tr('Merge') },
          { value: 'rebase', label: tr('Rebase') },
          { value: 'merge_noff', label: tr('Merge without fast-forward') },
        ]),
        check('push_on_commit', tr('Push on commit')),
        { ...text('commit_pending_age', tr('Age of changes to commit'), tr('Hours after which pending changes are committed.')), type: 'number' },
        check('auto_lock_error', tr('Lock on error')),
        json('vcs_params', tr('Version control parameters'), tr('A JSON object, for example {"git_force_push": true}; {} for none.')),
      ],
    },
    {
      legend: tr('Commit messages'),
      fields: (['commit_message', 'add_message', 'delete_message', 'merge_message', 'addon_message', 'pull_message'] as const).flatMap((n) => [
        { ...text(n, COMMIT_MESSAGE_LABELS[n]), type: 'textarea' },
        inherit(n),
      ]),
    },
    {
      legend: tr('Files'),
      fields: [
        select('file_format', tr('File format'), formats.map((f) => ({ value: f.id, label: f.name }))),
        json('file_format_params', tr('File format parameters'), tr('A JSON object of the parameters the file format takes; {} for none.')),
        text('filemask', tr('File mask')),
        text('template', tr('Monolingual base language file')),
        check('edit_template', tr('Edit the base file')),
        text('new_base', tr('Template for new translations')),
        text('intermediate', tr('Intermediate language file')),
        text('language_regex', tr('Language filter')),
        text('screenshot_filemask', tr('Screenshot file mask')),
      ],
    },
  ];
}

export interface ComponentSettingsPageData extends FormState {
  here: string;
  project: { name: string; href: string };
  component: { name: string; slug: string; href: string; locked: boolean };
  base: string;
  formats: readonly { id: string; name: string }[];
  choices: SettingsChoices;
  notice: string | null;
  mayLock: boolean;
  deleteErrors?: FormState['errors'];
  /** The add-a-language form's value and errors. */
  language?: { values: Record<string, string>; errors?: FormState['errors'] };
}

/** /settings/<project>/<component>/: the settings by group, the lock, adding a language, and deleting after typing the slug. */
export function componentSettingsPage(o: ComponentSettingsPageData): string {
  const groups = settingsGroups(o.formats, o.choices);
  const del: FormState = { viewer: o.viewer, values: {}, errors: o.deleteErrors };
  const lang: FormState = { viewer: o.viewer, values: o.language?.values ?? {}, errors: o.language?.errors };
  return page({
    title: tr('Settings – {component_name}', { component_name: o.component.name }),
    viewer: o.viewer,
    here: o.here,
    breadcrumbs: [{ label: tr('Dashboard'), href: '/' }, { label: o.project.name, href: o.project.href }, { label: o.component.name, href: o.component.href }, { label: tr('Settings') }],
    body: html`${o.notice ? html`<p class="message" role="status" id="notice" tabindex="-1">${tr(o.notice)}</p>` : ''}<h1>${tr('Settings of {component_name}', { component_name: o.component.name })}</h1>
<p><a href="${o.base}addons/" id="addons-link">${tr('Add-ons of this component')}</a></p>
${formErrors(o.errors, groups.flatMap((g) => g.fields.map((f) => f.name)))}
<form method="post" action="${o.base}" id="component-settings" class="panel" novalidate>${csrfField(o.viewer)}
${groups.map((g) => html`<fieldset><legend>${g.legend}</legend>${g.fields.map((f) => field(o, f))}</fieldset>`)}
<button type="submit" id="component-settings-submit">${tr('Save')}</button>
</form>
${o.mayLock ? html`<h2>${tr('Lock')}</h2><form method="post" action="${o.base}lock/" class="panel" id="component-lock">${csrfField(o.viewer)}
<p>${o.component.locked ? tr('The component is locked: translations are refused until it is unlocked.') : tr('The component is open for translation.')}</p>
<input type="hidden" name="lock" value="${o.component.locked ? 'false' : 'true'}"><button type="submit" id="component-lock-submit">${o.component.locked ? tr('Unlock') : tr('Lock')}</button></form>` : ''}
<h2>${tr('Add a language')}</h2>
${formErrors(lang.errors, ['language_code'])}
<form method="post" action="${o.base}language/" class="panel" id="component-add-language" novalidate>${csrfField(o.viewer)}
${field(lang, { name: 'language_code', label: tr('Language code'), help: tr('For example de, pt_BR or sr@latin; the file is made from the template for new translations.') })}
<button type="submit" id="component-add-language-submit">${tr('Add the language')}</button>
</form>
<h2>${tr('Delete')}</h2>
${formErrors(del.errors, ['confirm'])}
<form method="post" action="${o.base}delete/" class="panel" id="component-delete" novalidate>${csrfField(o.viewer)}
<p>${tr('Deleting removes the component, its translations and its files from Parla.')}</p>
${field(del, { name: 'confirm', label: tr('Type the component\'s slug ({slug}) to confirm', { slug: o.component.slug }) })}
<button type="submit" id="component-delete-submit" class="danger">${tr('Delete the component')}</button>
</form>`,
  });
}
