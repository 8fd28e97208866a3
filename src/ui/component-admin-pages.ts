// The component administration pages: creating a component from a repository, a ZIP file or a document.
import { html } from './html.js';
import { field, formErrors, type FieldSpec, type FormState } from './forms.js';
import { csrfField, page } from './layout.js';

export interface CreateComponentPageData extends FormState {
  here: string;
  project: { slug: string; name: string; href: string };
  formats: readonly { id: string; name: string }[];
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
<p>Upload a ZIP file of translation files or a single document, or name a repository to clone.</p>
${formErrors(o.errors, all.map((s) => s.name))}
<form method="post" action="${action}" enctype="multipart/form-data" id="create-component" class="panel" novalidate>${csrfField(o.viewer)}
<fieldset><legend>Component</legend>${f.basics.map((s) => field(o, s))}</fieldset>
<fieldset><legend>Where the strings come from</legend>${f.source.map((s) => field(o, s))}</fieldset>
<fieldset><legend>Files</legend>${f.files.map((s) => field(o, s))}</fieldset>
<button type="submit" id="create-component-submit">Create the component</button>
</form>`,
  });
}
