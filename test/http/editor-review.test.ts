// Quality and review in the web editor over HTTP: failing checks explained by name, dismiss/restore with statistics and
// search agreeing, Approve and the review queue for reviewers only, suggestions rejected with a reason and votes shown,
// plural forms and user links in change lists, and the repository panel of a component without a remote.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { CS_PO, DE_PO, POT, createPoComponent, createProject } from '../helpers/fixtures.js';
import { gitUpstream } from '../helpers/git-upstream.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { anonymous, joinTeam, signIn, type UiSession, userWithPassword } from '../helpers/ui-session.js';

const EDITOR = '/translate/rev/app/cs/';

describe.each(DIALECTS)('editor quality and review (%s)', (dialect) => {
  let s: TestServer;
  let root: string;
  let admin: UiSession;
  let trans: UiSession; // Users team: translates public projects, may dismiss checks, does not review
  let rita: UiSession; // the project's Review team
  let viewer: UiSession; // sees the project, no rights

  const json = async (res: Response, status = 200) => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return text ? JSON.parse(text) : null;
  };
  const units = async (translation = 'rev/app/cs', q = '') =>
    (await json(await s.api(`/api/translations/${translation}/units/?page_size=100${q ? `&q=${encodeURIComponent(q)}` : ''}`))).results as { id: number; source: string[]; target: string[]; state: number; has_failing_check: boolean }[];
  const unitBySource = async (source: string, translation = 'rev/app/cs') => (await units(translation)).find((u) => u.source[0] === source)!;
  const count = async (q: string, translation = 'rev/app/cs') => (await json(await s.api(`/api/translations/${translation}/units/?q=${encodeURIComponent(q)}`))).count as number;
  const failing = async (translation = 'rev/app/cs') => (await json(await s.api(`/api/translations/${translation}/statistics/`))).failing as number;
  const patch = async (id: number, target: string[], state = 20) => json(await s.api(`/api/units/${id}/`, { method: 'PATCH', json: { target, state } }));
  /** The stored counters equal a recount from the units: the dismissal moved them exactly. */
  const countersAgree = async (unitId: number) => {
    const row = await s.container.database.db.selectFrom('units').select('translation_id').where('id', '=', unitId).executeTakeFirstOrThrow();
    const fresh = await s.container.stats.recount(row.translation_id);
    const kept = await s.container.database.db.selectFrom('translations').select(['failing', 'failing_words', 'failing_chars']).where('id', '=', row.translation_id).executeTakeFirstOrThrow();
    expect({ failing: Number(kept.failing), failing_words: Number(kept.failing_words), failing_chars: Number(kept.failing_chars) }).toEqual({ failing: fresh.failing, failing_words: fresh.failing_words, failing_chars: fresh.failing_chars });
    expect(await failing()).toBe(fresh.failing);
  };

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-editor-review-'));
    s = await startServer(dialect, { PARLA_VCS_ALLOW_LOCAL: '1' });
    await json(await createProject(s, 'rev', { translation_review: true }), 201);
    await json(await createPoComponent(s, 'rev'), 201);
    await json(await createProject(s, 'plainrev'), 201);
    await json(await createPoComponent(s, 'plainrev'), 201);
    // A component with a remote repository, for the repository panel (in a project of its own: the same strings in
    // another component of the project would fail the inconsistent check).
    const repo = gitUpstream(root, { 'po/app.pot': POT, 'po/cs.po': CS_PO, 'po/de.po': DE_PO });
    await json(await createProject(s, 'gitrev'), 201);
    await json(await s.api('/api/projects/gitrev/components/', { method: 'POST', json: { name: 'Remote', slug: 'remote', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot', repo: repo.bare, branch: 'main' } }), 201);
    await s.container.tasks.idle();
    for (const name of ['trans', 'rita', 'viewer']) await userWithPassword(s, name);
    await joinTeam(s, 'rita', 'Review', 'rev');
    const groups = (await json(await s.api('/api/groups/?page_size=100'))).results as { id: number; name: string; defining_project: string | null }[];
    const users = groups.find((g) => g.name === 'Users' && g.defining_project === null)!;
    expect((await s.api('/api/users/viewer/groups/', { method: 'DELETE', json: { group_id: users.id } })).status).toBeLessThan(300);
    admin = await signIn(s, 'admin');
    trans = await signIn(s, 'trans');
    rita = await signIn(s, 'rita');
    viewer = await signIn(s, 'viewer');
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('explains a failing check by its name and what to do, never by its raw id', async () => {
    const unit = await unitBySource('Goodbye world');
    await patch(unit.id, ['Sbohem světe.']);
    const page = await trans.get(`${EDITOR}?id=${unit.id}`);
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<div class="warning" id="failing-checks" role="status">[\s\S]*data-check="end_stop"/);
    expect(page.html).toContain('<strong class="check-name">Mismatched full stop</strong>');
    expect(page.html).toContain('The source ends with a full stop and the translation does not, or the other way round.');
    expect(page.html).toContain('1 failing check');
    // The id appears only in attributes, never as text.
    expect(page.html).not.toMatch(/>[^<]*end_stop[^<]*</);
    expect(page.html).toContain('id="dismiss-end_stop"');
    // Without unit.check there is no button.
    expect((await viewer.get(`${EDITOR}?id=${unit.id}`)).html).not.toContain('id="dismiss-end_stop"');
  });

  it('dismisses and restores a check: statistics, has_failing_check and check:/dismissed_check: search agree', async () => {
    const unit = await unitBySource('Goodbye world');
    expect(unit.has_failing_check).toBe(true);
    const before = await failing();
    expect(before).toBeGreaterThanOrEqual(1);
    expect(await count('check:end_stop')).toBe(1);
    expect(await count('dismissed_check:end_stop')).toBe(0);

    const res = await trans.post(`${EDITOR}checks/`, { unit: String(unit.id), check: 'end_stop', action: 'dismiss', q: '', offset: '0' }, { from: `${EDITOR}?id=${unit.id}` });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`${EDITOR}?id=${unit.id}&done=check_dismissed`);
    expect(await failing()).toBe(before - 1);
    expect((await json(await s.api(`/api/units/${unit.id}/`))).has_failing_check).toBe(false);
    expect(await count('check:end_stop')).toBe(0);
    expect(await count('has:check')).toBe(await failing());
    expect(await count('dismissed_check:end_stop')).toBe(1);
    expect(await count('has:dismissed-check')).toBe(1);
    await countersAgree(unit.id);
    const page = await trans.get(res.location!);
    expect(page.html).toContain('Check dismissed.');
    expect(page.html).toContain('id="no-failing-checks"');
    expect(page.html).toMatch(/<details id="dismissed-checks">[\s\S]*Mismatched full stop[\s\S]*id="restore-end_stop"/);
    // The list view no longer marks the string as failing.
    expect((await trans.get(`${EDITOR}?view=list&q=${encodeURIComponent('source:"Goodbye world"')}`)).html).not.toContain('Failing checks</span>');

    // Saving the same text again keeps the check dismissed.
    await patch(unit.id, ['Sbohem světe.']);
    expect(await count('dismissed_check:end_stop')).toBe(1);
    expect(await failing()).toBe(before - 1);

    const restored = await trans.post(`${EDITOR}checks/`, { unit: String(unit.id), check: 'end_stop', action: 'restore' }, { from: `${EDITOR}?id=${unit.id}` });
    expect(restored.location).toBe(`${EDITOR}?id=${unit.id}&done=check_restored`);
    expect(await failing()).toBe(before);
    expect(await count('check:end_stop')).toBe(1);
    expect(await count('dismissed_check:end_stop')).toBe(0);
    await countersAgree(unit.id);
  });

  it('refuses dismissing for those without unit.check, for enforced checks and for checks that do not fail', async () => {
    const unit = await unitBySource('Goodbye world');
    const fields = { unit: String(unit.id), check: 'end_stop', action: 'dismiss' };
    expect((await viewer.post(`${EDITOR}checks/`, fields)).status).toBe(403);
    const anon = await fetch(`${s.url}${EDITOR}checks/`, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: s.url }, body: new URLSearchParams(fields) });
    expect(anon.status).toBe(403);
    const notFailing = await trans.post(`${EDITOR}checks/`, { ...fields, check: 'c_format' });
    expect(notFailing.status).toBe(400);
    expect(notFailing.html).toContain('This check does not fail on this string.');
    // A unit of another translation is not found under this address.
    const other = await unitBySource('Goodbye world', 'rev/app/de');
    expect((await trans.post(`${EDITOR}checks/`, { ...fields, unit: String(other.id) })).status).toBe(404);
    expect(await failing()).toBeGreaterThanOrEqual(1);

    await json(await s.api('/api/components/rev/app/', { method: 'PATCH', json: { enforced_checks: ['end_stop'] } }));
    const enforced = await trans.post(`${EDITOR}checks/`, fields);
    expect(enforced.status).toBe(400);
    expect(enforced.html).toContain('The component enforces this check');
    expect((await trans.get(`${EDITOR}?id=${unit.id}`)).html).not.toContain('id="dismiss-end_stop"');
    await json(await s.api('/api/components/rev/app/', { method: 'PATCH', json: { enforced_checks: [] } }));
    await patch(unit.id, ['Sbohem světe.']);
  });

  it('shows Approve to reviewers only and refuses a forged approval', async () => {
    const unit = await unitBySource('Hello');
    expect(unit.state).toBe(20);
    expect((await trans.get(`${EDITOR}?id=${unit.id}`)).html).not.toContain('id="approve"');
    const page = await rita.get(`${EDITOR}?id=${unit.id}`);
    expect(page.html).toMatch(/<button type="submit" name="action" value="approve" id="approve" class="secondary">Approve<\/button>/);

    // A refused approval is shown on the editor, next to the fields, with the text typed in them kept.
    const forged = await trans.post(EDITOR, { id: String(unit.id), target_0: 'Ahoj typed', action: 'approve' });
    expect(forged.status).toBe(400);
    expect(forged.html).toMatch(/id="save-error">[^<]*Insufficient privileges for approving translations.</);
    expect(forged.html).toMatch(/<textarea id="target-0"[^>]*>\n?Ahoj typed<\/textarea>/);
    expect((await unitBySource('Hello')).state).toBe(20);

    const res = await rita.post(EDITOR, { id: String(unit.id), target_0: 'Nazdar', action: 'approve', q: '' }, { from: `${EDITOR}?id=${unit.id}` });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`${EDITOR}?id=${unit.id}&done=approved`);
    const approved = await unitBySource('Hello');
    expect(approved.state).toBe(30);
    expect(approved.target).toEqual(['Nazdar']);
    const after = await rita.get(res.location!);
    expect(after.html).toContain('Translation approved.');
    expect(after.html).not.toContain('id="approve"');

    // Without review in the project, nobody sees Approve.
    const plain = (await units('plainrev/app/cs')).find((u) => u.state === 20)!;
    expect((await admin.get(`/translate/plainrev/app/cs/?id=${plain.id}`)).html).not.toContain('id="approve"');
  });

  it('lists translated strings waiting for approval, with one-click Approve for reviewers', async () => {
    const plural = await unitBySource('One file');
    expect(plural.state).toBe(20);
    const queue = await rita.get(`${EDITOR}review/`);
    expect(queue.status).toBe(200);
    const waiting = await count('state:translated');
    expect(waiting).toBeGreaterThanOrEqual(1);
    expect(queue.html).toContain(`${waiting} translated string`);
    expect(queue.html).toContain(`id="review-${plural.id}"`);
    // Plural forms are shown one per line.
    expect(queue.html).toContain('Jeden soubor<br>%d soubory<br>%d souborů');
    expect(queue.html).toContain(`id="approve-${plural.id}"`);
    expect((await rita.get('/projects/rev/app/cs/')).html).toContain(`href="${EDITOR}review/" id="review-queue"`);
    expect((await admin.get('/projects/plainrev/app/cs/')).html).not.toContain('id="review-queue"');
    expect((await admin.get('/translate/plainrev/app/cs/review/')).html).toContain('id="review-off"');

    // A translator sees the queue but no buttons, and a forged one-click approval is refused.
    const seen = await trans.get(`${EDITOR}review/`);
    expect(seen.html).toContain('id="review-denied"');
    expect(seen.html).not.toContain(`id="approve-${plural.id}"`);
    const forged = await trans.post(`${EDITOR}review/`, { unit: String(plural.id), action: 'approve-queued' }, { from: `${EDITOR}review/` });
    expect(forged.status).toBe(400);
    expect(forged.html).toContain('Insufficient privileges for approving translations.');
    expect((await unitBySource('One file')).state).toBe(20);

    const res = await rita.post(`${EDITOR}review/`, { unit: String(plural.id), action: 'approve-queued' }, { from: `${EDITOR}review/` });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`${EDITOR}review/?done=approved`);
    const approved = await unitBySource('One file');
    expect(approved.state).toBe(30);
    expect(approved.target).toEqual(['Jeden soubor', '%d soubory', '%d souborů']);
    expect(await count('state:translated')).toBe(waiting - 1);
    const next = await rita.get(res.location!);
    expect(next.html).toContain('Translation approved.');
    expect(next.html).not.toContain(`id="review-${plural.id}"`);
  });

  it('rejects a suggestion with a reason, shows votes to everybody and links user names', async () => {
    await json(await s.api('/api/components/rev/app/', { method: 'PATCH', json: { suggestion_voting: true } }));
    const unit = await unitBySource('Open');
    const added = await trans.post(EDITOR, { id: String(unit.id), target_0: 'Otevřít', action: 'suggest' }, { from: `${EDITOR}?id=${unit.id}` });
    expect(added.status).toBe(303);
    const [suggestion] = (await json(await s.api(`/api/units/${unit.id}/suggestions/`))).results as { id: number }[];
    const voted = await rita.post(`${EDITOR}suggestions/`, { unit: String(unit.id), suggestion: String(suggestion!.id), action: 'upvote' });
    expect(voted.status).toBe(303);
    // The viewer may not vote but sees the count (the author's own vote and rita's); the author's name links to the user page.
    const seen = await viewer.get(`${EDITOR}?id=${unit.id}`);
    expect(seen.html).toContain(`<span id="votes-${suggestion!.id}">2 votes</span>`);
    expect(seen.html).not.toContain(`id="upvote-${suggestion!.id}"`);
    expect(seen.html).toContain('<a href="/user/trans/" class="user-link">trans</a>');
    // The author deletes, others reject with a reason.
    expect((await trans.get(`${EDITOR}?id=${unit.id}`)).html).toMatch(new RegExp(`id="delete-${suggestion!.id}">Delete<`));
    const adminPage = await admin.get(`${EDITOR}?id=${unit.id}`);
    expect(adminPage.html).toContain(`id="reason-${suggestion!.id}"`);
    expect(adminPage.html).toMatch(new RegExp(`id="delete-${suggestion!.id}">Reject<`));
    const rejected = await admin.post(`${EDITOR}suggestions/`, { unit: String(unit.id), suggestion: String(suggestion!.id), action: 'delete', rejection_reason: 'Use the menu wording' });
    expect(rejected.location).toBe(`${EDITOR}?id=${unit.id}&done=rejected`);
    expect((await json(await s.api(`/api/units/${unit.id}/suggestions/`))).results).toEqual([]);
    const changes = (await json(await s.api('/api/translations/rev/app/cs/changes/'))).results as { details?: { rejection_reason?: string } }[];
    expect(changes.some((c) => c.details?.rejection_reason === 'Use the menu wording')).toBe(true);
  });

  it('shows plural forms in recent changes separated visibly, with user links', async () => {
    const unit = await unitBySource('One file', 'rev/app/de');
    await patch(unit.id, ['Genau eine Datei', '%d Dateien']);
    const page = await anonymous(s).get('/projects/rev/app/de/');
    expect(page.html).toContain('Genau eine Datei | %d Dateien');
    expect(page.html).not.toContain('\u001e');
    expect(page.html).toMatch(/by <a href="\/user\/admin\/" class="user-link">[^<]+<\/a>/);
  });

  it('offers no push, pull or upstream status for a component without a remote', async () => {
    const local = await admin.get('/projects/rev/app/');
    expect(local.html).toContain('id="repository-local"');
    expect(local.html).not.toContain('Up to date with upstream');
    expect(local.html).not.toContain('id="repo-push"');
    expect(local.html).not.toContain('id="repo-pull"');
    const localRepo = await admin.get('/projects/rev/app/repository/');
    expect(localRepo.html).toContain('id="repository-local"');
    expect(localRepo.html).not.toContain('id="repo-op-push"');
    expect(localRepo.html).not.toContain('id="repo-op-pull"');
    expect(localRepo.html).not.toContain('id="repo-op-reset"');
    expect(localRepo.html).not.toContain('Outgoing commits');
    // A component with a remote keeps all of them.
    const remote = await admin.get('/projects/gitrev/remote/');
    expect(remote.html).not.toContain('id="repository-local"');
    expect(remote.html).toContain('id="repo-push"');
    expect(remote.html).toContain('id="repo-pull"');
    expect((await admin.get('/projects/gitrev/remote/repository/')).html).toContain('id="repo-op-push"');
  });
});
