// The component administration pages: creating a component from a repository, a ZIP file or a document.
import { html, type SafeHtml } from './html.js';
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
      { name: 'name', label: 'Component name', maxLength: 100, help: 'Shown in lists and page titles.' },
      { name: 'slug', label: 'URL slug', maxLength: 100, help: 'Letters, digits, "-" and "_"; part of every address of the component.' },
      { name: 'source_language', label: 'Source language', required: false, help: 'The language code of the source strings, "en" when empty.' },
    ],
    source: [
      { name: 'zipfile', label: 'ZIP file with the translation files', type: 'file', required: false },
      { name: 'docfile', label: 'Document to translate', type: 'file', required: false, help: 'A single file in the source language; its format is the file format below.' },
      { name: 'repo', label: 'Source code repository', type: 'url', required: false, help: 'A repository URL when uploading nothing; Parla clones it in the background.' },
      { name: 'branch', label: 'Repository branch', required: false, help: 'The default branch when empty.' },
    ],
    files: [
      { name: 'file_format', label: 'File format', type: 'select', options: formats.map((f) => ({ value: f.id, label: f.name })) },
      { name: 'filemask', label: 'File mask', required: false, help: 'Path of the translation files with "*" in place of the language code, for example po/*.po.' },
      { name: 'template', label: 'Monolingual base language file', required: false, help: 'For formats that keep keys and source strings in one file, for example en.json.' },
      { name: 'new_base', label: 'Template for new translations', required: false, help: 'The file new languages start from, for example po/messages.pot.' },
    ],
  };
}

/** /create/component/?project=<slug>: the creation form, again with the refused values and the messages next to them. */
export function createComponentPage(o: CreateComponentPageData): string {
  const f = createFields(o.formats);
  const all = [...f.basics, ...f.source, ...f.files];
  const action = `/create/component/?project=${encodeURIComponent(o.project.slug)}`;
  return page({
    title: `Add a component to ${o.project.name}`,
    viewer: o.viewer,
    here: o.here,
    breadcrumbs: [{ label: 'Dashboard', href: '/' }, { label: o.project.name, href: o.project.href }, { label: 'Add a component' }],
    body: html`<h1>Add a component to ${o.project.name}</h1>
<h2>From a repository, with discovery</h2>
<p>Parla clones the repository and proposes the translation files it finds.</p>
${discoverForm(o, `/create/component/discover/?project=${encodeURIComponent(o.project.slug)}`)}
<h2>From an upload, or with a known layout</h2>
<p>Upload a ZIP file of translation files or a single document, or name a repository and its file mask.</p>
${formErrors(o.errors, all.map((s) => s.name))}
<form method="post" action="${action}" enctype="multipart/form-data" id="create-component" class="panel" novalidate>${csrfField(o.viewer)}
<fieldset><legend>Component</legend>${f.basics.map((s) => field(o, s))}</fieldset>
<fieldset><legend>Where the strings come from</legend>${f.source.map((s) => field(o, s))}</fieldset>
<fieldset><legend>Files</legend>${f.files.map((s) => field(o, s))}</fieldset>
<button type="submit" id="create-component-submit">Create the component</button>
</form>`,
  });
}

const DISCOVER_FIELDS: FieldSpec[] = [
  { name: 'discover_repo', label: 'Repository URL', type: 'url', help: 'HTTPS or SSH address of a git repository.' },
  { name: 'discover_branch', label: 'Branch', required: false, help: 'The default branch when empty.' },
];

/** The repository form that starts a discovery; its fields are named apart from the creation form's repository fields on the same page. */
function discoverForm(o: CreateComponentPageData, action: string): SafeHtml {
  const state: FormState = { viewer: o.viewer, values: o.discover?.values ?? {}, errors: o.discover?.errors };
  return html`${formErrors(state.errors, DISCOVER_FIELDS.map((f) => f.name))}
<form method="post" action="${action}" id="discover-component" class="panel" novalidate>${csrfField(o.viewer)}
${DISCOVER_FIELDS.map((f) => field(state, f))}
<button type="submit" id="discover-component-submit">Find translation files</button>
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
    ? taskProgress({ prefix: 'discovery', taskId: o.task.id, swap: 'discovery-body', label: `Cloning ${o.task.repo}`, progress: o.task.progress, message: lastLine(o.task.log) || 'Waiting for a worker.', here: o.here })
    : o.task.status === 'failed'
      ? html`<div class="error" role="alert" id="discovery-error" data-task-outcome><p>The repository could not be read: ${o.task.error || 'the task failed.'}</p></div>
${o.task.log ? html`<details><summary>Log</summary><pre id="discovery-log">${o.task.log}</pre></details>` : ''}
<p><a href="/create/component/?project=${encodeURIComponent(o.project.slug)}">Try another repository</a></p>`
      : o.layouts.length === 0
        ? html`<p id="discovery-none" data-task-outcome>No translation files of a known format were found in ${o.task.repo}. <a href="/create/component/?project=${encodeURIComponent(o.project.slug)}&amp;repo=${encodeURIComponent(o.task.repo)}&amp;branch=${encodeURIComponent(o.task.branch)}#create-component">Enter the file mask yourself</a>.</p>`
        : html`<p data-task-outcome>Choose the translation files of the new component; the next page asks for its name.</p>
<ul class="discovered" id="discovered">${o.layouts.map(
            (l, i) => html`<li class="panel"><a href="${create(l)}" id="discovered-${String(i)}"><code>${l.filemask}</code></a> – ${l.formatName}, ${String(l.languages.length)} language${l.languages.length === 1 ? '' : 's'} (${l.languages.join(', ')})${l.template ? html`, base file <code>${l.template}</code>` : ''}${l.new_base ? html`, template <code>${l.new_base}</code>` : ''}</li>`,
          )}</ul>`;
  return page({
    title: `Discover translation files – ${o.project.name}`,
    viewer: o.viewer,
    here: o.here,
    breadcrumbs: [{ label: 'Dashboard', href: '/' }, { label: o.project.name, href: o.project.href }, { label: 'Add a component', href: `/create/component/?project=${encodeURIComponent(o.project.slug)}` }, { label: 'Discovery' }],
    body: html`<h1>Translation files in the repository</h1>
<p>Repository <code>${o.task.repo}</code>${o.task.branch ? html`, branch <code>${o.task.branch}</code>` : ''}.</p>
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
const inherit = (name: string): FieldSpec => ({ name: `inherit_${name}`, label: `Inherit the ${name.replaceAll('_', ' ')} from the project or category`, type: 'checkbox' });

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
      legend: 'Basic',
      fields: [
        { name: 'name', label: 'Component name', maxLength: 100 },
        { name: 'slug', label: 'URL slug', maxLength: 100, help: 'Renaming changes every address of the component; links to the old one stop working.' },
        select('category', 'Category', [{ value: '', label: 'No category' }, ...choices.categories], 'Moving the component into another category of the project changes its addresses.'),
        text('source_language', 'Source language', 'The language code of the source strings.'),
        text('license', 'Translation license'),
        inherit('license'),
        { ...text('license_url', 'License URL'), type: 'url' },
        { ...text('agreement', 'Contributor agreement'), type: 'textarea' },
        inherit('agreement'),
        { ...text('report_source_bugs', 'Source string bug reporting address'), type: 'email' },
        { ...text('priority', 'Priority', '60, 80, 100 (normal), 120 or 140; lower numbers come first.'), type: 'number' },
        check('restricted', 'Restricted: only those with access to this component see it'),
        check('is_glossary', 'Use as a glossary'),
        text('glossary_color', 'Glossary color', 'The color of the glossary’s terms, for example silver.'),
      ],
    },
    {
      legend: 'Translation',
      fields: [
        check('enable_suggestions', 'Turn on suggestions'),
        check('suggestion_voting', 'Suggestion voting'),
        { ...text('suggestion_autoaccept', 'Automatically accept suggestions', 'The number of votes that accepts a suggestion; 0 turns this off.'), type: 'number' },
        text('check_flags', 'Translation flags'),
        text('enforced_checks', 'Enforced checks', 'Check identifiers separated by commas, for example same, end_stop: strings failing them need editing.'),
        text('variant_regex', 'Variants regular expression', 'Identifies the variants of a string by its key.'),
        text('key_filter', 'Key filter', 'A regular expression: only keys matching it are shown (monolingual formats).'),
        check('allow_translation_propagation', 'Allow translation propagation'),
        check('contribute_project_tm', 'Contribute to the project’s translation memory'),
        check('hide_glossary_matches', 'Hide glossary matches in the editor'),
        check('manage_units', 'Manage strings'),
        select('new_lang', 'Adding new translation', [
          { value: 'contact', label: 'Contact maintainers' },
          { value: 'url', label: 'Point to translation instructions URL' },
          { value: 'add', label: 'Create new language file' },
          { value: 'existing', label: 'Add only languages the project already has' },
          { value: 'none', label: 'Disable adding new translations' },
        ]),
        inherit('new_lang'),
        select('language_code_style', 'Language code style', choices.languageCodeStyles.map((v) => ({ value: v, label: v || 'The file format’s default' }))),
        inherit('language_code_style'),
        select('secondary_language', 'Secondary language', [{ value: '', label: 'None' }, ...choices.languages], 'Shown to translators next to the source.'),
        inherit('secondary_language'),
      ],
    },
    {
      legend: 'Version control',
      fields: [
        select('vcs', 'Version control system', choices.vcs.map((v) => ({ value: v, label: v }))),
        text('repo', 'Source code repository'),
        text('branch', 'Repository branch'),
        text('push', 'Repository push URL'),
        text('push_branch', 'Push branch'),
        { ...text('repoweb', 'Repository browser'), type: 'url' },
        { ...text('git_export', 'Exported repository URL', 'Where Parla exports the repository for others to pull.'), type: 'url' },
        select('merge_style', 'Merge style', [
          { value: 'merge', label: 'Merge' },
          { value: 'rebase', label: 'Rebase' },
          { value: 'merge_noff', label: 'Merge without fast-forward' },
        ]),
        check('push_on_commit', 'Push on commit'),
        { ...text('commit_pending_age', 'Age of changes to commit', 'Hours after which pending changes are committed.'), type: 'number' },
        check('auto_lock_error', 'Lock on error'),
        json('vcs_params', 'Version control parameters', 'A JSON object, for example {"git_force_push": true}; {} for none.'),
      ],
    },
    {
      legend: 'Commit messages',
      fields: (['commit_message', 'add_message', 'delete_message', 'merge_message', 'addon_message', 'pull_message'] as const).flatMap((n) => [
        { ...text(n, n.replace('_message', '').replace(/^./, (c) => c.toUpperCase()) + ' message'), type: 'textarea' },
        inherit(n),
      ]),
    },
    {
      legend: 'Files',
      fields: [
        select('file_format', 'File format', formats.map((f) => ({ value: f.id, label: f.name }))),
        json('file_format_params', 'File format parameters', 'A JSON object of the parameters the file format takes; {} for none.'),
        text('filemask', 'File mask'),
        text('template', 'Monolingual base language file'),
        check('edit_template', 'Edit the base file'),
        text('new_base', 'Template for new translations'),
        text('intermediate', 'Intermediate language file'),
        text('language_regex', 'Language filter'),
        text('screenshot_filemask', 'Screenshot file mask'),
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
    title: `Settings – ${o.component.name}`,
    viewer: o.viewer,
    here: o.here,
    breadcrumbs: [{ label: 'Dashboard', href: '/' }, { label: o.project.name, href: o.project.href }, { label: o.component.name, href: o.component.href }, { label: 'Settings' }],
    body: html`${o.notice ? html`<p class="message" role="status" id="notice" tabindex="-1">${o.notice}</p>` : ''}<h1>Settings of ${o.component.name}</h1>
<p><a href="${o.base}addons/" id="addons-link">Add-ons of this component</a></p>
${formErrors(o.errors, groups.flatMap((g) => g.fields.map((f) => f.name)))}
<form method="post" action="${o.base}" id="component-settings" class="panel" novalidate>${csrfField(o.viewer)}
${groups.map((g) => html`<fieldset><legend>${g.legend}</legend>${g.fields.map((f) => field(o, f))}</fieldset>`)}
<button type="submit" id="component-settings-submit">Save</button>
</form>
${o.mayLock ? html`<h2>Lock</h2><form method="post" action="${o.base}lock/" class="panel" id="component-lock">${csrfField(o.viewer)}
<p>${o.component.locked ? 'The component is locked: translations are refused until it is unlocked.' : 'The component is open for translation.'}</p>
<input type="hidden" name="lock" value="${o.component.locked ? 'false' : 'true'}"><button type="submit" id="component-lock-submit">${o.component.locked ? 'Unlock' : 'Lock'}</button></form>` : ''}
<h2>Add a language</h2>
${formErrors(lang.errors, ['language_code'])}
<form method="post" action="${o.base}language/" class="panel" id="component-add-language" novalidate>${csrfField(o.viewer)}
${field(lang, { name: 'language_code', label: 'Language code', help: 'For example de, pt_BR or sr@latin; the file is made from the template for new translations.' })}
<button type="submit" id="component-add-language-submit">Add the language</button>
</form>
<h2>Delete</h2>
${formErrors(del.errors, ['confirm'])}
<form method="post" action="${o.base}delete/" class="panel" id="component-delete" novalidate>${csrfField(o.viewer)}
<p>Deleting removes the component, its translations and its files from Parla.</p>
${field(del, { name: 'confirm', label: `Type the component's slug (${o.component.slug}) to confirm` })}
<button type="submit" id="component-delete-submit" class="danger">Delete the component</button>
</form>`,
  });
}
