// Project administration pages: creating a project, its settings, its categories and its removal.
import { assetUrl } from './assets.js';
import { msgid } from '../shared/msgid.js';
import { ntr, tr } from './i18n.js';
import { formErrors, field, formOf, type FieldSpec, type FormState } from './forms.js';
import { html, type SafeHtml } from './html.js';
import { csrfField, page } from './layout.js';
import { seg } from './widgets.js';

export const ACCESS_CHOICES = () => [
  { value: '0', label: tr('Public') },
  { value: '1', label: tr('Protected') },
  { value: '100', label: tr('Private') },
  { value: '200', label: tr('Custom') },
] as const;

const ACCESS_HELP = msgid('Public: anyone sees and translates. Protected: anyone sees, only its members translate. Private: only its members see it. Custom: access comes from teams alone.');

const COMMIT_POLICY_CHOICES = () => [
  { value: '0', label: tr('Commit all pending edits') },
  { value: '20', label: tr('Skip strings that need editing') },
  { value: '30', label: tr('Commit approved strings only') },
];

const NEW_LANG_CHOICES = () => [
  { value: 'contact', label: tr('Contact the maintainers') },
  { value: 'url', label: tr('Point to the translation instructions') },
  { value: 'add', label: tr('Create a new language file') },
  { value: 'existing', label: tr('Add only languages the project already has') },
  { value: 'none', label: tr('No adding of languages') },
];

/** The slug filler: the project and category forms fill the slug from the name while it is not edited by hand. */
const slugScript = (): SafeHtml => html`<script src="${assetUrl('slug-from-name.js')}" defer></script>`;

const NAME_FIELDS = (): FieldSpec[] => [
  { name: 'name', label: tr('Project name'), maxLength: 60, help: tr('Shown in listings and at the top of the project page.') },
  { name: 'slug', label: tr('URL slug'), required: false, maxLength: 60, help: tr('The project’s part of its addresses: letters, numbers, underscores or hyphens. Left empty, it is made from the name.') },
];

export function createProjectPage(o: FormState): string {
  return page({
    title: tr('Add a project'),
    viewer: o.viewer,
    here: '/create/project/',
    breadcrumbs: [{ label: tr('Dashboard'), href: '/' }, { label: tr('Add a project') }],
    body: html`${slugScript()}<h1>${tr('Add a project')}</h1>
<p>${tr('You become the project’s administrator. Components come next, from the project’s settings.')}</p>
${formOf(o, {
  action: '/create/project/',
  id: 'project-create',
  submit: tr('Add the project'),
  fields: [
    ...NAME_FIELDS(),
    { name: 'web', label: tr('Project website'), type: 'url', required: false, help: tr('Where translators learn about the project (optional).') },
    { name: 'instructions', label: tr('Translation instructions'), type: 'textarea', required: false },
    { name: 'access_control', label: tr('Access control'), type: 'select', options: ACCESS_CHOICES(), help: ACCESS_HELP },
  ],
})}`,
  });
}

export interface ProjectSettingsData extends FormState {
  project: { name: string; slug: string };
  categories: { id: number; name: string; path: string }[];
  notice: string | null;
}

const SETTINGS_FIELDS = (): FieldSpec[] => [
  ...NAME_FIELDS().map((f) => (f.name === 'slug' ? { ...f, required: true, help: tr('Renaming changes every address of the project; links to the old one stop working.') } : f)),
  { name: 'web', label: tr('Project website'), type: 'url', required: false },
  { name: 'instructions', label: tr('Translation instructions'), type: 'textarea', required: false },
  { name: 'access_control', label: tr('Access control'), type: 'select', options: ACCESS_CHOICES(), help: ACCESS_HELP },
  { name: 'translation_review', label: tr('Review translations (reviewers approve them)'), type: 'checkbox' },
  { name: 'source_review', label: tr('Review source strings'), type: 'checkbox' },
  { name: 'commit_policy', label: tr('Commit policy'), type: 'select', options: COMMIT_POLICY_CHOICES() },
  { name: 'new_lang', label: tr('Adding a new translation'), type: 'select', options: NEW_LANG_CHOICES() },
  { name: 'license', label: tr('Translation license'), required: false, maxLength: 150, help: tr('An SPDX identifier such as MIT or CC-BY-SA-4.0 (optional).') },
  { name: 'use_shared_tm', label: tr('Use the shared translation memory'), type: 'checkbox' },
  { name: 'contribute_shared_tm', label: tr('Contribute to the shared translation memory'), type: 'checkbox' },
  { name: 'autoclean_tm', label: tr('Remove memory entries of strings that no longer exist'), type: 'checkbox' },
];
export const SETTINGS_FIELD_NAMES = SETTINGS_FIELDS().map((f) => f.name);
export const SETTINGS_SWITCHES = SETTINGS_FIELDS().filter((f) => f.type === 'checkbox').map((f) => f.name);

const settingsCrumbs = (project: { name: string; slug: string }, last: string) => [
  { label: tr('Dashboard'), href: '/' },
  { label: project.name, href: `/projects/${seg(project.slug)}/` },
  { label: tr('Settings'), href: `/settings/${seg(project.slug)}/` },
  { label: last },
];

const message = (text: string | null): SafeHtml => (text ? html`<p class="message" role="status" id="notice" tabindex="-1">${text}</p>` : html``);

export function projectSettingsPage(o: ProjectSettingsData): string {
  const base = `/settings/${seg(o.project.slug)}/`;
  return page({
    title: tr('Settings of {project_name}', { project_name: o.project.name }),
    viewer: o.viewer,
    here: base,
    breadcrumbs: [{ label: tr('Dashboard'), href: '/' }, { label: o.project.name, href: `/projects/${seg(o.project.slug)}/` }, { label: tr('Settings') }],
    body: html`${message(o.notice)}<h1>${tr('Settings of {project_name}', { project_name: o.project.name })}</h1>
<nav aria-label="${tr('Project administration')}"><ul class="links">
<li><a href="#project-settings">${tr('Project settings')}</a></li>
<li><a href="${base}categories/" id="categories-link">${tr('Categories')}</a></li>
<li><a href="${base}addons/" id="addons-link">${tr('Add-ons')}</a></li>
<li><a href="${base}machinery/" id="machinery-link">${tr('Machine translation')}</a></li>
<li><a href="/labels/${seg(o.project.slug)}/" id="labels-link">${tr('Labels')}</a></li>
<li><a href="${base}component-lists/" id="component-lists-link">${tr('Component lists')}</a></li>
<li><a href="${base}delete/" id="delete-link">${tr('Delete the project')}</a></li>
</ul></nav>
<h2>${tr('Project settings')}</h2>
${formOf(o, { action: base, id: 'project-settings', submit: tr('Save the settings'), fields: SETTINGS_FIELDS() })}
<h2>${tr('Categories')}</h2>
${o.categories.length ? html`<ul id="category-list">${o.categories.map((c) => html`<li><a href="${base}categories/${String(c.id)}/">${c.path}</a></li>`)}</ul>` : html`<p class="muted" id="category-list">${tr('No categories yet.')}</p>`}
<p><a href="${base}categories/">${tr('Manage the categories')}</a></p>`,
  });
}

export interface CategoriesData extends FormState {
  project: { name: string; slug: string };
  categories: { id: number; name: string; slug: string; path: string }[];
  notice: string | null;
}

const categoryFields = (parents: { id: number; path: string }[]): FieldSpec[] => [
  { name: 'name', label: tr('Category name'), maxLength: 100 },
  { name: 'slug', label: tr('URL slug'), maxLength: 100, help: tr('Letters, numbers, underscores or hyphens.') },
  { name: 'category', label: tr('Inside'), type: 'select', required: false, options: [{ value: '', label: tr('(the project itself)') }, ...parents.map((p) => ({ value: String(p.id), label: p.path }))] },
];

export function categoriesPage(o: CategoriesData): string {
  const base = `/settings/${seg(o.project.slug)}/categories/`;
  return page({
    title: tr('Categories of {project_name}', { project_name: o.project.name }),
    viewer: o.viewer,
    here: base,
    breadcrumbs: settingsCrumbs(o.project, tr('Categories')),
    body: html`${slugScript()}${message(o.notice)}<h1>${tr('Categories of {project_name}', { project_name: o.project.name })}</h1>
<p>${tr('Categories group components; a category may hold categories, three levels deep.')}</p>
${o.categories.length
  ? html`<div class="table-wrap"><table id="categories"><caption class="muted">${ntr('{n} category', '{n} categories', o.categories.length)}</caption>
<thead><tr><th scope="col">${tr('Category')}</th><th scope="col">${tr('Slug')}</th></tr></thead>
<tbody>${o.categories.map((c) => html`<tr><th scope="row"><a href="${base}${String(c.id)}/">${c.path}</a></th><td>${c.slug}</td></tr>`)}</tbody></table></div>`
  : html`<p class="muted" id="categories">${tr('No categories yet.')}</p>`}
<h2>${tr('Add a category')}</h2>
${formOf(o, { action: base, id: 'category-create', submit: tr('Add the category'), fields: categoryFields(o.categories) })}`,
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
    title: tr('Category {category_name}', { category_name: o.category.name }),
    viewer: o.viewer,
    here: base,
    breadcrumbs: settingsCrumbs(o.project, o.category.name),
    body: html`${message(o.notice)}<h1>${tr('Category {path}', { path: o.category.path })}</h1>
<h2>${tr('Rename or move')}</h2>
${formOf({ ...o, errors: Object.fromEntries(Object.entries(o.errors ?? {}).filter(([name]) => name !== 'confirm')) }, { action: base, id: 'category-edit', submit: tr('Save the category'), fields: categoryFields(o.parents) })}
<h2>${tr('Delete')}</h2>
<form method="post" action="${base}delete/" id="category-delete" class="panel" novalidate>${csrfField(o.viewer)}
<p>${tr('Deleting the category deletes its sub-categories and every component in them, with their translations.')}</p>
${field(o, { name: 'confirm', label: tr('Type the category’s slug ({slug}) to confirm', { slug: o.category.slug }), autocomplete: 'off' })}
<button type="submit" id="category-delete-submit" class="danger">${tr('Delete the category')}</button>
</form>`,
  });
}

export function deleteProjectPage(o: FormState & { project: { name: string; slug: string }; components: number }): string {
  const base = `/settings/${seg(o.project.slug)}/delete/`;
  return page({
    title: tr('Delete {project_name}', { project_name: o.project.name }),
    viewer: o.viewer,
    here: base,
    breadcrumbs: settingsCrumbs(o.project, tr('Delete')),
    body: html`<h1>${tr('Delete {project_name}', { project_name: o.project.name })}</h1>
<p class="error" id="delete-warning">${ntr('This removes the project, its {n} component, every translation, suggestion and comment in them, and its repositories in Parla. It cannot be undone.', 'This removes the project, its {n} components, every translation, suggestion and comment in them, and its repositories in Parla. It cannot be undone.', o.components)}</p>
${formErrors(o.errors, ['confirm'])}
<form method="post" action="${base}" id="project-delete" class="panel" novalidate>${csrfField(o.viewer)}
${field(o, { name: 'confirm', label: tr('Type the project’s slug ({slug}) to confirm', { slug: o.project.slug }), autocomplete: 'off', help: tr('The slug is the project’s part of its addresses.') })}
<button type="submit" id="project-delete-submit" class="danger">${tr('Delete the project')}</button>
</form>`,
  });
}
