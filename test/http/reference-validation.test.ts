// Validation as existing clients expect it: the status, message and `attr` of each refusal
// (component layout and format parameters, new strings, comments, screenshots, plural formulas,
// memory lookups, removals, links, memberships, add-on configuration, authentication headers).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject, CS_PO, DE_PO, multipart, POT } from '../helpers/fixtures.js';
import { gitUpstream } from '../helpers/git-upstream.js';
import { startServer, type TestServer } from '../helpers/server.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A bare repository with po/app.pot, po/cs.po and po/de.po on branch main. */
const upstream = (root: string) => gitUpstream(root, { 'po/app.pot': POT, 'po/cs.po': CS_PO, 'po/de.po': DE_PO }).bare;

interface ErrorBody {
  type: string;
  detail: string;
  errors: { code: string; detail: string; attr: string | null }[];
}

describe.each(DIALECTS)('validation as the reference words it (%s)', (dialect) => {
  let s: TestServer;
  let root: string;
  let bare: string;
  let plainToken: string;

  const errorsOf = async (res: Response, status = 400): Promise<ErrorBody['errors']> => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return (JSON.parse(text) as ErrorBody).errors;
  };
  const ok = async (res: Response, status = 200) => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return text ? JSON.parse(text) : null;
  };
  const units = async (lang: string, component = 'app') =>
    (await ok(await s.api(`/api/translations/ref/${component}/${lang}/units/?page_size=100`))).results as { id: number; source: string[]; target: string[] }[];
  const componentCount = async () => (await ok(await s.api('/api/projects/ref/components/'))).count as number;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-refval-'));
    bare = upstream(root);
    s = await startServer(dialect, { PARLA_VCS_ALLOW_LOCAL: '1' });
    plainToken = await s.createUser('plain');
    await ok(await createProject(s, 'ref'), 201);
    await ok(await createProject(s, 'guest'), 201);
    await ok(await createPoComponent(s, 'ref'), 201);
    // A git component whose clone other components of the project share.
    await ok(await s.api('/api/projects/ref/components/', { method: 'POST', json: { name: 'Git', slug: 'git', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot', repo: bare, branch: 'main' } }), 201);
    await s.container.tasks.idle();
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('refuses a file mask that matches nothing in the shared repository', async () => {
    const before = await componentCount();
    for (const repo of [bare, 'parla://ref/git']) {
      const res = await s.api('/api/projects/ref/components/', { method: 'POST', json: { name: 'No match', slug: 'no-match', file_format: 'po', filemask: 'po/*.invalid-po', repo, branch: 'main' } });
      expect(await errorsOf(res)).toEqual([{ code: 'invalid', detail: 'The file mask did not match any files.', attr: 'filemask' }]);
    }
    expect(await componentCount()).toBe(before);
  });

  it('checks file_format_params: an object of the format\'s own parameters with valid values', async () => {
    const base = { name: 'Params', slug: 'params', file_format: 'po', filemask: 'po/*.po', repo: 'parla://ref/git' };
    const create = (params: unknown) => s.api('/api/projects/ref/components/', { method: 'POST', json: { ...base, file_format_params: params } });
    for (const params of ['not a dict', ['po_line_wrap'], { po_line_wrap: 'invalid' }, { po_line_wrap: 80 }, { po_line_wrap: -1, yaml_indent: 8 }, { unknown_param_name: 1234 }]) {
      const errors = await errorsOf(await create(params));
      expect(errors.map((e) => e.attr), JSON.stringify(errors)).toEqual(['file_format_params']);
    }
    const created = await ok(await create({ po_line_wrap: -1 }), 201);
    expect(created.file_format_params).toEqual({ po_line_wrap: -1 });
    expect((await ok(await s.api('/api/components/ref/params/'))).file_format_params).toEqual({ po_line_wrap: -1 });

    // PATCH and PUT check them the same way, and keep the stored ones when refused.
    const refused = await errorsOf(await s.api('/api/components/ref/params/', { method: 'PATCH', json: { file_format_params: { yaml_indent: 8 } } }));
    expect(refused[0]).toMatchObject({ attr: 'file_format_params', detail: expect.stringContaining('yaml_indent') });
    const patched = await ok(await s.api('/api/components/ref/params/', { method: 'PATCH', json: { file_format_params: { po_line_wrap: 65535, po_no_location: true } } }));
    expect(patched.file_format_params).toEqual({ po_line_wrap: 65535, po_no_location: true });
  });

  it('refuses a new string with the empty state and a target', async () => {
    await ok(await s.api('/api/components/ref/app/', { method: 'PATCH', json: { manage_units: true } }));
    const url = '/api/translations/ref/app/cs/units/';
    const add = (body: Record<string, unknown>) => s.api(url, { method: 'POST', json: body });
    expect(await errorsOf(await add({ source: ['Source'], target: ['Target'], context: 'Wrong', state: 0 }))).toEqual([
      { code: 'invalid', detail: 'Can not use empty state with non empty target', attr: 'state' },
    ]);
    expect((await errorsOf(await add({ source: ['Source'], target: ['Target'], context: 'Wrong', state: 100 })))[0]!.attr).toBe('state');
    expect((await units('cs')).some((u) => u.source[0] === 'Source')).toBe(false);
    await ok(await add({ source: ['Source'], target: ['Target'], context: 'Fuzzy', state: 10 }));
  });

  it('words comment refusals as the reference: translation scope on a source string, user_email and timestamp', async () => {
    const source = (await units('en')).find((u) => u.source[0] === 'Hello')!;
    const comment = (body: Record<string, unknown>, token?: string) => s.api(`/api/units/${source.id}/comments/`, { method: 'POST', json: body, ...(token ? { token } : {}) });
    expect(await errorsOf(await comment({ scope: 'translation', comment: 'Hello World!' }))).toEqual([
      { code: 'invalid', detail: '"translation" is not a valid choice for source units.', attr: 'scope' },
    ]);
    expect(await errorsOf(await comment({ scope: 'global' }))).toEqual([{ code: 'required', detail: 'This field is required.', attr: 'comment' }]);
    expect((await errorsOf(await comment({ scope: 'xyz', comment: 'Hello World!' })))[0]!.detail).toBe('"xyz" is not a valid choice.');
    expect(await errorsOf(await comment({ scope: 'global', comment: 'test comment', user_email: 1 }))).toEqual([
      { code: 'invalid', detail: 'Enter a valid email address.', attr: 'user_email' },
    ]);
    expect(await errorsOf(await comment({ scope: 'global', comment: 'test comment', user_email: 'not an address' }))).toEqual([
      { code: 'invalid', detail: 'Enter a valid email address.', attr: 'user_email' },
    ]);
    const badTime = await errorsOf(await comment({ scope: 'global', comment: 'test comment', timestamp: 1 }));
    expect(badTime[0]).toMatchObject({ attr: 'timestamp', detail: expect.stringContaining('Datetime has wrong format.') });
    // Overrides are for project managers only.
    const denied = await errorsOf(await comment({ scope: 'global', comment: 'test comment', user_email: 'admin@example.com' }, plainToken), 403);
    expect(denied[0]!.detail).toBe('You do not have permission to perform this action.');
    // A translation unit takes the translation scope.
    const cs = (await units('cs')).find((u) => u.source[0] === 'Hello')!;
    await ok(await s.api(`/api/units/${cs.id}/comments/`, { method: 'POST', json: { scope: 'translation', comment: 'Fine here' } }), 201);
    // Without a scope a source string's comment is global, and so is one from the editor's default choice.
    expect((await ok(await s.api(`/api/units/${source.id}/comments/`, { method: 'POST', json: { comment: 'No scope' } }), 201)).scope).toBe('global');
    const form = await s.api('/translate/ref/app/en/comments/', {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: s.url },
      body: new URLSearchParams({ unit: String(source.id), comment: 'From the editor', scope: 'translation' }),
    });
    expect(form.status).toBe(303);
    const listed = (await ok(await s.api(`/api/units/${source.id}/comments/`))).results as { comment: string; scope: string }[];
    expect(listed.find((c) => c.comment === 'From the editor')?.scope).toBe('global');
  });

  it('refuses a screenshot upload that is not an image, by content and by name', async () => {
    const created = await ok(
      await s.api('/api/screenshots/', { method: 'POST', body: multipart({ name: 'Shot', project_slug: 'ref', component_slug: 'app', language_code: 'en' }, { image: { name: 'shot.png', data: PNG } }) }),
      201,
    );
    const upload = (name: string, data: Buffer | string) => s.api(`/api/screenshots/${created.id}/file/`, { method: 'POST', body: multipart({}, { image: { name, data } }) });
    expect((await errorsOf(await upload('cs.po', CS_PO)))[0]).toMatchObject({ attr: 'image', code: 'invalid_image' });
    const named = await errorsOf(await upload('screenshot.html', PNG));
    expect(named).toEqual([{ attr: 'image', code: 'invalid_extension', detail: expect.stringContaining('“html” is not allowed') }]);
    const fresh = await errorsOf(
      await s.api('/api/screenshots/', { method: 'POST', body: multipart({ name: 'Shot 2', project_slug: 'ref', component_slug: 'app', language_code: 'en' }, { image: { name: 'page.html', data: PNG } }) }),
    );
    expect(fresh.map((e) => [e.attr, e.code])).toEqual([['image', 'invalid_extension']]);
    await ok(await upload('SHOT.PNG', PNG));
  });

  it('refuses plural formulas that divide by zero, on creation and on edits', async () => {
    const language = (plural: unknown, code = 'xx_div') => ({ code, name: 'Division', direction: 'ltr', population: 1, plural });
    for (const formula of ['n/0', 'n%0', '(n/(n-n))']) {
      const errors = await errorsOf(await s.api('/api/languages/', { method: 'POST', json: language({ number: 2, formula }) }));
      expect(errors.map((e) => e.attr), formula).toEqual(['plural.formula']);
    }
    expect((await errorsOf(await s.api('/api/languages/', { method: 'POST', json: language({ number: 2, formula: '2' }) })))[0]!.attr).toBe('plural.formula');
    expect((await s.api('/api/languages/xx_div/')).status).toBe(404);
    await ok(await s.api('/api/languages/', { method: 'POST', json: language({ number: 2, formula: 'n != 1' }) }), 201);
    expect((await errorsOf(await s.api('/api/languages/xx_div/', { method: 'PATCH', json: { plural: { number: 2, formula: '1/(n-n)' } } })))[0]!.attr).toBe('plural.formula');
    expect((await ok(await s.api('/api/languages/xx_div/'))).plural.formula).toBe('n != 1');
  });

  it('refuses a memory lookup with an exact flag that is not a boolean', async () => {
    const lookup = (exact: string) => s.api(`/api/memory/lookup/?source_language=en&target_language=cs&exact=${exact}`, { method: 'POST', json: { strings: ['Hello'] } });
    const errors = await errorsOf(await lookup('invalid'));
    expect(errors).toEqual([{ code: 'invalid', detail: 'Must be a valid boolean.', attr: 'exact' }]);
    for (const exact of ['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', 'True', 'FALSE']) await ok(await lookup(exact));
  });

  it('refuses a removal whose delete_memory in the query contradicts the body', async () => {
    await ok(await s.api('/api/projects/ref/components/', { method: 'POST', body: multipart({ name: 'Doomed', slug: 'doomed', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot' }, { zipfile: { name: 'a.zip', data: (await import('../helpers/fixtures.js')).poZip() } }) }), 201);
    const conflict = await errorsOf(await s.api('/api/components/ref/doomed/?delete_memory=true', { method: 'DELETE', json: { delete_memory: false } }));
    expect(conflict[0]!.attr).toBe('delete_memory');
    expect((await s.api('/api/components/ref/doomed/')).status).toBe(200);
    expect((await errorsOf(await s.api('/api/components/ref/doomed/?delete_memory=maybe', { method: 'DELETE' })))[0]!.attr).toBe('delete_memory');
    const category = await ok(await s.api('/api/categories/', { method: 'POST', json: { name: 'Cat', slug: 'cat', project: `${s.url}/api/projects/ref/` } }), 201);
    const catPath = new URL(category.url).pathname;
    expect((await errorsOf(await s.api(`${catPath}?delete_memory=false`, { method: 'DELETE', json: { delete_memory: true } })))[0]!.attr).toBe('delete_memory');
    expect((await s.api(catPath)).status).toBe(200);
    // Agreeing (or only one of them) is fine.
    expect((await s.api('/api/components/ref/doomed/?delete_memory=true', { method: 'DELETE', json: { delete_memory: true } })).status).toBe(204);
    expect((await s.api(`${catPath}?delete_memory=1`, { method: 'DELETE' })).status).toBe(204);
  });

  it('refuses a second link of a component into the same project', async () => {
    const L = '/api/components/ref/app/links/';
    await ok(await s.api(L, { method: 'POST', json: { project_slug: 'guest' } }), 201);
    const errors = await errorsOf(await s.api(L, { method: 'POST', json: { project_slug: 'guest' } }));
    expect(errors).toEqual([{ code: 'invalid', detail: expect.stringContaining('already'), attr: 'project_slug' }]);
    expect((await ok(await s.api(L))).projects.map((p: { slug: string }) => p.slug)).toEqual(['guest']);
  });

  it('refuses membership language limits naming unknown languages', async () => {
    const groups = (await ok(await s.api('/api/groups/'))).results as { id: number; name: string; url: string }[];
    const memberOf = (await ok(await s.api('/api/users/plain/'))).groups as string[];
    const viewers = groups.find((g) => !memberOf.includes(g.url))!;
    const add = (body: unknown) => s.api('/api/users/plain/groups/', { method: 'POST', json: body });
    const missing = await errorsOf(await add({ group_id: viewers.id, limit_language_codes: ['missing'] }));
    expect(missing[0]).toMatchObject({ attr: 'limit_language_codes', detail: expect.stringContaining('Language not found.') });
    expect(missing[0]!.detail).toContain('missing');
    expect((await errorsOf(await add({ group_id: viewers.id, limit_language_codes: 'cs' })))[0]!.attr).toBe('limit_language_codes');
    expect((await errorsOf(await add({ group_id: viewers.id, limit_language_codes: [7] })))[0]!.detail).toBe('Invalid language code.');
    const user = await ok(await s.api('/api/users/plain/'));
    expect(user.groups).not.toContain(`${s.url}/api/groups/${viewers.id}/`);
    // No limit at all is a plain membership.
    const joined = await ok(await add({ group_id: viewers.id, limit_language_codes: [] }));
    expect(joined.groups).toContain(`${s.url}/api/groups/${viewers.id}/`);
  });

  it('requires the configuration of add-ons that have required options, defaults or not', async () => {
    const install = (body: unknown) => s.api('/api/components/ref/git/addons/', { method: 'POST', json: body });
    for (const [name, option] of [['weblate.git.squash', 'squash'], ['weblate.discovery.discovery', 'match']] as const) {
      const errors = await errorsOf(await install({ name }));
      expect(errors[0]!.attr, name).toBe('configuration');
      expect(errors.map((e) => e.detail).join(' '), name).toContain(option);
    }
    expect((await ok(await s.api('/api/components/ref/git/addons/'))).count).toBe(0);
  });

  it('keeps add-on configuration as given: omitted options are not filled with defaults', async () => {
    const created = await ok(await s.api('/api/components/ref/git/addons/', { method: 'POST', json: { name: 'weblate.git.squash', configuration: { squash: 'all' } } }), 201);
    expect(created.configuration).toEqual({ squash: 'all' });
    const detail = `/api/addons/${created.id}/`;
    expect((await ok(await s.api(detail, { method: 'PATCH', json: { configuration: { squash: 'language' } } }))).configuration).toEqual({ squash: 'language' });
    expect((await ok(await s.api(detail))).configuration).toEqual({ squash: 'language' });
    const mo = await ok(await s.api('/api/components/ref/app/addons/', { method: 'POST', json: { name: 'weblate.gettext.mo', configuration: { path: '{{ language_code }}.mo' } } }), 201);
    expect(mo.configuration).toEqual({ path: '{{ language_code }}.mo' });
    expect((await ok(await s.api(`/api/addons/${mo.id}/`, { method: 'PUT', json: { name: 'weblate.gettext.mo', configuration: {} } }))).configuration).toEqual({});
  });

  it('answers an Authorization header of another scheme with the reference\'s message', async () => {
    for (const header of ['Basic dXNlcjpwYXNzd29yZA==', 'bAsIc dXNlcjpwYXNzd29yZA==', 'Basic', 'Digest credentials', 'Unknown credentials', 'Unknown']) {
      const res = await s.api('/api/', { token: null, headers: { Authorization: header } });
      expect(res.status, header).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Token');
      expect((await res.json()).errors[0]).toEqual({ code: 'authentication_failed', detail: 'Unsupported authentication scheme. Use Token or Bearer.', attr: null });
    }
    for (const header of ['', ' \t ']) expect((await s.api('/api/', { token: null, headers: { Authorization: header } })).status, JSON.stringify(header)).toBe(200);
    for (const scheme of ['Token', 'Bearer', 'tOkEn', 'bEaReR']) {
      const res = await s.api('/api/users/admin/', { token: null, headers: { Authorization: `${scheme} ${s.adminToken}` } });
      expect(res.status, scheme).toBe(200);
    }
    for (const header of ['Token ', 'Bearer invalid', 'Token invalid extra']) expect((await s.api('/api/', { token: null, headers: { Authorization: header } })).status, header).toBe(401);
  });

  it('words the refusals of translations and suggestions as the reference', async () => {
    const hello = (await units('cs')).find((u) => u.source[0] === 'Hello')!;
    const suggest = (target: string[]) => s.api(`/api/units/${hello.id}/suggestions/`, { method: 'POST', json: { target } });
    const detailOf = async (res: Response, status = 400) => (await errorsOf(res, status))[0]!.detail;
    expect(await detailOf(await suggest(['']))).toBe('Please provide a suggestion');
    await ok(await suggest(['Navrh']), 201);
    expect(await detailOf(await suggest(['Navrh']))).toBe('Your suggestion already exists!');
    expect(await detailOf(await suggest(hello.target))).toBe('Your suggestion is similar to the current translation!');
    // 10 × (10000 + 100) characters at most without a max-length flag.
    expect(await detailOf(await suggest(['x'.repeat(101_001)]))).toBe('Translation text too long!');
    const tooLong = await errorsOf(await s.api(`/api/units/${hello.id}/`, { method: 'PATCH', json: { state: 20, target: ['x'.repeat(101_001)] } }));
    expect(tooLong).toEqual([{ code: 'invalid', detail: 'Translation text too long!', attr: 'target' }]);
    expect((await units('cs')).find((u) => u.id === hello.id)!.target).toEqual(hello.target);
    await ok(await s.api(`/api/units/${hello.id}/`, { method: 'PATCH', json: { state: 20, target: ['x'.repeat(101_000)] } }));
    // A max-length flag lowers the limit to 10 × (its value + 100).
    const source = (await units('en')).find((u) => u.source[0] === 'Hello')!;
    await ok(await s.api(`/api/units/${source.id}/`, { method: 'PATCH', json: { extra_flags: 'max-length:20' } }));
    expect(await detailOf(await s.api(`/api/units/${hello.id}/`, { method: 'PATCH', json: { state: 20, target: ['x'.repeat(1201)] } }))).toBe('Translation text too long!');
    const suggestion = (await ok(await s.api(`/api/units/${hello.id}/suggestions/`))).results[0];
    expect(await detailOf(await s.api(`/api/suggestions/${suggestion.id}/vote/`, { method: 'POST', json: { value: 1 } }), 403)).toBe('Suggestion voting is disabled.');
  });

  it('words team and component list refusals as the reference', async () => {
    const groups = (await ok(await s.api('/api/groups/'))).results as { id: number }[];
    const language = await errorsOf(await s.api(`/api/groups/${groups[0]!.id}/languages/`, { method: 'POST', json: { language_code: null } }));
    expect(language[0]!.detail).toBe('Invalid language code.');
    await ok(await s.api('/api/component-lists/', { method: 'POST', json: { name: 'List', slug: 'list' } }), 201);
    const component = await errorsOf(await s.api('/api/component-lists/list/components/', { method: 'POST', json: { component_id: -1 } }));
    expect(component[0]).toMatchObject({ attr: 'component_id', detail: 'Component not found.' });
  });

  it('names nested fields with dotted paths: source_language.code', async () => {
    const res = await s.api('/api/projects/ref/components/', {
      method: 'POST',
      json: { name: 'Bad language', slug: 'bad-language', file_format: 'po', filemask: 'po/*.po', repo: 'parla://ref/git', source_language: { code: 'invalid', name: 'Invalid', direction: 'ltr' } },
    });
    expect(await errorsOf(res)).toEqual([{ code: 'invalid', detail: 'Language with this language code was not found.', attr: 'source_language.code' }]);
  });
});
