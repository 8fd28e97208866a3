// The labels pages of a project: the list with its colour swatches, adding a label, editing one and deleting it after a confirmation.
import { field, formErrors, formOf, type FieldSpec, type FormState } from './forms.js';
import { ntr, tr, trHtml } from './i18n.js';
import { html, type SafeHtml } from './html.js';
import { csrfField, page } from './layout.js';
import { seg } from './widgets.js';

export interface LabelView {
  id: number;
  name: string;
  description: string;
  color: string;
}

const colorName = (color: string) => color.charAt(0).toUpperCase() + color.slice(1);

/** The colour as a swatch (decoration only) followed by its name in words, so that it is not told by colour alone. */
export function colorSwatch(color: string): SafeHtml {
  return html`<span class="swatch swatch-${color}" aria-hidden="true"></span>${colorName(color)}`;
}

/** The fields of the labels API's POST and PUT; the colours are the API's choices. */
function labelFields(colors: readonly string[]): FieldSpec[] {
  return [
    { name: 'name', label: tr('Label name'), maxLength: 190, help: tr('Unique within the project.') },
    { name: 'color', label: tr('Colour'), type: 'select', options: colors.map((c) => ({ value: c, label: colorName(c) })) },
    { name: 'description', label: tr('Description'), required: false, maxLength: 250, help: tr('Optional: what the label means, shown to translators.') },
  ];
}

const message = (text: string | null): SafeHtml => (text ? html`<p class="message" role="status" id="notice" tabindex="-1">${text}</p>` : html``);

const crumbs = (project: { name: string; slug: string }, last: { label: string; href?: string }[]) => [
  { label: tr('Dashboard'), href: '/' },
  { label: project.name, href: `/projects/${seg(project.slug)}/` },
  { label: tr('Settings'), href: `/settings/${seg(project.slug)}/` },
  ...last,
];

export interface LabelsPageData extends FormState {
  project: { name: string; slug: string };
  labels: readonly LabelView[];
  colors: readonly string[];
  notice: string | null;
}

/** /labels/<project>/: the project's labels and the form that adds one. */
export function labelsPage(o: LabelsPageData): string {
  const base = `/labels/${seg(o.project.slug)}/`;
  return page({
    title: tr('Labels of {project_name}', { project_name: o.project.name }),
    viewer: o.viewer,
    here: base,
    breadcrumbs: crumbs(o.project, [{ label: tr('Labels') }]),
    body: html`${message(o.notice)}<h1>${tr('Labels of {project_name}', { project_name: o.project.name })}</h1>
<p>${trHtml('Labels mark source strings; translators search them with {query}.', { query: html`<code>label:"name"</code>` })}</p>
${o.labels.length
  ? html`<div class="table-wrap"><table id="labels"><caption class="muted">${ntr('{n} label', '{n} labels', o.labels.length)}</caption>
<thead><tr><th scope="col">${tr('Label')}</th><th scope="col">${tr('Colour')}</th><th scope="col">${tr('Description')}</th></tr></thead>
<tbody>${o.labels.map((l) => html`<tr id="label-${String(l.id)}"><th scope="row"><a href="${base}${String(l.id)}/">${l.name}</a></th><td>${colorSwatch(l.color)}</td><td>${l.description}</td></tr>`)}</tbody></table></div>`
  : html`<p class="muted" id="labels">${tr('No labels yet.')}</p>`}
<h2>${tr('Add a label')}</h2>
${formOf(o, { action: base, id: 'label-create', submit: tr('Add the label'), fields: labelFields(o.colors) })}`,
  });
}

export interface LabelEditData extends FormState {
  project: { name: string; slug: string };
  label: LabelView;
  colors: readonly string[];
  notice: string | null;
  /** The delete form's messages (its confirmation box). */
  deleteErrors?: FormState['errors'];
}

/** /labels/<project>/<id>/: editing one label, and deleting it after ticking the confirmation. */
export function labelEditPage(o: LabelEditData): string {
  const base = `/labels/${seg(o.project.slug)}/${String(o.label.id)}/`;
  const del: FormState = { viewer: o.viewer, values: {}, errors: o.deleteErrors };
  return page({
    title: tr('Label {label_name}', { label_name: o.label.name }),
    viewer: o.viewer,
    here: base,
    breadcrumbs: crumbs(o.project, [{ label: tr('Labels'), href: `/labels/${seg(o.project.slug)}/` }, { label: o.label.name }]),
    body: html`${message(o.notice)}<h1>${tr('Label {label_name}', { label_name: o.label.name })}</h1>
<p>${colorSwatch(o.label.color)}</p>
<h2>${tr('Edit')}</h2>
${formOf(o, { action: base, id: 'label-edit', submit: tr('Save the label'), fields: labelFields(o.colors) })}
<h2>${tr('Delete')}</h2>
${formErrors(del.errors, ['confirm'])}
<form method="post" action="${base}delete/" id="label-delete" class="panel" novalidate>${csrfField(o.viewer)}
<p>${tr('Deleting the label removes it from every string that carries it.')}</p>
${field(del, { name: 'confirm', label: tr('Yes, delete the label {label_name}', { label_name: o.label.name }), type: 'checkbox' })}
<button type="submit" id="label-delete-submit" class="danger">${tr('Delete the label')}</button>
</form>`,
  });
}
