// Fluent attributes and XWiki pages end to end: what a component's strings are, and edits written back into the files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createProject, multipart } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { buildZip } from '../helpers/zip.js';

const FTL_EN = '# Sign-in form\nlogin-input = Sign in\n    .placeholder = email@example.com\n    .title = Sign in to { -brand }\n-brand = Parla\n';
const FTL_CS = '# Sign-in form\nlogin-input = Přihlásit se\n    .placeholder = e-mail@example.com\n    .title = Přihlásit se do { -brand }\n-brand = Parla\n';

const page = (language: string, translation: number, content: string, extra = '') =>
  `<?xml version="1.1" encoding="UTF-8"?>\n\n<xwikidoc version="1.3" reference="App.Translations" locale="${language}">\n  <web>App</web>\n  <name>Translations</name>\n  <language>${language}</language>\n  <defaultLanguage>en</defaultLanguage>\n  <translation>${translation}</translation>\n  <title>Translations</title>\n  <syntaxId>plain/1.0</syntaxId>\n  <content>${content}</content>\n${extra}</xwikidoc>\n`;
const XW_EN = page('', 0, "# Users\nusers.done=User disabled\nusers.failed=Failed to disable ''{0}''\n", '  <object>\n    <className>XWiki.TranslationDocumentClass</className>\n  </object>\n');
const XW_FR = page('fr', 1, 'users.done=Utilisateur désactivé\n');

describe.each(DIALECTS)('Fluent and XWiki files on %s', (dialect) => {
  let s: TestServer;

  const units = async (path: string) => ((await (await s.api(`${path}units/`)).json()).results as { id: number; context: string; source: string[]; target: string[] }[]);
  const patch = async (id: number, target: string) => {
    const res = await s.api(`/api/units/${id}/`, { method: 'PATCH', json: { target: [target], state: 20 } });
    expect(res.status, await res.clone().text()).toBe(200);
  };
  const file = async (path: string) => (await s.api(`${path}file/`)).text();

  beforeAll(async () => {
    s = await startServer(dialect);
    expect((await createProject(s, 'fx')).status).toBe(201);
    const create = async (fields: Record<string, string>, files: { name: string; data: string }[]) => {
      const res = await s.api('/api/projects/fx/components/', { method: 'POST', body: multipart(fields, { zipfile: { name: 'c.zip', data: buildZip(files) } }) });
      expect(res.status, await res.clone().text()).toBe(201);
    };
    await create({ name: 'Ftl', slug: 'ftl', file_format: 'fluent', filemask: 'locales/*/app.ftl', template: 'locales/en/app.ftl' }, [
      { name: 'locales/en/app.ftl', data: FTL_EN },
      { name: 'locales/cs/app.ftl', data: FTL_CS },
    ]);
    await create({ name: 'Wiki', slug: 'wiki', file_format: 'xwiki-page-properties', filemask: 'App/Translations.*.xml', template: 'App/Translations.xml', new_lang: 'add' }, [
      { name: 'App/Translations.xml', data: XW_EN },
      { name: 'App/Translations.fr.xml', data: XW_FR },
    ]);
    await s.container.tasks.idle();
  }, 60_000);
  afterAll(async () => s?.close());

  it('Fluent: each attribute is a string of its own in context message.attribute; an edit rewrites only its line', async () => {
    const cs = await units('/api/translations/fx/ftl/cs/');
    expect(cs.map((u) => [u.context, u.source[0], u.target[0]])).toEqual([
      ['login-input', 'Sign in', 'Přihlásit se'],
      ['login-input.placeholder', 'email@example.com', 'e-mail@example.com'],
      ['login-input.title', 'Sign in to { -brand }', 'Přihlásit se do { -brand }'],
      ['-brand', 'Parla', 'Parla'],
    ]);
    await patch(cs[1]!.id, 'jmeno@example.com');
    expect(await file('/api/translations/fx/ftl/cs/')).toBe(FTL_CS.replace('e-mail@example.com', 'jmeno@example.com'));
  });

  it('XWiki page properties: the properties of the page are the strings, edits keep the page', async () => {
    const fr = await units('/api/translations/fx/wiki/fr/');
    expect(fr.map((u) => [u.context, u.source[0], u.target[0]])).toEqual([
      ['users.done', 'User disabled', 'Utilisateur désactivé'],
      ['users.failed', "Failed to disable '{0}'", ''],
    ]);
    await patch(fr[1]!.id, "Impossible de désactiver '{0}' & <b>");
    const out = await file('/api/translations/fx/wiki/fr/');
    expect(out).toBe(XW_FR.replace('</content>', "users.failed=Impossible de désactiver ''{0}'' &amp; &lt;b&gt;\n</content>"));
  });

  it('XWiki page properties: a new language is the source page stored as a translation', async () => {
    const res = await s.api('/api/components/fx/wiki/translations/', { method: 'POST', json: { language_code: 'cs' } });
    expect(res.status, await res.clone().text()).toBe(201);
    const cs = await units('/api/translations/fx/wiki/cs/');
    await patch(cs.find((u) => u.context === 'users.done')!.id, 'Uživatel zablokován');
    const out = await file('/api/translations/fx/wiki/cs/');
    expect(out).toContain('<translation>1</translation>');
    expect(out).toContain('<language>cs</language>');
    expect(out).toMatch(/locale="cs"/);
    expect(out).not.toContain('<object>');
    expect(out).toContain('users.done=Uživatel zablokován\n');
  });
});
