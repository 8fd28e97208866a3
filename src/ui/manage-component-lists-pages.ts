// The component list pages: /manage/component-lists/ with each list and its components, and a project's lists at
// /settings/<project>/component-lists/.
import { field, formErrors, formOf, type FieldSpec, type FormErrors, type FormState } from './forms.js';
import { msgid } from '../shared/msgid.js';
import { ntr, tr, trHtml } from './i18n.js';
import { html } from './html.js';
import { csrfField, page, type Viewer } from './layout.js';

/** The notices after a redirect: a fixed text per code, never text from the address. */
const NOTICES: Record<string, string> = {
  list_created: msgid('The component list is created.'),
  list_saved: msgid('The component list is saved.'),
  list_deleted: msgid('The component list is deleted.'),
  component_added: msgid('The component is added to the list.'),
  component_removed: msgid('The component is removed from the list.'),
};

const notice = (code: string | undefined) => {
  const text = code ? NOTICES[code] : undefined;
  return text ? html`<p class="message" role="status" id="notice" tabindex="-1">${tr(text)}</p>` : html``;
};

const CRUMBS = () => [{ label: tr('Dashboard'), href: '/' }, { label: tr('Manage'), href: '/manage/' }];

/** The fields of a list, as POST and PATCH /api/component-lists/ take them. */
const LIST_FIELDS = (): FieldSpec[] => [
  { name: 'name', label: tr('Name'), maxLength: 100 },
  { name: 'slug', label: tr('URL slug'), maxLength: 100, help: tr('Letters, digits, "-" and "_".') },
  { name: 'show_dashboard', label: tr('Show on the dashboard'), type: 'checkbox' },
];

export interface ListedComponentList {
  slug: string;
  name: string;
  showDashboard: boolean;
  components: number;
}

export function manageComponentListsPage(o: { viewer: Viewer; lists: ListedComponentList[]; form: FormState; notice?: string }): string {
  const rows = o.lists.map(
    (l) => html`<tr id="list-${l.slug}"><th scope="row"><a href="/manage/component-lists/${encodeURIComponent(l.slug)}/">${l.name}</a></th><td><code>${l.slug}</code></td><td>${l.showDashboard ? 'yes' : 'no'}</td><td class="num">${String(l.components)}</td></tr>`,
  );
  return page({
    title: tr('Component lists'),
    viewer: o.viewer,
    here: '/manage/component-lists/',
    breadcrumbs: [...CRUMBS(), { label: tr('Component lists') }],
    body: html`<h1>${tr('Component lists')}</h1>${notice(o.notice)}
<p>${tr('A component list gathers components of any project, for the dashboard and for teams that select a list.')}</p>
<div class="table-wrap"><table id="component-lists"><caption class="muted">${ntr('{n} list', '{n} lists', o.lists.length)}</caption>
<thead><tr><th scope="col">${tr('List')}</th><th scope="col">${tr('Slug')}</th><th scope="col">${tr('On the dashboard')}</th><th scope="col" class="num">${tr('Components')}</th></tr></thead><tbody>${rows}</tbody></table></div>
<section aria-labelledby="create-title"><h2 id="create-title">${tr('Create a list')}</h2>${formOf(o.form, { action: '/manage/component-lists/', id: 'list-create', submit: tr('Create list'), fields: LIST_FIELDS() })}</section>`,
  });
}

export interface ComponentListPageData {
  viewer: Viewer;
  list: { slug: string; name: string };
  /** The members, each with the path its remove button sends (project/category%2Fcomponent as the API names it). */
  components: { path: string; label: string; href: string }[];
  settings: FormState;
  /** The add form's or the delete form's refusal. */
  form?: { name: 'add' | 'delete'; values: Record<string, string>; errors: FormErrors };
  notice?: string;
}

export function componentListPage(o: ComponentListPageData): string {
  const base = `/manage/component-lists/${encodeURIComponent(o.list.slug)}/`;
  const state = (name: 'add' | 'delete'): FormState => (o.form?.name === name ? { viewer: o.viewer, values: o.form.values, errors: o.form.errors } : { viewer: o.viewer });
  const add = state('add');
  const del = state('delete');
  const members = o.components.length
    ? html`<ul id="list-components">${o.components.map(
        (m, i) => html`<li><a href="${m.href}">${m.label}</a> <form method="post" action="${base}components/" class="inline">${csrfField(o.viewer)}<input type="hidden" name="action" value="remove"><input type="hidden" name="key" value="${m.path}"><button type="submit" class="secondary" id="remove-component-${String(i)}" aria-label="Remove ${m.label} from ${o.list.name}">${tr('Remove')}</button></form></li>`,
      )}</ul>`
    : html`<p class="muted" id="list-components">${tr('No components.')}</p>`;
  return page({
    title: tr('Component list {list_name}', { list_name: o.list.name }),
    viewer: o.viewer,
    here: base,
    breadcrumbs: [...CRUMBS(), { label: tr('Component lists'), href: '/manage/component-lists/' }, { label: o.list.name }],
    body: html`<h1>${tr('Component list {list_name}', { list_name: o.list.name })}</h1>${notice(o.notice)}
<section aria-labelledby="settings-title"><h2 id="settings-title">${tr('Settings')}</h2>${formOf(o.settings, { action: base, id: 'list-settings', submit: tr('Save'), fields: LIST_FIELDS() })}</section>
<section aria-labelledby="components-title"><h2 id="components-title">${tr('Components')}</h2>${members}
${formErrors(add.errors, ['component'])}<form method="post" action="${base}components/" id="list-add-component" class="panel" novalidate>${csrfField(o.viewer)}<input type="hidden" name="action" value="add">
${field(add, { name: 'component', label: tr('Component to add'), help: tr('Its project and component slugs, for example website/frontend.') })}
<button type="submit" id="list-add-component-submit">${tr('Add')}</button></form></section>
<section aria-labelledby="delete-title"><h2 id="delete-title">${tr('Delete')}</h2>${formErrors(del.errors, ['confirm'])}
<form method="post" action="${base}delete/" id="list-delete" class="panel" novalidate>${csrfField(o.viewer)}<p>${tr('Deleting the list leaves its components as they are.')}</p>
${field(del, { name: 'confirm', label: tr('Type the list\'s slug ({slug}) to confirm', { slug: o.list.slug }), autocomplete: 'off' })}
<button type="submit" class="danger" id="list-delete-submit">${tr('Delete the list')}</button></form></section>`,
  });
}

/** /settings/<project>/component-lists/: the lists holding components of the project, with those components. */
export function projectComponentListsPage(o: {
  viewer: Viewer;
  project: { name: string; slug: string; href: string };
  lists: { slug: string; name: string; components: { label: string; href: string }[] }[];
  /** Whether the viewer may change lists (then each links its page under /manage/). */
  mayManage: boolean;
}): string {
  const base = `/settings/${encodeURIComponent(o.project.slug)}/`;
  const items = o.lists.map(
    (l) => html`<li id="list-${l.slug}">${o.mayManage ? html`<a href="/manage/component-lists/${encodeURIComponent(l.slug)}/">${l.name}</a>` : l.name}: ${l.components.map((m, i) => html`${i ? ', ' : ''}<a href="${m.href}">${m.label}</a>`)}</li>`,
  );
  return page({
    title: tr('Component lists – {project_name}', { project_name: o.project.name }),
    viewer: o.viewer,
    here: `${base}component-lists/`,
    breadcrumbs: [{ label: tr('Dashboard'), href: '/' }, { label: o.project.name, href: o.project.href }, { label: tr('Settings'), href: base }, { label: tr('Component lists') }],
    body: html`<h1>${tr('Component lists with components of {project_name}', { project_name: o.project.name })}</h1>
${o.lists.length ? html`<ul id="project-component-lists">${items}</ul>` : html`<p class="muted" id="project-component-lists">${tr('No component list holds a component of this project.')}</p>`}
<p class="muted">${o.mayManage ? trHtml('Lists are made and changed under {link}.', { link: html`<a href="/manage/component-lists/">${tr('Manage')}</a>` }) : tr('Site administrators make and change component lists.')}</p>`,
  });
}
