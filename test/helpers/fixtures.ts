// Small translation files and helpers to create a project with a component from a ZIP upload.
import { buildZip } from './zip.js';
import type { TestServer } from './server.js';

export const POT = `msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"

#: src/main.c:10
msgid "Hello"
msgstr ""

#: src/main.c:11
msgid "Goodbye world"
msgstr ""

msgctxt "menu"
msgid "Open"
msgstr ""

msgid "One file"
msgid_plural "%d files"
msgstr[0] ""
msgstr[1] ""
`;

export const CS_PO = `msgid ""
msgstr ""
"Language: cs\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\\n"

#: src/main.c:10
msgid "Hello"
msgstr "Ahoj"

#: src/main.c:11
#, fuzzy
msgid "Goodbye world"
msgstr "Sbohem světe"

msgctxt "menu"
msgid "Open"
msgstr ""

msgid "One file"
msgid_plural "%d files"
msgstr[0] "Jeden soubor"
msgstr[1] "%d soubory"
msgstr[2] "%d souborů"
`;

export const DE_PO = `msgid ""
msgstr ""
"Language: de\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

#: src/main.c:10
msgid "Hello"
msgstr "Hallo"

#: src/main.c:11
msgid "Goodbye world"
msgstr "Auf Wiedersehen Welt"

msgctxt "menu"
msgid "Open"
msgstr "Öffnen"

msgid "One file"
msgid_plural "%d files"
msgstr[0] "Eine Datei"
msgstr[1] "%d Dateien"
`;

export function poZip(extra: { name: string; data: string | Buffer }[] = []): Buffer {
  return buildZip([{ name: 'po/app.pot', data: POT }, { name: 'po/cs.po', data: CS_PO }, { name: 'po/de.po', data: DE_PO }, ...extra]);
}

export function multipart(fields: Record<string, string>, files: Record<string, { name: string; data: Buffer | string }>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [k, f] of Object.entries(files)) form.append(k, new Blob([typeof f.data === 'string' ? f.data : new Uint8Array(f.data)]), f.name);
  return form;
}

export async function createProject(server: TestServer, slug: string, extra: Record<string, unknown> = {}): Promise<Response> {
  return server.api('/api/projects/', { method: 'POST', json: { name: slug.toUpperCase(), slug, web: 'https://example.com/', ...extra } });
}

/** Project `slug` with component `app` made from the PO ZIP (source en, translations cs and de). */
export async function createPoComponent(server: TestServer, project: string, component = 'app', zip = poZip()): Promise<Response> {
  const form = multipart({ name: component.toUpperCase(), slug: component, file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot' }, { zipfile: { name: 'app.zip', data: zip } });
  return server.api(`/api/projects/${project}/components/`, { method: 'POST', body: form });
}

/** Component `app` of `project` from two XLIFF files, English and Czech, written by `xliff(language, target)`. */
export async function createXliffComponent(server: TestServer, project: string, xliff: (language: string, target: string) => string): Promise<Response> {
  const zip = buildZip([
    { name: 'l10n/en.xlf', data: xliff('en', 'Hello') },
    { name: 'l10n/cs.xlf', data: xliff('cs', 'Ahoj') },
  ]);
  const form = multipart({ name: 'App', slug: 'app', file_format: 'xliff', filemask: 'l10n/*.xlf' }, { zipfile: { name: 'app.zip', data: zip } });
  return server.api(`/api/projects/${project}/components/`, { method: 'POST', body: form });
}
