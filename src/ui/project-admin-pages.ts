// Project administration pages: creating a project, its settings, its categories and its removal.
import { assetUrl } from './assets.js';
import { formErrors, field, formOf, type FieldSpec, type FormState } from './forms.js';
import { html, type SafeHtml } from './html.js';
import { csrfField, page } from './layout.js';
import { seg } from './widgets.js';

export const ACCESS_CHOICES = [
  { value: '0', label: 'Public' },
  { value: '1', label: 'Protected' },
  { value: '100', label: 'Private' },
  { value: '200', label: 'Custom' },
] as const;

const ACCESS_HELP = 'Public: anyone sees and translates. Protected: anyone sees, only its members translate. Private: only its members see it. Custom: access comes from teams alone.';

const COMMIT_POLICY_CHOICES = [
  { value: '0', label: 'Commit all pending edits' },
  { value: '20', label: 'Skip strings that need editing' },
  { value: '30', label: 'Commit approved strings only' },
];

const NEW_LANG_CHOICES = [
  { value: 'contact', label: 'Contact the maintainers' },
  { value: 'url', label: 'Point to the translation instructions' },
  { value: 'add', label: 'Create a new language file' },
  { value: 'existing', label: 'Add only languages the project already has' },
  { value: 'none', label: 'No adding of languages' },
];

/** The slug filler: the project and category forms fill the slug from the name while it is not edited by hand. */
const slugScript = (): SafeHtml => html`<script src="${assetUrl('slug-from-name.js')}" defer></script>`;

const NAME_FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Project name', maxLength: 60, help: 'Shown in listings and at the top of the project page.' },
  { name: 'slug', label: 'URL slug', required: false, maxLength: 60, help: 'The project’s part of its addresses: letters, numbers, underscores or hyphens. Left empty, it is made from the name.' },
];

export function createProjectPage(o: FormState): string {
  return page({
    title: 'Add a project',
    viewer: o.viewer,
    here: '/create/project/',
    breadcrumbs: [{ label: 'Dashboard', href: '/' }, { label: 'Add a project' }],
    body: html`${slugScript()}<h1>Add a project</h1>
<p>You become the project’s administrator. Components come next, from the project’s settings.</p>
${formOf(o, {
  action: '/create/project/',
  id: 'project-create',
  submit: 'Add the project',
  fields: [
    ...NAME_FIELDS,
    { name: 'web', label: 'Project website', type: 'url', required: false, help: 'Where translators learn about the project (optional).' },
    { name: 'instructions', label: 'Translation instructions', type: 'textarea', required: false },
    { name: 'access_control', label: 'Access control', type: 'select', options: ACCESS_CHOICES, help: ACCESS_HELP },
  ],
})}`,
  });
}

export interface ProjectSettingsData extends FormState {
  project: { name: string; slug: string };
  categories: { id: number; name: string; path: string }[];
  notice: string | null;
}

const SETTINGS_FIELDS: FieldSpec[] = [
  ...NAME_FIELDS.map((f) => (f.name === 'slug' ? { ...f, required: true, help: 'Renaming changes every address of the project; links to the old one stop working.' } : f)),
  { name: 'web', label: 'Project website', type: 'url', required: false },
  { name: 'instructions', label: 'Translation instructions', type: 'textarea', required: false },
  { name: 'access_control', label: 'Access control', type: 'select', options: ACCESS_CHOICES, help: ACCESS_HELP },
  { name: 'translation_review', label: 'Review translations (reviewers approve them)', type: 'checkbox' },
  { name: 'source_review', label: 'Review source strings', type: 'checkbox' },
  { name: 'commit_policy', label: 'Commit policy', type: 'select', options: COMMIT_POLICY_CHOICES },
  { name: 'new_lang', label: 'Adding a new translation', type: 'select', options: NEW_LANG_CHOICES },
  { name: 'license', label: 'Translation license', required: false, maxLength: 150, help: 'An SPDX identifier such as MIT or CC-BY-SA-4.0 (optional).' },
  { name: 'use_shared_tm', label: 'Use the shared translation memory', type: 'checkbox' },
  { name: 'contribute_shared_tm', label: 'Contribute to the shared translation memory', type: 'checkbox' },
  { name: 'autoclean_tm', label: 'Remove memory entries of strings that no longer exist', type: 'checkbox' },
];
export const SETTINGS_FIELD_NAMES = SETTINGS_FIELDS.map((f) => f.name);
export const SETTINGS_SWITCHES = SETTINGS_FIELDS.filter((f) => f.type === 'checkbox').map((f) => f.name);

const settingsCrumbs = (project: { name: string; slug: string }, last: string) => [
  { label: 'Dashboard', href: '/' },
  { label: project.name, href: `/projects/${seg(project.slug)}/` },
  { label: 'Settings', href: `/settings/${seg(project.slug)}/` },
  { label: last },
];

const message = (text: string | null): SafeHtml => (text ? html`<p class="message" role="status" id="notice" tabindex="-1">${text}</p>` : html``);

export function projectSettingsPage(o: ProjectSettingsData): string {
  const base = `/settings/${seg(o.project.slug)}/`;
  return page({
    title: `Settings of ${o.project.name}`,
    viewer: o.viewer,
    here: base,
    breadcrumbs: [{ label: 'Dashboard', href: '/' }, { label: o.project.name, href: `/projects/${seg(o.project.slug)}/` }, { label: 'Settings' }],
    body: html`${message(o.notice)}<h1>Settings of ${o.project.name}</h1>
<nav aria-label="Project administration"><ul class="links">
<li><a href="#project-settings">Project settings</a></li>
<li><a href="${base}categories/" id="categories-link">Categories</a></li>
<li><a href="${base}addons/" id="addons-link">Add-ons</a></li>
<li><a href="${base}machinery/" id="machinery-link">Machine translation</a></li>
<li><a href="/labels/${seg(o.project.slug)}/" id="labels-link">Labels</a></li>
<li><a href="${base}component-lists/" id="component-lists-link">Component lists</a></li>
<li><a href="${base}delete/" id="delete-link">Delete the project</a></li>
</ul></nav>
<h2>Project settings</h2>
${formOf(o, { action: base, id: 'project-settings', submit: 'Save the settings', fields: SETTINGS_FIELDS })}
<h2>Categories</h2>
${o.categories.length ? html`<ul id="category-list">${o.categories.map((c) => html`<li><a href="${base}categories/${String(c.id)}/">${c.path}</a></li>`)}</ul>` : html`<p class="muted" id="category-list">No categories yet.</p>`}
<p><a href="${base}categories/">Manage the categories</a></p>`,
  });
}

export interface CategoriesData extends FormState {
  project: { name: string; slug: string };
  categories: { id: number; name: string; slug: string; path: string }[];
  notice: string | null;
}

const categoryFields = (parents: { id: number; path: string }[]): FieldSpec[] => [
  { name: 'name', label: 'Category name', maxLength: 100 },
  { name: 'slug', label: 'URL slug', maxLength: 100, help: 'Letters, numbers, underscores or hyphens.' },
  { name: 'category', label: 'Inside', type: 'select', required: false, options: [{ value: '', label: '(the project itself)' }, ...parents.map((p) => ({ value: String(p.id), label: p.path }))] },
];

export function categoriesPage(o: CategoriesData): string {
  const base = `/settings/${seg(o.project.slug)}/categories/`;
  return page({
    title: `Categories of ${o.project.name}`,
    viewer: o.viewer,
    here: base,
    breadcrumbs: settingsCrumbs(o.project, 'Categories'),
    body: html`${slugScript()}${message(o.notice)}<h1>Categories of ${o.project.name}</h1>
<p>Categories group components; a category may hold categories, three levels deep.</p>
${o.categories.length
  ? html`<div class="table-wrap"><table id="categories"><caption class="muted">${String(o.categories.length)} categor${o.categories.length === 1 ? 'y' : 'ies'}</caption>
<thead><tr><th scope="col">Category</th><th scope="col">Slug</th></tr></thead>
<tbody>${o.categories.map((c) => html`<tr><th scope="row"><a href="${base}${String(c.id)}/">${c.path}</a></th><td>${c.slug}</td></tr>`)}</tbody></table></div>`
  : html`<p class="muted" id="categories">No categories yet.</p>`}
<h2>Add a category</h2>
${formOf(o, { action: base, id: 'category-create', submit: 'Add the category', fields: categoryFields(o.categories) })}`,
  });
}

export interface CategoryData extends FormState {
  project: { name: string; slug: string };
  category: { id: number; name: string; slug: string; path: string };
  parents: { id: number; path: string }[];
  notice: string | null;
}

export function categoryEditPage(o: CategoryData): string {
  const base = `/settings/${seg(o.project.slug)}/categories/${String(o.category.id)}/`;
  return page({
    title: `Category ${o.category.name}`,
    viewer: o.viewer,
    here: base,
    breadcrumbs: settingsCrumbs(o.project, o.category.name),
    body: html`${message(o.notice)}<h1>Category ${o.category.path}</h1>
<h2>Rename or move</h2>
${formOf({ ...o, errors: Object.fromEntries(Object.entries(o.errors ?? {}).filter(([name]) => name !== 'confirm')) }, { action: base, id: 'category-edit', submit: 'Save the category', fields: categoryFields(o.parents) })}
<h2>Delete</h2>
<form method="post" action="${base}delete/" id="category-delete" class="panel" novalidate>${csrfField(o.viewer)}
<p>Deleting the category deletes its sub-categories and every component in them, with their translations.</p>
${field(o, { name: 'confirm', label: `Type the category’s slug (${o.category.slug}) to confirm`, autocomplete: 'off' })}
<button type="submit" id="category-delete-submit" class="danger">Delete the category</button>
</form>`,
  });
}

export function deleteProjectPage(o: FormState & { project: { name: string; slug: string }; components: number }): string {
  const base = `/settings/${seg(o.project.slug)}/delete/`;
  return page({
    title: `Delete ${o.project.name}`,
    viewer: o.viewer,
    here: base,
    breadcrumbs: settingsCrumbs(o.project, 'Delete'),
    body: html`<h1>Delete ${o.project.name}</h1>
<p class="error" id="delete-warning">This removes the project, its ${String(o.components)} component${o.components === 1 ? '' : 's'}, every translation, suggestion and comment in them, and its repositories in Parla. It cannot be undone.</p>
${formErrors(o.errors, ['confirm'])}
<form method="post" action="${base}" id="project-delete" class="panel" novalidate>${csrfField(o.viewer)}
${field(o, { name: 'confirm', label: `Type the project’s slug (${o.project.slug}) to confirm`, autocomplete: 'off', help: 'The slug is the project’s part of its addresses.' })}
<button type="submit" id="project-delete-submit" class="danger">Delete the project</button>
</form>`,
  });
}
