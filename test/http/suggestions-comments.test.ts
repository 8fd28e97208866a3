// Suggestions and comments: Parla's own endpoints, permissions, counters and has_* flags
// kept exact after every operation, change records, upload method=suggest, search fields.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { createPoComponent, createProject, multipart } from '../helpers/fixtures.js';

describe.each(DIALECTS)('suggestions and comments on %s', (dialect) => {
  let s: TestServer;
  let plain: string; // Users team: Power user on public projects
  let other: string;
  let outsider: string;

  const json = async (res: Response, status: number) => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return text ? JSON.parse(text) : null;
  };
  const unitOf = async (project: string, lang: string, source: string) => {
    const body = await json(await s.api(`/api/translations/${project}/app/${lang}/units/?page_size=100`), 200);
    return body.results.find((u: { source: string[] }) => u.source[0] === source) as { id: number; target: string[]; state: number; has_suggestion: boolean; has_comment: boolean; source_unit: string };
  };
  const unit = async (id: number) => json(await s.api(`/api/units/${id}/`), 200);
  const stats = async (project: string, lang: string) => json(await s.api(`/api/translations/${project}/app/${lang}/statistics/`), 200);
  /** The counters and the flags agree with the tables. */
  const expectExact = async (project: string, lang: string) => {
    const db = s.container.database.db;
    const t = await db
      .selectFrom('translations')
      .innerJoin('components', 'components.id', 'translations.component_id')
      .innerJoin('projects', 'projects.id', 'components.project_id')
      .innerJoin('languages', 'languages.id', 'translations.language_id')
      .select(['translations.id', 'translations.suggestions', 'translations.comments'])
      .where('projects.slug', '=', project)
      .where('languages.code', '=', lang)
      .executeTakeFirstOrThrow();
    const units = await db.selectFrom('units').select(['id', 'has_suggestion', 'has_comment']).where('translation_id', '=', t.id).execute();
    let sugg = 0;
    let comm = 0;
    for (const u of units) {
      const hs = await db.selectFrom('suggestions').select('id').where('unit_id', '=', u.id).executeTakeFirst();
      const hc = await db.selectFrom('comments').select('id').where('unit_id', '=', u.id).where('resolved', '=', 0).executeTakeFirst();
      expect(u.has_suggestion, `unit ${u.id} has_suggestion`).toBe(hs ? 1 : 0);
      expect(u.has_comment, `unit ${u.id} has_comment`).toBe(hc ? 1 : 0);
      if (hs) sugg++;
      if (hc) comm++;
    }
    expect(Number(t.suggestions)).toBe(sugg);
    expect(Number(t.comments)).toBe(comm);
    const st = await stats(project, lang);
    expect([st.suggestions, st.comments]).toEqual([sugg, comm]);
    return { suggestions: sugg, comments: comm };
  };
  const actions = async (project: string) =>
    (await json(await s.api(`/api/projects/${project}/changes/?page_size=200`), 200)).results.map((c: { action: number }) => c.action) as number[];
  const profile = async (username: string) => json(await s.api(`/api/users/${username}/statistics/`), 200);

  beforeAll(async () => {
    s = await startServer(dialect);
    plain = await s.createUser('plain');
    other = await s.createUser('other');
    outsider = await s.createUser('outsider');
    await json(await createProject(s, 'pub'), 201);
    await json(await createPoComponent(s, 'pub'), 201);
    await json(await createProject(s, 'priv', { access_control: 100 }), 201);
    await json(await createPoComponent(s, 'priv'), 201);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('adds, lists, gets and deletes suggestions with exact counters and changes', async () => {
    const u = await unitOf('pub', 'cs', 'Hello');
    expect(await expectExact('pub', 'cs')).toEqual({ suggestions: 0, comments: 0 });
    const created = await json(await s.api(`/api/units/${u.id}/suggestions/`, { method: 'POST', json: { target: ['Nazdar'] }, token: plain }), 201);
    expect(created).toMatchObject({ target: ['Nazdar'], username: 'plain', votes: 0 });
    expect(created.url).toMatch(new RegExp(`/api/suggestions/${created.id}/$`));
    expect((await unit(u.id)).has_suggestion).toBe(true);
    expect(await expectExact('pub', 'cs')).toEqual({ suggestions: 1, comments: 0 });
    // A second suggestion on the same string: still one string with suggestions.
    const second = await json(await s.api(`/api/units/${u.id}/suggestions/`, { method: 'POST', json: { target: ['Čau'] }, token: other }), 201);
    expect(await expectExact('pub', 'cs')).toEqual({ suggestions: 1, comments: 0 });
    const list = await json(await s.api(`/api/units/${u.id}/suggestions/`, { token: null }), 200);
    expect(list.count).toBe(2);
    expect(list.results.map((r: { id: number }) => r.id)).toEqual([second.id, created.id]); // newest first
    expect(await json(await s.api(`/api/suggestions/${created.id}/`, { token: null }), 200)).toMatchObject({ id: created.id, target: ['Nazdar'] });
    expect((await profile('plain')).suggested).toBe(1);

    // Bad input: 400 per field.
    const bad = await json(await s.api(`/api/units/${u.id}/suggestions/`, { method: 'POST', json: { target: 'x' }, token: plain }), 400);
    expect(bad.errors[0]).toMatchObject({ attr: 'target', code: 'not_a_list' });
    expect((await json(await s.api(`/api/units/${u.id}/suggestions/`, { method: 'POST', json: {}, token: plain }), 400)).errors[0].attr).toBe('target');
    expect((await json(await s.api(`/api/units/${u.id}/suggestions/`, { method: 'POST', json: { target: ['a', 'b'] }, token: plain }), 400)).errors[0].detail).toBe('Number of plurals does not match');
    expect((await json(await s.api(`/api/units/${u.id}/suggestions/`, { method: 'POST', json: { target: ['Ahoj'] }, token: plain }), 400)).errors[0].attr).toBe('target'); // same as the translation
    expect((await json(await s.api(`/api/units/${u.id}/suggestions/`, { method: 'POST', json: { target: ['Nazdar'] }, token: plain }), 400)).errors[0].code).toBe('unique');

    // Deleting: someone else's suggestion needs suggestion.delete (plain has it through Power user); own is always fine.
    await json(await s.api(`/api/suggestions/${second.id}/`, { method: 'DELETE', token: null }), 401);
    await json(await s.api(`/api/suggestions/${second.id}/`, { method: 'DELETE', token: other }), 204);
    expect(await expectExact('pub', 'cs')).toEqual({ suggestions: 1, comments: 0 });
    await json(await s.api(`/api/suggestions/${created.id}/`, { method: 'DELETE', token: plain, json: { rejection_reason: 'changed my mind' } }), 204);
    await json(await s.api(`/api/suggestions/${created.id}/`), 404);
    expect((await unit(u.id)).has_suggestion).toBe(false);
    expect(await expectExact('pub', 'cs')).toEqual({ suggestions: 0, comments: 0 });
    const acts = await actions('pub');
    expect(acts.filter((a) => a === 4)).toHaveLength(2);
    expect(acts.filter((a) => a === 26)).toHaveLength(2);
  });

  it('accepts a suggestion: the unit takes its text, change 7, the suggestion is gone', async () => {
    const u = await unitOf('pub', 'cs', 'Open');
    expect(u.state).toBe(0);
    const sg = await json(await s.api(`/api/units/${u.id}/suggestions/`, { method: 'POST', json: { target: ['Otevřít'] }, token: other }), 201);
    await json(await s.api(`/api/suggestions/${sg.id}/accept/`, { method: 'POST', token: null }), 401);
    // approve needs the review workflow
    expect((await json(await s.api(`/api/suggestions/${sg.id}/accept/`, { method: 'POST', json: { approve: true }, token: plain }), 400)).errors[0].attr).toBe('approve');
    expect(await json(await s.api(`/api/suggestions/${sg.id}/accept/`, { method: 'POST', token: plain }), 200)).toEqual({ result: 'accepted' });
    const after = await unit(u.id);
    expect(after).toMatchObject({ target: ['Otevřít'], state: 20, has_suggestion: false, pending: true });
    await json(await s.api(`/api/suggestions/${sg.id}/`), 404);
    expect(await expectExact('pub', 'cs')).toEqual({ suggestions: 0, comments: 0 });
    const changes = (await json(await s.api(`/api/projects/pub/changes/?action=7`), 200)).results;
    expect(changes).toHaveLength(1);
    expect(changes[0].target).toBe('Otevřít');
    expect((await stats('pub', 'cs')).translated).toBe(3);
  });

  it('refuses suggestions when they are turned off, and hides private projects', async () => {
    await json(await s.api('/api/components/pub/app/', { method: 'PATCH', json: { enable_suggestions: false } }), 200);
    const u = await unitOf('pub', 'de', 'Hello');
    const res = await json(await s.api(`/api/units/${u.id}/suggestions/`, { method: 'POST', json: { target: ['Hi'] }, token: plain }), 403);
    expect(res.detail).toBe('Suggestions are turned off in the component configuration.');
    await json(await s.api('/api/components/pub/app/', { method: 'PATCH', json: { enable_suggestions: true } }), 200);
    await json(await s.api(`/api/units/${u.id}/suggestions/`, { method: 'POST', json: { target: ['Hi'] }, token: null }), 401);

    const p = await unitOf('priv', 'cs', 'Hello');
    await json(await s.api(`/api/units/${p.id}/suggestions/`, { token: outsider }), 404);
    await json(await s.api(`/api/units/${p.id}/suggestions/`, { method: 'POST', json: { target: ['X'] }, token: outsider }), 404);
    await json(await s.api(`/api/units/${p.id}/comments/`, { method: 'POST', json: { comment: 'hi' }, token: outsider }), 404);
    const sg = await json(await s.api(`/api/units/${p.id}/suggestions/`, { method: 'POST', json: { target: ['Soukromé'] } }), 201);
    await json(await s.api(`/api/suggestions/${sg.id}/`, { token: outsider }), 404);
    await json(await s.api(`/api/suggestions/${sg.id}/accept/`, { method: 'POST', token: outsider }), 404);
    await json(await s.api(`/api/suggestions/${sg.id}/`, { method: 'DELETE', token: outsider }), 404);
    expect(await expectExact('priv', 'cs')).toEqual({ suggestions: 1, comments: 0 });
  });

  it('votes once per user and accepts automatically when the votes reach suggestion_autoaccept', async () => {
    const u = await unitOf('pub', 'de', 'Goodbye world');
    const sg = await json(await s.api(`/api/units/${u.id}/suggestions/`, { method: 'POST', json: { target: ['Tschüss Welt'] }, token: plain }), 201);
    // Voting is off by default.
    expect((await json(await s.api(`/api/suggestions/${sg.id}/vote/`, { method: 'POST', json: { value: 1 }, token: other }), 403)).detail).toMatch(/^Suggestion voting is disabled\.$/);
    await json(await s.api('/api/components/pub/app/', { method: 'PATCH', json: { suggestion_voting: true, suggestion_autoaccept: 3 } }), 200);
    expect((await json(await s.api(`/api/suggestions/${sg.id}/vote/`, { method: 'POST', json: { value: 2 }, token: other }), 400)).errors[0].attr).toBe('value');
    await json(await s.api(`/api/suggestions/${sg.id}/vote/`, { method: 'POST', json: { value: 1 }, token: null }), 401);
    let r = await json(await s.api(`/api/suggestions/${sg.id}/vote/`, { method: 'POST', json: { value: 1 }, token: other }), 200);
    expect(r).toMatchObject({ result: 'voted', suggestion: { votes: 1 } });
    r = await json(await s.api(`/api/suggestions/${sg.id}/vote/`, { method: 'POST', json: { value: 1 }, token: other }), 200);
    expect(r.suggestion.votes).toBe(1); // one vote per user
    r = await json(await s.api(`/api/suggestions/${sg.id}/vote/`, { method: 'POST', json: { value: -1 }, token: other }), 200);
    expect(r.suggestion.votes).toBe(-1);
    r = await json(await s.api(`/api/suggestions/${sg.id}/vote/`, { method: 'POST', json: { value: 0 }, token: other }), 200);
    expect(r.suggestion.votes).toBe(0);
    await json(await s.api(`/api/suggestions/${sg.id}/vote/`, { method: 'POST', json: { value: 1 }, token: other }), 200);
    await json(await s.api(`/api/suggestions/${sg.id}/vote/`, { method: 'POST', json: { value: 1 }, token: plain }), 200);
    expect((await unit(u.id)).has_suggestion).toBe(true);
    r = await json(await s.api(`/api/suggestions/${sg.id}/vote/`, { method: 'POST', json: { value: 1 } }), 200);
    expect(r).toEqual({ result: 'accepted', suggestion: null });
    expect(await unit(u.id)).toMatchObject({ target: ['Tschüss Welt'], state: 20, has_suggestion: false });
    expect(await expectExact('pub', 'de')).toMatchObject({ suggestions: 0 });

    // With voting on, a new suggestion carries its author's vote; the same text from someone else is a vote.
    const hello = await unitOf('pub', 'de', 'One file');
    const mine = await json(await s.api(`/api/units/${hello.id}/suggestions/`, { method: 'POST', json: { target: ['Eine', 'Viele'] }, token: plain }), 201);
    expect(mine.votes).toBe(1);
    r = await json(await s.api(`/api/units/${hello.id}/suggestions/`, { method: 'POST', json: { target: ['Eine', 'Viele'] }, token: other }), 200);
    expect(r).toMatchObject({ result: 'voted', suggestion: { id: mine.id, votes: 2 } });
    r = await json(await s.api(`/api/units/${hello.id}/suggestions/`, { method: 'POST', json: { target: ['Eine', 'Viele'] } }), 200);
    expect(r.result).toBe('accepted');
    expect((await unit(hello.id)).target).toEqual(['Eine', 'Viele']);
    expect(await expectExact('pub', 'de')).toMatchObject({ suggestions: 0 });
    await json(await s.api('/api/components/pub/app/', { method: 'PATCH', json: { suggestion_voting: false, suggestion_autoaccept: 0 } }), 200);
  });

  it('upload method=suggest creates suggestions visible through the list', async () => {
    const po = `msgid ""\nmsgstr ""\n"Language: cs\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\\n"\n\nmsgid "Goodbye world"\nmsgstr "Nashle světe"\n`;
    const res = await json(await s.api('/api/translations/pub/app/cs/file/', { method: 'POST', body: multipart({ method: 'suggest' }, { file: { name: 'cs.po', data: po } }), token: plain }), 200);
    expect(res.accepted).toBe(1);
    const u = await unitOf('pub', 'cs', 'Goodbye world');
    expect(u.has_suggestion).toBe(true);
    const list = await json(await s.api(`/api/units/${u.id}/suggestions/`), 200);
    expect(list.results.map((r: { target: string[]; username: string }) => [r.target, r.username])).toEqual([[['Nashle světe'], 'plain']]);
    expect(await expectExact('pub', 'cs')).toEqual({ suggestions: 1, comments: 0 });
    expect((await profile('plain')).suggested).toBeGreaterThanOrEqual(3);
    const found = await json(await s.api(`/api/translations/pub/app/cs/units/?q=${encodeURIComponent('suggestion:Nashle suggestion_author:plain')}`), 200);
    expect(found.results.map((r: { id: number }) => r.id)).toEqual([u.id]);
    await json(await s.api(`/api/suggestions/${list.results[0].id}/accept/`, { method: 'POST' }), 200);
    expect(await expectExact('pub', 'cs')).toEqual({ suggestions: 0, comments: 0 });
  });

  it('comments: add, list, resolve, delete, search; counters and has_comment exact', async () => {
    const u = await unitOf('pub', 'cs', 'Hello');
    await json(await s.api(`/api/units/${u.id}/comments/`, { method: 'POST', json: { comment: 'x' }, token: null }), 401);
    const bad = await json(await s.api(`/api/units/${u.id}/comments/`, { method: 'POST', json: { comment: '', scope: 'nowhere' }, token: plain }), 400);
    expect(bad.errors.map((e: { attr: string }) => e.attr).sort()).toEqual(['comment', 'scope']);
    expect((await json(await s.api(`/api/units/${u.id}/comments/`, { method: 'POST', json: { comment: 'x'.repeat(1001) }, token: plain }), 400)).errors[0].code).toBe('max_length');

    const c1 = await json(await s.api(`/api/units/${u.id}/comments/`, { method: 'POST', json: { comment: 'Is this informal enough?' }, token: plain }), 201);
    expect(c1).toMatchObject({ comment: 'Is this informal enough?', scope: 'translation', resolved: false, username: 'plain' });
    expect((await unit(u.id)).has_comment).toBe(true);
    expect(await expectExact('pub', 'cs')).toEqual({ suggestions: 0, comments: 1 });
    // A source-string comment lands on the source unit: listed with the translation's, counted in the source translation.
    const c2 = await json(await s.api(`/api/units/${u.id}/comments/`, { method: 'POST', json: { comment: 'Typo in source', scope: 'global' }, token: other }), 201);
    expect(c2.unit).toBe(u.source_unit);
    expect(await expectExact('pub', 'cs')).toEqual({ suggestions: 0, comments: 1 });
    expect((await expectExact('pub', 'en')).comments).toBe(1);
    const list = await json(await s.api(`/api/units/${u.id}/comments/`, { token: null }), 200);
    expect(list.results.map((r: { id: number }) => r.id)).toEqual([c1.id, c2.id]);
    expect((await profile('plain')).commented).toBe(1);

    const q = async (query: string) =>
      (await json(await s.api(`/api/translations/pub/app/cs/units/?q=${encodeURIComponent(query)}`), 200)).results.map((r: { id: number }) => r.id);
    expect(await q('has:comment')).toEqual([u.id]);
    expect(await q('comment:informal')).toEqual([u.id]);
    expect(await q('comment_author:plain')).toEqual([u.id]);
    expect(await q('has:source-comment')).toEqual([u.id]);
    expect(await q('source_comment:typo')).toEqual([u.id]);
    expect(await q('has:resolved-comment')).toEqual([]);

    // Resolving needs comment.resolve (not in Power user); the superuser has it.
    await json(await s.api(`/api/comments/${c1.id}/resolve/`, { method: 'POST', token: plain }), 403);
    expect(await json(await s.api(`/api/comments/${c1.id}/resolve/`, { method: 'POST' }), 200)).toMatchObject({ resolved: true });
    await json(await s.api(`/api/comments/${c1.id}/resolve/`, { method: 'POST' }), 400);
    expect((await unit(u.id)).has_comment).toBe(false);
    expect(await expectExact('pub', 'cs')).toEqual({ suggestions: 0, comments: 0 });
    expect(await q('has:comment')).toEqual([]);
    expect(await q('has:resolved-comment')).toEqual([u.id]);
    expect(await q('resolved_comment:informal')).toEqual([u.id]);

    // Deleting: own comment, or comment.delete.
    await json(await s.api(`/api/comments/${c2.id}/`, { method: 'DELETE', token: plain }), 403);
    await json(await s.api(`/api/comments/${c2.id}/`, { method: 'DELETE', token: other }), 204);
    await json(await s.api(`/api/comments/${c2.id}/`), 404);
    expect((await expectExact('pub', 'en')).comments).toBe(0);
    await json(await s.api(`/api/comments/${c1.id}/`, { method: 'DELETE' }), 204);
    expect(await expectExact('pub', 'cs')).toEqual({ suggestions: 0, comments: 0 });
    const acts = await actions('pub');
    expect(acts.filter((a) => a === 3)).toHaveLength(2);
    expect(acts.filter((a) => a === 65)).toHaveLength(1);
    expect(acts.filter((a) => a === 64)).toHaveLength(2);
  });
});
