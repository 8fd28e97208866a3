// Permission matrix, the rows and the runner: every API route and method, called by every kind
// of actor on a public and on a private project, answers the status class the reference would. The web UI's pages and form
// POSTs (/projects/, /translate/, /languages/) have rows too; its assets (/ui/static/) and the dashboard (/) need none.
//
// Actors (columns, always in this order):
//   anon   – no credentials (anonymous = Guests + Viewers teams)
//   user   – a new user: Users (Power user on all public projects) + Viewers teams
//   trans  – member ONLY of a site-wide team with the Translate role, project_selection 0 (pub, priv),
//            language_selection 0 (cs only)
//   rev    – member ONLY of each project's per-project "Review" team
//   padm   – member ONLY of each project's per-project "Administration" team
//   token  – plp_ token of the row's own project (bot in its Administration team)
//   ftoken – plp_ token of another private project ("elsewhere"): a non-member everywhere here
//   super  – the superuser
// (trans, rev and padm are taken out of Users/Viewers so each column shows what its one team grants.)
//
// Projects: pub = access_control 0 with translation_review on (so it has a Review team);
//           priv = access_control 100 with review off (state 30 is refused there).
//
// Expected cells: ok = 2xx, or an exact status (400, 401, 403, 404); "a|b" accepts either; "-" = not applicable.
// A project row has [pub, priv] expectations, a site-wide row one string.
// `bugs` marks cells where Parla is known to differ from the reference: the expectation stays the
// reference's, the cell runs as it.fails, and every mismatch is printed at the end of the run. (None are
// open at the moment: the last ones, project admins managing their teams via /api/groups/, notifications and
// language-limited downloads, were fixed while this file was written.)
// Destructive or one-shot requests build a throwaway object per cell (as superuser), so order does not matter.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDialect } from '../helpers/databases.js';
import { multipart } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { buildZip } from '../helpers/zip.js';
import { registeredRoutes } from '../helpers/routes.js';

const ACTORS = ['anon', 'user', 'trans', 'rev', 'padm', 'token', 'ftoken', 'super'] as const;
type ActorName = (typeof ACTORS)[number];
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type ProjectKey = 'pub' | 'priv';

interface Ctx {
  slug: string;
  id: number;
  url: string;
  token: string;
  tokenUser: string;
  teams: Record<string, { id: number; url: string }>;
  taskId?: string;
}
interface Call {
  path: string;
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  /** The project whose token `token` stands for, when the call works on a throwaway project. */
  ctx?: Ctx;
}
interface CellInput {
  p: Ctx; // the row's project (pub or priv; pub for site-wide rows)
  key: ProjectKey;
  actor: ActorName;
  self: string; // the actor's own username ("victim" for anon)
}
interface Row {
  m: Method;
  route: string;
  note?: string;
  exp: string | [pub: string, priv: string];
  call: (c: CellInput) => Promise<Call> | Call;
  /** Known deviations: key `actor`, `actor@pub|priv` or `*`, value = reason. */
  bugs?: Record<string, string>;
}

// ---------------------------------------------------------------- fixture data
const N_STRINGS = 60;
const strings = Array.from({ length: N_STRINGS }, (_, i) => `String ${i + 1}`);
const po = (lang: string | null, plural: string) =>
  `msgid ""\nmsgstr ""\n${lang ? `"Language: ${lang}\\n"\n` : ''}"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: ${plural}\\n"\n\n` +
  strings.map((s) => `msgid "${s}"\nmsgstr ""\n`).join('\n');
const CS_PLURAL = 'nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;';
const APP_CS = po('cs', CS_PLURAL);
const appZip = () =>
  buildZip([
    { name: 'po/app.pot', data: po(null, 'nplurals=2; plural=(n != 1);') },
    { name: 'po/cs.po', data: APP_CS },
    { name: 'po/de.po', data: po('de', 'nplurals=2; plural=(n != 1);') },
  ]);
const monoZip = () =>
  buildZip([
    { name: 'json/en.json', data: '{"hello": "Hello"}\n' },
    { name: 'json/cs.json', data: '{"hello": "Ahoj"}\n' },
  ]);
const LANGS = ('fr it es pt pl sk nl sv da fi nb hu ro bg uk ru ja ko tr el he ar ca eu gl et lv lt sl hr sr id vi th hi bn fa ms ga cy is mk sq af sw').split(' ');
const NOTIFICATIONS = [
  'RepositoryNotification', 'LockNotification', 'LicenseNotification', 'ParseErrorNotification', 'NewStringNotificaton',
  'NewContributorNotificaton', 'NewSuggestionNotificaton', 'LanguageTranslatedNotificaton', 'ComponentTranslatedNotificaton',
  'NewCommentNotificaton', 'TranslatedStringNotificaton', 'ApprovedStringNotificaton', 'ChangedStringNotificaton',
  'NewComponentNotificaton', 'PendingSuggestionsNotification', 'ToDoStringsNotification',
];

// ---------------------------------------------------------------- common expectation patterns
//                 anon user trans rev  padm token ftoken super
const ALL = /*  */ 'ok   ok   ok    ok   ok   ok    ok     ok';
/** Readable by whoever sees the project: everybody on pub, members on priv. */
const VISIBLE: [string, string] = [ALL, '404  404  ok    ok   ok   ok    404    ok'];
const NOWHERE = /*  */ '404  404  404   404  404  404   404    404';
/** Needs an Administration-only permission (project.edit, component.edit, vcs.commit, …). */
const ADMIN_ONLY: [string, string] = ['401  403  403   403  ok   ok    403    ok', '401  404  403   403  ok   ok    404    ok'];
/** Site-wide permission (user.edit, role.edit, group.edit, language.edit, project.add): superuser only. */
const GLOBAL = /* */ '401  403  403   403  403  403   403    ok';
/** translation.download: Guests (Access repository), Users (Power user), Translate, Review strings, Administration. */
const DOWNLOAD: [string, string] = ['ok   ok   ok    ok   ok   ok    403    ok', '404  404  ok    ok   ok   ok    404    ok'];
/** A repository's status: any of vcs.commit, vcs.push, vcs.reset, vcs.update (Administration); 403 also to anonymous callers. */
const REPO_STATUS: [string, string] = ['403  403  403   403  ok   ok    403    ok', '404  404  403   403  ok   ok    404    ok'];
/** unit.edit / upload.perform in cs: TRANSLATE permissions; the foreign bot has none on the public project. */
const TRANSLATE_CS: [string, string] = ['401  ok   ok    ok   ok   ok    403    ok', '401  404  ok    ok   ok   ok    404    ok'];
/** The same in de: the language-limited translator is refused. */
const TRANSLATE_DE: [string, string] = ['401  ok   403   ok   ok   ok    403    ok', '401  404  403   ok   ok   ok    404    ok'];
/** Web UI form POSTs: as TRANSLATE_CS / ADMIN_ONLY, but an anonymous form post is a 403 page (no 401 challenge for a browser). */
const UI_TRANSLATE_CS: [string, string] = ['403  ok   ok    ok   ok   ok    403    ok', '403  404  ok    ok   ok   ok    404    ok'];
const UI_ADMIN_ONLY: [string, string] = ['403  403  403   403  ok   ok    403    ok', '403  404  403   403  ok   ok    404    ok'];
/** machinery.view (Translate permissions) for the editor's matches; a JSON answer, so anonymous callers get the API's 401. */
const UI_MACHINERY: [string, string] = ['401  ok   ok    ok   ok   ok    403    ok', '404  404  ok    ok   ok   ok    404    ok'];
/** A scoped team of the row's project that rev is a member of: padm/token manage it (project.permissions). */
const SCOPED_TEAM_WRITE: [string, string] = ['401  404  404   403  ok   ok    404    ok', '401  404  404   403  ok   ok    404    ok'];
/** A site-wide team that rev is a member of: only group.edit may change it. */
const SITE_TEAM_WRITE = '401  404  404   403  404  404   404    ok';

// ---------------------------------------------------------------- the environment shared by all rows
interface Env {
  s: TestServer;
  tokens: Record<ActorName, string | null>;
  users: Record<ActorName, string>;
  pub: Ctx;
  priv: Ctx;
  foreign: Ctx;
  transTeam: { id: number; url: string };
  units: Map<string, number[]>; // `${slug}/${lang}` -> unit ids not handed out yet
  langs: Map<string, string[]>; // project slug -> language codes not used yet
  subscriptions: Map<string, number>;
  counter: number;
  roles: Record<string, { id: number; url: string }>;
}
let env: Env;
const uniq = (prefix: string) => `${prefix}${++env.counter}`;

async function ok(res: Response | Promise<Response>, what: string): Promise<any> {
  const r = await res;
  const text = await r.text();
  if (r.status >= 300) throw new Error(`setup ${what}: ${r.status} ${text}`);
  return text ? JSON.parse(text) : null;
}
const su = (path: string, init: RequestInit & { json?: unknown } = {}) => env.s.api(path, init);
async function allOf(path: string): Promise<any[]> {
  return (await ok(su(`${path}${path.includes('?') ? '&' : '?'}page_size=1000`), path)).results;
}

async function makeProject(access: number, opts: { review?: boolean; components?: boolean; members?: boolean } = {}): Promise<Ctx> {
  const slug = uniq(access === 0 ? 'pub' : 'priv');
  const project = await ok(su('/api/projects/', { method: 'POST', json: { name: slug.toUpperCase(), slug, web: 'https://example.com/', access_control: access, translation_review: !!opts.review } }), 'project');
  const teams: Ctx['teams'] = {};
  for (const g of await allOf('/api/groups/')) if (g.defining_project === project.url) teams[g.name] = { id: g.id, url: g.url };
  const tokenRes = await ok(su(`/api/projects/${slug}/tokens/`, { method: 'POST', json: { name: 'Matrix' } }), 'token');
  const ctx: Ctx = { slug, id: project.id, url: project.url, token: tokenRes.token, tokenUser: tokenRes.username, teams };
  if (opts.members !== false) {
    await ok(su(`/api/users/${env.users.padm}/groups/`, { method: 'POST', json: { group_id: teams.Administration.id } }), 'padm');
    if (teams.Review) await ok(su(`/api/users/${env.users.rev}/groups/`, { method: 'POST', json: { group_id: teams.Review.id } }), 'rev');
    await ok(su(`${env.transTeam.url}projects/`, { method: 'POST', json: { project_id: project.id } }), 'trans');
  }
  if (opts.components) {
    const app = await ok(
      su(`/api/projects/${slug}/components/`, {
        method: 'POST',
        body: multipart({ name: 'App', slug: 'app', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot' }, { zipfile: { name: 'app.zip', data: appZip() } }),
      }),
      'app',
    );
    // ZIP components need no background task: record a finished one of the project (not started by any actor).
    ctx.taskId = crypto.randomUUID();
    const now = new Date().toISOString();
    await env.s.container.database.db
      .insertInto('tasks')
      .values({ id: ctx.taskId, name: 'component-setup', status: 'done', progress: 100, result: null, log: '', payload: JSON.stringify({ componentId: app.id }), project_id: project.id, component_id: app.id, user_id: null, created: now, updated: now })
      .execute();
    await ok(su(`/api/components/${slug}/app/`, { method: 'PATCH', json: { manage_units: true } }), 'manage_units');
    await ok(
      su(`/api/projects/${slug}/components/`, {
        method: 'POST',
        body: multipart({ name: 'Mono', slug: 'mono', file_format: 'json', filemask: 'json/*.json', template: 'json/en.json' }, { zipfile: { name: 'mono.zip', data: monoZip() } }),
      }),
      'mono',
    );
    for (const lang of ['cs', 'de']) {
      const units = await allOf(`/api/translations/${slug}/app/${lang}/units/`);
      env.units.set(`${slug}/${lang}`, units.map((u) => u.id));
    }
    env.langs.set(slug, [...LANGS]);
  }
  return ctx;
}

// ---------------------------------------------------------------- throwaway objects (made as superuser)
const take = (p: Ctx, lang: string): number => {
  const id = env.units.get(`${p.slug}/${lang}`)!.shift();
  if (id === undefined) throw new Error(`out of ${lang} units in ${p.slug}`);
  return id;
};
const nextLang = (p: Ctx) => {
  const code = env.langs.get(p.slug)!.shift();
  if (!code) throw new Error('out of languages');
  return code;
};
const newTranslation = async (p: Ctx) => {
  const code = nextLang(p);
  await ok(su(`/api/components/${p.slug}/app/translations/`, { method: 'POST', json: { language_code: code } }), 'translation');
  return code;
};
const newSourceUnit = async (p: Ctx) =>
  (await ok(su(`/api/translations/${p.slug}/app/en/units/`, { method: 'POST', json: { source: [uniq('Throwaway ')], state: 0 } }), 'source unit')).id as number;
const newComponent = async (p: Ctx) => {
  const slug = uniq('tmp');
  const zip = buildZip([{ name: 'po/app.pot', data: po(null, 'nplurals=2; plural=(n != 1);') }, { name: 'po/cs.po', data: APP_CS }]);
  await ok(
    su(`/api/projects/${p.slug}/components/`, {
      method: 'POST',
      body: multipart({ name: slug.toUpperCase(), slug, file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot' }, { zipfile: { name: 'c.zip', data: zip } }),
    }),
    'component',
  );
  return slug;
};
/** A team scoped to the project, with rev as a member (so rev sees it and gets 403, not 404). */
const scopedTeam = async (p: Ctx) => {
  const g = await ok(su('/api/groups/', { method: 'POST', json: { name: uniq('Scoped '), defining_project: p.url } }), 'scoped team');
  await ok(su(`/api/users/${env.users.rev}/groups/`, { method: 'POST', json: { group_id: g.id } }), 'rev joins');
  return g as { id: number; url: string };
};
const siteTeam = async () => {
  const g = await ok(su('/api/groups/', { method: 'POST', json: { name: uniq('Site '), project_selection: 0, language_selection: 0 } }), 'site team');
  await ok(su(`/api/users/${env.users.rev}/groups/`, { method: 'POST', json: { group_id: g.id } }), 'rev joins');
  return g as { id: number; url: string };
};
/** A role attached to pub's Review team, so rev sees it (roles of own teams are visible). */
const reviewRole = async () => {
  const r = await ok(su('/api/roles/', { method: 'POST', json: { name: uniq('Role '), permissions: ['unit.edit'] } }), 'role');
  await ok(su(`${env.pub.teams.Review.url}roles/`, { method: 'POST', json: { role_id: r.id } }), 'role on team');
  return r as { id: number; url: string; name: string };
};
const newUser = async () => {
  const username = uniq('throwaway');
  await ok(su('/api/users/', { method: 'POST', json: { username, email: `${username}@example.com`, full_name: username } }), 'user');
  return username;
};
const nextSubscription = () => {
  const i = env.counter++;
  return { notification: NOTIFICATIONS[i % NOTIFICATIONS.length], scope: [0, 10, 20][Math.floor(i / NOTIFICATIONS.length) % 3], frequency: 1 };
};
const newSubscription = async (username: string) => (await ok(su(`/api/users/${username}/notifications/`, { method: 'POST', json: nextSubscription() }), 'subscription')).id as number;
const victimSubscription = async () => {
  if (!env.subscriptions.has('victim')) env.subscriptions.set('victim', await newSubscription('victim'));
  return env.subscriptions.get('victim')!;
};
const languageBody = (code: string) => ({ code, name: `Lang ${code}`, direction: 'ltr', plural: { number: 2, formula: 'n != 1' } });
const MACHINERY_SETTING = { engine: 'generic', configuration: { url: 'http://127.0.0.1:9/translate', key: 'matrix-secret' } };
/** Removes the generic engine's setting under `base` (a machinery list URL) and, with `create`, makes it anew; returns its URL. */
const machinerySetting = async (base: string, create = true) => {
  await su(`${base}generic/`, { method: 'DELETE' });
  if (create) await ok(su(base, { method: 'POST', json: MACHINERY_SETTING }), 'machinery setting');
  return `${base}generic/`;
};
/** A kept backup of the project (made once, as superuser). */
const projectBackup = async (p: Ctx): Promise<{ name: string; url: string }> => {
  let list = await ok(su(`/api/projects/${p.slug}/backups/`), 'backups');
  if (list.length === 0) {
    await ok(su(`/api/projects/${p.slug}/backups/`, { method: 'POST' }), 'backup');
    await env.s.container.tasks.idle();
    list = await ok(su(`/api/projects/${p.slug}/backups/`), 'backups');
  }
  return list[0];
};
/** One cs unit per project for suggestions and comments (they can pile up on one string); suggestion texts are unique. */
const discussionUnit = (p: Ctx) => {
  if (!idCache.has(`d:${p.slug}`)) idCache.set(`d:${p.slug}`, take(p, 'cs'));
  return idCache.get(`d:${p.slug}`)!;
};
/** One cs unit per project whose translation fails end_stop (set again before each use, in case another row changed it). */
const failingUnit = async (p: Ctx) => {
  if (!idCache.has(`f:${p.slug}`)) idCache.set(`f:${p.slug}`, take(p, 'cs'));
  const id = idCache.get(`f:${p.slug}`)!;
  await ok(su(`/api/units/${id}/`, { method: 'PATCH', json: { target: ['Přeloženo.'], state: 20 } }), 'failing translation');
  return id;
};
const newSuggestion = async (p: Ctx) =>
  (await ok(su(`/api/units/${discussionUnit(p)}/suggestions/`, { method: 'POST', json: { target: [uniq('Návrh ')] } }), 'suggestion')).id as number;
const newComment = async (p: Ctx) =>
  (await ok(su(`/api/units/${discussionUnit(p)}/comments/`, { method: 'POST', json: { comment: uniq('Comment ') } }), 'comment')).id as number;
const uploadForm = (lang: string) => multipart({ method: 'translate' }, { file: { name: `${lang}.po`, data: lang === 'cs' ? APP_CS : po('de', 'nplurals=2; plural=(n != 1);') } });
/** Labels: a throwaway one per cell, and one kept per project for reads. */
const newLabel = async (p: Ctx) => (await ok(su(`/api/projects/${p.slug}/labels/`, { method: 'POST', json: { name: uniq('Label '), color: 'navy' } }), 'label')).id as number;
const projectLabel = async (p: Ctx) => {
  if (!idCache.has(`l:${p.slug}`)) idCache.set(`l:${p.slug}`, await newLabel(p));
  return idCache.get(`l:${p.slug}`)!;
};
/** Screenshots: a 1×1 PNG uploaded to the project's English (source) translation. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const screenshotForm = (p: Ctx) =>
  multipart({ name: uniq('Shot '), project_slug: p.slug, component_slug: 'app', language_code: 'en' }, { image: { name: 'shot.png', data: PNG_1X1 } });
const imageForm = () => multipart({}, { image: { name: 'shot.png', data: PNG_1X1 } });
const newScreenshot = async (p: Ctx) => (await ok(su('/api/screenshots/', { method: 'POST', body: screenshotForm(p) }), 'screenshot')).id as number;
const projectScreenshot = async (p: Ctx) => {
  if (!idCache.has(`s:${p.slug}`)) idCache.set(`s:${p.slug}`, await newScreenshot(p));
  return idCache.get(`s:${p.slug}`)!;
};
const enUnit = async (p: Ctx) => {
  if (!idCache.has(`en:${p.slug}`)) idCache.set(`en:${p.slug}`, (await allOf(`/api/translations/${p.slug}/app/en/units/`))[0].id);
  return idCache.get(`en:${p.slug}`)!;
};
/** A throwaway screenshot showing the project's first English string. */
const linkedScreenshot = async (p: Ctx) => {
  const id = await newScreenshot(p);
  const unit = await enUnit(p);
  await ok(su(`/api/screenshots/${id}/units/`, { method: 'POST', json: { unit_id: unit } }), 'screenshot unit');
  return { id, unit };
};

/** Add-ons: automatic translation of nothing (it may be installed many times and changes no string). */
const ADDON_BODY = { name: 'weblate.autotranslate.autotranslate', configuration: { mode: 'suggest', q: 'source:"no such matrix string"' } };
const newAddon = async (p: Ctx) => (await ok(su(`/api/components/${p.slug}/app/addons/`, { method: 'POST', json: ADDON_BODY }), 'add-on')).id as number;
const projectAddon = async (p: Ctx) => {
  if (!idCache.has(`a:${p.slug}`)) idCache.set(`a:${p.slug}`, await newAddon(p));
  return idCache.get(`a:${p.slug}`)!;
};
/** Add-ons are visible only to who may manage them (component.edit): others get 404, anonymous writes 401. */
const ADDON_READ: [string, string] = ['404  404  404   404  ok   ok    404    ok', '404  404  404   404  ok   ok    404    ok'];
const ADDON_WRITE: [string, string] = ['401  404  404   404  ok   ok    404    ok', '401  404  404   404  ok   ok    404    ok'];

// ---------------------------------------------------------------- the matrix
/** Categories: a throwaway one per cell, and one kept per project for reads and edits. */
const newCategory = async (p: Ctx) => {
  const slug = uniq('cat');
  return (await ok(su('/api/categories/', { method: 'POST', json: { name: slug, slug, project: p.url } }), 'category')).id as number;
};
const projectCategory = async (p: Ctx) => {
  if (!idCache.has(`cat:${p.slug}`)) idCache.set(`cat:${p.slug}`, await newCategory(p));
  return idCache.get(`cat:${p.slug}`)!;
};
const P = (c: CellInput) => `/api/projects/${c.p.slug}/`;
/** Reports: credits of all time; one made by the superuser per project for reads. */
const REPORT_BODY = { kind: 'credits', start: '2000-01-01T00:00:00Z', end: '2100-01-01T00:00:00Z' };
const projectReport = async (p: Ctx) => {
  if (!idCache.has(`r:${p.slug}`)) idCache.set(`r:${p.slug}`, Number((await ok(su(`/api/projects/${p.slug}/reports/`, { method: 'POST', json: REPORT_BODY }), 'report')).url.match(/reports\/(\d+)\//)[1]));
  return `/api/reports/${idCache.get(`r:${p.slug}`)!}/`;
};
/** A report of the project: its creator (the superuser) and reports.view (Administration) read it; others get 404, anonymous 401. */
const REPORT_READ = '401  404  404   404  ok   ok    404    ok';
/** Signed-in callers who see the object; anonymous callers get 401 where they see it, 404 where they do not. */
const SIGNED_IN_VISIBLE: [string, string] = ['401  ok   ok    ok   ok   ok    ok     ok', '404  404  ok    ok   ok   ok    404    ok'];
/** Writes of signed-in callers who see the object; anonymous writes are 401 before any lookup. */
const SIGNED_IN_WRITE: [string, string] = ['401  ok   ok    ok   ok   ok    ok     ok', '401  404  ok    ok   ok   ok    404    ok'];
const C = (c: CellInput) => `/api/components/${c.p.slug}/app/`;
const T = (c: CellInput, lang = 'cs') => `/api/translations/${c.p.slug}/app/${lang}/`;

const ROWS: Row[] = [
  // ----- root, languages
  { m: 'GET', route: '/api/', exp: ALL, call: () => ({ path: '/api/' }) },
  // ----- API documentation: the OpenAPI document, the reference page and its static files are public
  { m: 'GET', route: '/api/schema/', exp: ALL, call: () => ({ path: '/api/schema/' }) },
  { m: 'GET', route: '/api/docs/', exp: ALL, call: () => ({ path: '/api/docs/' }) },
  { m: 'GET', route: '/api/docs/assets/:file', exp: ALL, call: () => ({ path: '/api/docs/assets/docs-init.js' }) },
  { m: 'GET', route: '/api/checks/', exp: ALL, call: () => ({ path: '/api/checks/' }) },
  { m: 'GET', route: '/api/languages/', exp: ALL, call: () => ({ path: '/api/languages/' }) },
  { m: 'POST', route: '/api/languages/', exp: GLOBAL, call: () => ({ path: '/api/languages/', json: languageBody(uniq('x-new')) }) },
  { m: 'GET', route: '/api/languages/:code/', exp: ALL, call: () => ({ path: '/api/languages/cs/' }) },
  { m: 'PUT', route: '/api/languages/:code/', exp: GLOBAL, call: async () => ({ path: '/api/languages/cs/', json: await csLanguage() }) },
  { m: 'PATCH', route: '/api/languages/:code/', exp: GLOBAL, call: async () => ({ path: '/api/languages/cs/', json: { name: (await csLanguage()).name } }) },
  // A throwaway language: with a translation (so that it is visible) for the refused callers; without
  // one for the superuser (Parla keeps languages that are in use: 400 "protected").
  {
    m: 'DELETE', route: '/api/languages/:code/', note: 'throwaway language', exp: GLOBAL,
    call: async (c) => {
      const code = uniq('x-del');
      await ok(su('/api/languages/', { method: 'POST', json: languageBody(code) }), 'language');
      if (c.actor !== 'super') await ok(su(`/api/components/${env.pub.slug}/app/translations/`, { method: 'POST', json: { language_code: code } }), 'language translation');
      return { path: `/api/languages/${code}/` };
    },
  },
  { m: 'GET', route: '/api/languages/:code/statistics/', exp: ALL, call: () => ({ path: '/api/languages/cs/statistics/' }) },

  // ----- users, their profiles and notifications
  { m: 'GET', route: '/api/users/', exp: ALL, call: () => ({ path: '/api/users/' }) },
  { m: 'POST', route: '/api/users/', exp: GLOBAL, call: () => { const u = uniq('made'); return { path: '/api/users/', json: { username: u, email: `${u}@example.com` } }; } },
  { m: 'GET', route: '/api/users/:username/', exp: '404  ok   ok    ok   ok   ok    ok     ok', call: () => ({ path: '/api/users/victim/' }) },
  { m: 'PUT', route: '/api/users/:username/', exp: GLOBAL, call: () => ({ path: '/api/users/victim/', json: { username: 'victim', full_name: 'Victim', email: 'victim@example.com' } }) },
  { m: 'PATCH', route: '/api/users/:username/', exp: GLOBAL, call: () => ({ path: '/api/users/victim/', json: { full_name: 'Victim' } }) },
  { m: 'PATCH', route: '/api/users/:username/', note: 'self', exp: '401  ok   ok    ok   ok   -     -      ok', call: (c) => ({ path: `/api/users/${c.self}/`, json: { full_name: `Self ${c.self}` } }) },
  { m: 'DELETE', route: '/api/users/:username/', note: 'throwaway user', exp: GLOBAL, call: async () => ({ path: `/api/users/${await newUser()}/` }) },
  { m: 'POST', route: '/api/users/:username/groups/', exp: GLOBAL, call: async () => ({ path: '/api/users/victim/groups/', json: { group_id: await groupId('Reviewers') } }) },
  {
    m: 'DELETE', route: '/api/users/:username/groups/', exp: GLOBAL,
    call: async () => {
      const user = await newUser();
      const gid = await groupId('Reviewers');
      await ok(su(`/api/users/${user}/groups/`, { method: 'POST', json: { group_id: gid } }), 'join');
      return { path: `/api/users/${user}/groups/`, json: { group_id: gid } };
    },
  },
  { m: 'GET', route: '/api/users/:username/contributions/', exp: '404  ok   ok    ok   ok   ok    ok     ok', call: () => ({ path: '/api/users/victim/contributions/' }) },
  // Parla's own audit log of an account: the user themself or a user manager.
  { m: 'GET', route: '/api/users/:username/audit/', note: 'self', exp: '404  ok   ok    ok   ok   ok    ok     ok', call: (c) => ({ path: `/api/users/${c.self}/audit/` }) },
  { m: 'GET', route: '/api/users/:username/audit/', note: 'other user', exp: '404  403  403   403  403  403   403    ok', call: () => ({ path: '/api/users/victim/audit/' }) },
  { m: 'GET', route: '/api/users/:username/statistics/', exp: '404  ok   ok    ok   ok   ok    ok     ok', call: () => ({ path: '/api/users/victim/statistics/' }) },
  // Parla's own: a user's API token, for themselves or a user manager.
  { m: 'GET', route: '/api/users/:username/token/', exp: '404  403  403   403  403  403   403    ok', call: () => ({ path: '/api/users/victim/token/' }) },
  { m: 'POST', route: '/api/users/:username/token/', exp: GLOBAL, call: () => ({ path: '/api/users/victim/token/' }) },
  { m: 'GET', route: '/api/users/:username/notifications/', note: 'self', exp: '404  ok   ok    ok   ok   ok    ok     ok', call: (c) => ({ path: `/api/users/${c.self}/notifications/` }) },
  { m: 'GET', route: '/api/users/:username/notifications/', note: 'other user', exp: '404  403  403   403  403  403   403    ok', call: () => ({ path: '/api/users/victim/notifications/' }) },
  { m: 'POST', route: '/api/users/:username/notifications/', note: 'self', exp: '401  ok   ok    ok   ok   ok    ok     ok', call: (c) => ({ path: `/api/users/${c.self}/notifications/`, json: nextSubscription() }) },
  { m: 'POST', route: '/api/users/:username/notifications/', note: 'other user', exp: GLOBAL, call: () => ({ path: '/api/users/victim/notifications/', json: nextSubscription() }) },
  { m: 'GET', route: '/api/users/:username/notifications/:subscription_id/', note: 'other user', exp: '404  403  403   403  403  403   403    ok', call: async () => ({ path: `/api/users/victim/notifications/${await victimSubscription()}/` }) },
  {
    m: 'PATCH', route: '/api/users/:username/notifications/:subscription_id/', note: 'self', exp: '401  ok   ok    ok   ok   ok    ok     ok',
    call: async (c) => ({ path: `/api/users/${c.self}/notifications/${await newSubscription(c.self)}/`, json: { frequency: 2 } }),
  },
  { m: 'PATCH', route: '/api/users/:username/notifications/:subscription_id/', note: 'other user', exp: GLOBAL, call: async () => ({ path: `/api/users/victim/notifications/${await victimSubscription()}/`, json: { frequency: 1 } }) },
  {
    m: 'PUT', route: '/api/users/:username/notifications/:subscription_id/', note: 'other user', exp: GLOBAL,
    call: async () => {
      const id = await victimSubscription();
      const current = await ok(su(`/api/users/victim/notifications/${id}/`), 'subscription');
      return { path: `/api/users/victim/notifications/${id}/`, json: { notification: current.notification, scope: current.scope, frequency: 1 } };
    },
  },
  { m: 'DELETE', route: '/api/users/:username/notifications/:subscription_id/', note: 'other user, throwaway', exp: GLOBAL, call: async () => ({ path: `/api/users/victim/notifications/${await newSubscription('victim')}/` }) },

  // ----- groups: site-wide writes need group.edit; teams scoped to a project also project.permissions there
  { m: 'GET', route: '/api/groups/', exp: ALL, call: () => ({ path: '/api/groups/' }) },
  { m: 'POST', route: '/api/groups/', note: 'site-wide team', exp: GLOBAL, call: () => ({ path: '/api/groups/', json: { name: uniq('New site '), project_selection: 0 } }) },
  {
    m: 'POST', route: '/api/groups/', note: 'team scoped to the project (defining_project)',
    // An invisible project in the body is a validation error or a denial, never a success.
    exp: ['401  403  403   403  ok   ok    403    ok', '401  400|403|404 403 403 ok ok 400|403|404 ok'],
    call: (c) => ({ path: '/api/groups/', json: { name: uniq('New scoped '), defining_project: c.p.url } }),
  },
  {
    m: 'GET', route: '/api/groups/:id/', note: "project's Review team",
    exp: ['404  404  404   ok   ok   ok    404    ok', '404  404  404   ok   ok   ok    404    ok'],
    call: (c) => ({ path: `${c.p.teams.Review.url.replace(/^https?:\/\/[^/]+/, '')}` }),
  },
  { m: 'PUT', route: '/api/groups/:id/', note: 'throwaway scoped team', exp: SCOPED_TEAM_WRITE, call: async (c) => { const g = await scopedTeam(c.p); return { path: rel(g.url), json: { name: uniq('Renamed ') } }; } },
  { m: 'PATCH', route: '/api/groups/:id/', note: 'throwaway scoped team', exp: SCOPED_TEAM_WRITE, call: async (c) => { const g = await scopedTeam(c.p); return { path: rel(g.url), json: { name: uniq('Renamed ') } }; } },
  { m: 'DELETE', route: '/api/groups/:id/', note: 'throwaway scoped team', exp: SCOPED_TEAM_WRITE, call: async (c) => ({ path: rel((await scopedTeam(c.p)).url) }) },
  { m: 'PATCH', route: '/api/groups/:id/', note: 'throwaway site-wide team', exp: SITE_TEAM_WRITE, call: async () => ({ path: rel((await siteTeam()).url), json: { name: uniq('Renamed ') } }) },
  {
    m: 'POST', route: '/api/groups/:id/roles/', note: 'scoped team', exp: SCOPED_TEAM_WRITE,
    call: async (c) => ({ path: `${rel((await scopedTeam(c.p)).url)}roles/`, json: { role_id: env.roles.Translate.id } }),
  },
  {
    m: 'DELETE', route: '/api/groups/:id/roles/:sub/', note: 'scoped team', exp: SCOPED_TEAM_WRITE,
    call: async (c) => {
      const g = await scopedTeam(c.p);
      await ok(su(`${g.url}roles/`, { method: 'POST', json: { role_id: env.roles.Translate.id } }), 'role');
      return { path: `${rel(g.url)}roles/${env.roles.Translate.id}/` };
    },
  },
  { m: 'POST', route: '/api/groups/:id/languages/', note: 'scoped team', exp: SCOPED_TEAM_WRITE, call: async (c) => ({ path: `${rel((await scopedTeam(c.p)).url)}languages/`, json: { language_code: 'cs' } }) },
  {
    m: 'DELETE', route: '/api/groups/:id/languages/:sub/', note: 'scoped team', exp: SCOPED_TEAM_WRITE,
    call: async (c) => {
      const g = await scopedTeam(c.p);
      await ok(su(`${g.url}languages/`, { method: 'POST', json: { language_code: 'cs' } }), 'language');
      return { path: `${rel(g.url)}languages/cs/` };
    },
  },
  {
    m: 'POST', route: '/api/groups/:id/components/', note: 'scoped team', exp: SCOPED_TEAM_WRITE,
    call: async (c) => ({ path: `${rel((await scopedTeam(c.p)).url)}components/`, json: { component_id: await componentId(c.p) } }),
  },
  {
    m: 'DELETE', route: '/api/groups/:id/components/:sub/', note: 'scoped team', exp: SCOPED_TEAM_WRITE,
    call: async (c) => {
      const g = await scopedTeam(c.p);
      const cid = await componentId(c.p);
      await ok(su(`${g.url}components/`, { method: 'POST', json: { component_id: cid } }), 'component');
      return { path: `${rel(g.url)}components/${cid}/` };
    },
  },
  { m: 'POST', route: '/api/groups/:id/invite/', note: 'scoped team', exp: SCOPED_TEAM_WRITE, call: async (c) => ({ path: `${rel((await scopedTeam(c.p)).url)}invite/`, json: { email: `${uniq('invitee')}@example.com` } }) },
  { m: 'POST', route: '/api/groups/:id/admins/', note: 'scoped team', exp: SCOPED_TEAM_WRITE, call: async (c) => ({ path: `${rel((await scopedTeam(c.p)).url)}admins/`, json: { user_id: await userId('victim') } }) },
  {
    m: 'DELETE', route: '/api/groups/:id/admins/:sub/', note: 'scoped team', exp: SCOPED_TEAM_WRITE,
    call: async (c) => {
      const g = await scopedTeam(c.p);
      const uid = await userId('victim');
      await ok(su(`${g.url}admins/`, { method: 'POST', json: { user_id: uid } }), 'admin');
      return { path: `${rel(g.url)}admins/${uid}/` };
    },
  },
  // Projects of a scoped team cannot change (400 even for the superuser): these two use site-wide teams.
  { m: 'POST', route: '/api/groups/:id/projects/', note: 'site-wide team', exp: SITE_TEAM_WRITE, call: async () => ({ path: `${rel((await siteTeam()).url)}projects/`, json: { project_id: env.pub.id } }) },
  {
    m: 'DELETE', route: '/api/groups/:id/projects/:sub/', note: 'site-wide team', exp: SITE_TEAM_WRITE,
    call: async () => {
      const g = await siteTeam();
      await ok(su(`${g.url}projects/`, { method: 'POST', json: { project_id: env.pub.id } }), 'project');
      return { path: `${rel(g.url)}projects/${env.pub.id}/` };
    },
  },
  // No component lists exist yet: the permitted caller gets the validation error / "not attached" 404.
  { m: 'POST', route: '/api/groups/:id/componentlists/', note: 'site-wide team, unknown list', exp: '401  404  404   403  404  404   404    400', call: async () => ({ path: `${rel((await siteTeam()).url)}componentlists/`, json: { component_list_id: 999999 } }) },
  { m: 'DELETE', route: '/api/groups/:id/componentlists/:sub/', note: 'site-wide team, nothing attached', exp: '401  404  404   403  404  404   404    404', call: async () => ({ path: `${rel((await siteTeam()).url)}componentlists/1/` }) },

  // ----- roles
  { m: 'GET', route: '/api/roles/', exp: ALL, call: () => ({ path: '/api/roles/' }) },
  { m: 'POST', route: '/api/roles/', exp: GLOBAL, call: () => ({ path: '/api/roles/', json: { name: uniq('Made role '), permissions: ['unit.edit'] } }) },
  { m: 'GET', route: '/api/roles/:id/', note: 'Administration role', exp: '404  404  404   404  ok   ok    ok     ok', call: () => ({ path: rel(env.roles.Administration.url) }) },
  // A role on pub's Review team: rev sees it (403), and so do project administrators, who see every
  // role to compose their teams (Parla's addition to the reference: padm, token and ftoken administer some
  // project); everyone else but the superuser gets 404.
  { m: 'PUT', route: '/api/roles/:id/', note: 'throwaway role', exp: GLOBAL, call: async () => { const r = await reviewRole(); return { path: rel(r.url), json: { name: r.name, permissions: ['unit.edit'] } }; } },
  { m: 'PATCH', route: '/api/roles/:id/', note: 'throwaway role', exp: GLOBAL, call: async () => { const r = await reviewRole(); return { path: rel(r.url), json: { name: r.name } }; } },
  { m: 'DELETE', route: '/api/roles/:id/', note: 'throwaway role', exp: GLOBAL, call: async () => ({ path: rel((await reviewRole()).url) }) },

  // ----- projects, their tokens, repository and downloads
  { m: 'GET', route: '/api/projects/', exp: ALL, call: () => ({ path: '/api/projects/' }) },
  { m: 'POST', route: '/api/projects/', exp: GLOBAL, call: () => { const slug = uniq('made'); return { path: '/api/projects/', json: { name: slug, slug, web: 'https://example.com/' } }; } },
  { m: 'GET', route: '/api/projects/:project/', exp: VISIBLE, call: (c) => ({ path: P(c) }) },
  { m: 'PUT', route: '/api/projects/:project/', exp: ADMIN_ONLY, call: (c) => ({ path: P(c), json: { name: c.p.slug.toUpperCase(), slug: c.p.slug, web: 'https://example.com/' } }) },
  { m: 'PATCH', route: '/api/projects/:project/', exp: ADMIN_ONLY, call: (c) => ({ path: P(c), json: { web: 'https://example.com/' } }) },
  {
    m: 'DELETE', route: '/api/projects/:project/', note: 'throwaway project with the same teams', exp: ADMIN_ONLY,
    call: async (c) => { const ctx = await makeProject(c.key === 'pub' ? 0 : 100, { review: c.key === 'pub' }); return { path: `/api/projects/${ctx.slug}/`, ctx }; },
  },
  { m: 'GET', route: '/api/projects/:project/components/', exp: VISIBLE, call: (c) => ({ path: `${P(c)}components/` }) },
  {
    m: 'POST', route: '/api/projects/:project/components/', exp: ADMIN_ONLY,
    call: (c) => {
      const slug = uniq('made');
      return { path: `${P(c)}components/`, form: multipart({ name: slug, slug, file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot' }, { zipfile: { name: 'a.zip', data: appZip() } }) };
    },
  },
  { m: 'GET', route: '/api/projects/:project/statistics/', exp: VISIBLE, call: (c) => ({ path: `${P(c)}statistics/` }) },
  { m: 'GET', route: '/api/projects/:project/languages/', exp: VISIBLE, call: (c) => ({ path: `${P(c)}languages/` }) },
  { m: 'GET', route: '/api/projects/:project/languages/:code/file/', exp: DOWNLOAD, call: (c) => ({ path: `${P(c)}languages/cs/file/` }) },
  { m: 'GET', route: '/api/projects/:project/file/', exp: DOWNLOAD, call: (c) => ({ path: `${P(c)}file/` }) },
  { m: 'GET', route: '/api/projects/:project/repository/', exp: REPO_STATUS, call: (c) => ({ path: `${P(c)}repository/` }) },
  { m: 'POST', route: '/api/projects/:project/repository/', note: 'commit (vcs.commit)', exp: ADMIN_ONLY, call: (c) => ({ path: `${P(c)}repository/`, json: { operation: 'commit' } }) },
  // Parla's own project-token endpoints: project admins only.
  { m: 'GET', route: '/api/projects/:project/tokens/', exp: ['401  403  403   403  ok   ok    403    ok', '404  404  403   403  ok   ok    404    ok'], call: (c) => ({ path: `${P(c)}tokens/` }) },
  { m: 'POST', route: '/api/projects/:project/tokens/', exp: ADMIN_ONLY, call: (c) => ({ path: `${P(c)}tokens/`, json: { name: uniq('Token ') } }) },
  {
    m: 'DELETE', route: '/api/projects/:project/tokens/:id/', note: 'throwaway token', exp: ADMIN_ONLY,
    call: async (c) => ({ path: `${P(c)}tokens/${(await ok(su(`${P(c)}tokens/`, { method: 'POST', json: { name: uniq('Doomed ') } }), 'token')).id}/` }),
  },
  // Parla's own machine translation settings: project.edit per project, machinery.edit site-wide.
  { m: 'GET', route: '/api/projects/:project/machinery/', exp: ['401  403  403   403  ok   ok    403    ok', '404  404  403   403  ok   ok    404    ok'], call: (c) => ({ path: `${P(c)}machinery/` }) },
  { m: 'POST', route: '/api/projects/:project/machinery/', note: 'after removing the setting', exp: ADMIN_ONLY, call: async (c) => ({ path: (await machinerySetting(`${P(c)}machinery/`, false), `${P(c)}machinery/`), json: MACHINERY_SETTING }) },
  { m: 'GET', route: '/api/projects/:project/machinery/:engine/', exp: ['401  403  403   403  ok   ok    403    ok', '404  404  403   403  ok   ok    404    ok'], call: async (c) => ({ path: await machinerySetting(`${P(c)}machinery/`) }) },
  { m: 'PATCH', route: '/api/projects/:project/machinery/:engine/', exp: ADMIN_ONLY, call: async (c) => ({ path: await machinerySetting(`${P(c)}machinery/`), json: { configuration: { timeout: 5 } } }) },
  { m: 'DELETE', route: '/api/projects/:project/machinery/:engine/', note: 'throwaway setting', exp: ADMIN_ONLY, call: async (c) => ({ path: await machinerySetting(`${P(c)}machinery/`) }) },
  { m: 'GET', route: '/api/machinery/', exp: GLOBAL, call: () => ({ path: '/api/machinery/' }) },
  { m: 'POST', route: '/api/machinery/', note: 'after removing the setting', exp: GLOBAL, call: async () => ({ path: (await machinerySetting('/api/machinery/', false), '/api/machinery/'), json: MACHINERY_SETTING }) },
  { m: 'GET', route: '/api/machinery/:engine/', exp: GLOBAL, call: async () => ({ path: await machinerySetting('/api/machinery/') }) },
  { m: 'PATCH', route: '/api/machinery/:engine/', exp: GLOBAL, call: async () => ({ path: await machinerySetting('/api/machinery/'), json: { configuration: { timeout: 5 } } }) },
  { m: 'DELETE', route: '/api/machinery/:engine/', note: 'throwaway setting', exp: GLOBAL, call: async () => ({ path: await machinerySetting('/api/machinery/') }) },
  // The same project settings as the reference shapes them (project.edit).
  { m: 'GET', route: '/api/projects/:project/machinery_settings/', exp: ['401  403  403   403  ok   ok    403    ok', '404  404  403   403  ok   ok    404    ok'], call: (c) => ({ path: `${P(c)}machinery_settings/` }) },
  {
    m: 'POST',
    route: '/api/projects/:project/machinery_settings/',
    note: 'after removing the service',
    exp: ADMIN_ONLY,
    call: async (c) => {
      await su(`${P(c)}machinery_settings/`, { method: 'PATCH', json: { service: 'generic', configuration: {} } });
      return { path: `${P(c)}machinery_settings/`, json: { service: 'generic', configuration: MACHINERY_SETTING.configuration } };
    },
  },
  { m: 'PATCH', route: '/api/projects/:project/machinery_settings/', exp: ADMIN_ONLY, call: (c) => ({ path: `${P(c)}machinery_settings/`, json: { service: 'generic', configuration: MACHINERY_SETTING.configuration } }) },
  { m: 'PUT', route: '/api/projects/:project/machinery_settings/', exp: ADMIN_ONLY, call: (c) => ({ path: `${P(c)}machinery_settings/`, json: { generic: MACHINERY_SETTING.configuration } }) },
  // Project backups: project.edit to list, create and download; project.add to restore one as a new project.
  { m: 'GET', route: '/api/projects/:project/backups/', exp: ['401  403  403   403  ok   ok    403    ok', '404  404  403   403  ok   ok    404    ok'], call: (c) => ({ path: `${P(c)}backups/` }) },
  { m: 'POST', route: '/api/projects/:project/backups/', note: 'queued (202)', exp: ADMIN_ONLY, call: (c) => ({ path: `${P(c)}backups/` }) },
  { m: 'GET', route: '/api/projects/:project/backups/:name/', exp: ['401  403  403   403  ok   ok    403    ok', '404  404  403   403  ok   ok    404    ok'], call: async (c) => ({ path: rel((await projectBackup(c.p)).url) }) },
  {
    m: 'POST',
    route: '/api/projects/restore/',
    note: 'a new project from the public project\'s backup',
    exp: GLOBAL,
    call: async () => {
      const backup = await projectBackup(env.pub);
      const zip = Buffer.from(await (await su(rel(backup.url))).arrayBuffer());
      const slug = uniq('restored');
      return { path: '/api/projects/restore/', form: multipart({ name: slug, slug }, { zipfile: { name: 'backup.zip', data: zip } }) };
    },
  },

  // ----- components
  { m: 'GET', route: '/api/components/', exp: ALL, call: () => ({ path: '/api/components/' }) },
  { m: 'GET', route: '/api/components/:project/:component/', exp: VISIBLE, call: (c) => ({ path: C(c) }) },
  { m: 'PUT', route: '/api/components/:project/:component/', exp: ADMIN_ONLY, call: async (c) => ({ path: C(c), json: await componentPut(c.p) }) },
  { m: 'PATCH', route: '/api/components/:project/:component/', exp: ADMIN_ONLY, call: (c) => ({ path: C(c), json: { manage_units: true } }) },
  { m: 'DELETE', route: '/api/components/:project/:component/', note: 'throwaway component', exp: ADMIN_ONLY, call: async (c) => ({ path: `/api/components/${c.p.slug}/${await newComponent(c.p)}/` }) },
  { m: 'GET', route: '/api/components/:project/:component/translations/', exp: VISIBLE, call: (c) => ({ path: `${C(c)}translations/` }) },
  // translation.add: Power user (Users on public projects), Manage languages, Administration.
  {
    m: 'POST', route: '/api/components/:project/:component/translations/',
    exp: ['401  ok   403   403  ok   ok    403    ok', '401  404  403   403  ok   ok    404    ok'],
    call: (c) => ({ path: `${C(c)}translations/`, json: { language_code: nextLang(c.p) } }),
  },
  { m: 'GET', route: '/api/components/:project/:component/statistics/', exp: VISIBLE, call: (c) => ({ path: `${C(c)}statistics/` }) },
  { m: 'GET', route: '/api/components/:project/:component/links/', exp: VISIBLE, call: (c) => ({ path: `${C(c)}links/` }) },
  // component.edit here + project.edit on the target (a throwaway public project padm administers, the token does not).
  {
    m: 'POST', route: '/api/components/:project/:component/links/', note: 'link into a throwaway public project',
    exp: ['401  403  403   403  ok   403   403    ok', '401  404  403   403  ok   403   404    ok'],
    call: async (c) => ({ path: `${C(c)}links/`, json: { project_slug: (await makeProject(0)).slug } }),
  },
  {
    m: 'DELETE', route: '/api/components/:project/:component/links/:linked/', note: 'throwaway link', exp: ADMIN_ONLY,
    call: async (c) => {
      const target = await makeProject(0);
      await ok(su(`${C(c)}links/`, { method: 'POST', json: { project_slug: target.slug } }), 'link');
      return { path: `${C(c)}links/${target.slug}/` };
    },
  },
  { m: 'GET', route: '/api/components/:project/:component/lock/', exp: VISIBLE, call: (c) => ({ path: `${C(c)}lock/` }) },
  { m: 'POST', route: '/api/components/:project/:component/lock/', note: 'lock: false (component.lock)', exp: ADMIN_ONLY, call: (c) => ({ path: `${C(c)}lock/`, json: { lock: false } }) },
  { m: 'GET', route: '/api/components/:project/:component/file/', exp: DOWNLOAD, call: (c) => ({ path: `${C(c)}file/` }) },
  { m: 'GET', route: '/api/components/:project/:component/monolingual_base/', note: 'JSON component with template', exp: DOWNLOAD, call: (c) => ({ path: `/api/components/${c.p.slug}/mono/monolingual_base/` }) },
  { m: 'GET', route: '/api/components/:project/:component/new_template/', exp: DOWNLOAD, call: (c) => ({ path: `${C(c)}new_template/` }) },
  { m: 'GET', route: '/api/components/:project/:component/repository/', exp: REPO_STATUS, call: (c) => ({ path: `${C(c)}repository/` }) },
  { m: 'POST', route: '/api/components/:project/:component/repository/', note: 'commit', exp: ADMIN_ONLY, call: (c) => ({ path: `${C(c)}repository/`, json: { operation: 'commit' } }) },

  // ----- translations, uploads and new strings
  { m: 'GET', route: '/api/translations/', exp: ALL, call: () => ({ path: '/api/translations/' }) },
  { m: 'GET', route: '/api/translations/:project/:component/:language/', exp: VISIBLE, call: (c) => ({ path: T(c) }) },
  // translation.delete: Manage languages, Administration.
  { m: 'DELETE', route: '/api/translations/:project/:component/:language/', note: 'throwaway translation', exp: ADMIN_ONLY, call: async (c) => ({ path: T(c, await newTranslation(c.p)) }) },
  { m: 'GET', route: '/api/translations/:project/:component/:language/units/', exp: VISIBLE, call: (c) => ({ path: `${T(c)}units/` }) },
  // unit.add (Administration) on the bilingual source language.
  { m: 'POST', route: '/api/translations/:project/:component/:language/units/', note: 'source string into en', exp: ADMIN_ONLY, call: (c) => ({ path: `${T(c, 'en')}units/`, json: { source: [uniq('Added ')], state: 0 } }) },
  { m: 'GET', route: '/api/translations/:project/:component/:language/statistics/', exp: VISIBLE, call: (c) => ({ path: `${T(c)}statistics/` }) },
  // translation.auto: Automatic translation, Administration.
  { m: 'POST', route: '/api/translations/:project/:component/:language/autotranslate/', exp: ADMIN_ONLY, call: (c) => ({ path: `${T(c)}autotranslate/`, json: { mode: 'translate', auto_source: 'others' } }) },
  { m: 'GET', route: '/api/translations/:project/:component/:language/file/', note: 'cs', exp: DOWNLOAD, call: (c) => ({ path: `${T(c)}file/` }) },
  {
    m: 'GET', route: '/api/translations/:project/:component/:language/file/', note: 'de',
    exp: ['ok   ok   403   ok   ok   ok    403    ok', '404  404  403   ok   ok   ok    404    ok'],
    call: (c) => ({ path: `${T(c, 'de')}file/` }),
  },
  { m: 'GET', route: '/api/translations/:project/:component/:language/file.:ext', exp: DOWNLOAD, call: (c) => ({ path: `${T(c).replace(/\/$/, '')}/file.po` }) },
  { m: 'POST', route: '/api/translations/:project/:component/:language/file/', note: 'cs upload', exp: TRANSLATE_CS, call: (c) => ({ path: `${T(c)}file/`, form: uploadForm('cs') }) },
  { m: 'PUT', route: '/api/translations/:project/:component/:language/file/', note: 'cs upload', exp: TRANSLATE_CS, call: (c) => ({ path: `${T(c)}file/`, form: uploadForm('cs') }) },
  { m: 'POST', route: '/api/translations/:project/:component/:language/file/', note: 'de upload', exp: TRANSLATE_DE, call: (c) => ({ path: `${T(c, 'de')}file/`, form: uploadForm('de') }) },
  { m: 'GET', route: '/api/translations/:project/:component/:language/repository/', exp: REPO_STATUS, call: (c) => ({ path: `${T(c)}repository/` }) },
  { m: 'POST', route: '/api/translations/:project/:component/:language/repository/', note: 'commit', exp: ADMIN_ONLY, call: (c) => ({ path: `${T(c)}repository/`, json: { operation: 'commit' } }) },

  // ----- units
  { m: 'GET', route: '/api/units/', exp: ALL, call: () => ({ path: '/api/units/' }) },
  { m: 'GET', route: '/api/units/:id/', exp: VISIBLE, call: (c) => ({ path: `/api/units/${take(c.p, 'cs')}/` }) },
  { m: 'PATCH', route: '/api/units/:id/', note: 'cs, state 20', exp: TRANSLATE_CS, call: (c) => ({ path: `/api/units/${take(c.p, 'cs')}/`, json: { target: ['Přeloženo'], state: 20 } }) },
  { m: 'PATCH', route: '/api/units/:id/', note: 'de, state 20', exp: TRANSLATE_DE, call: (c) => ({ path: `/api/units/${take(c.p, 'de')}/`, json: { target: ['Übersetzt'], state: 20 } }) },
  // Approving needs unit.review and a review workflow: 400 on attr state otherwise (after the 403 for no unit.edit).
  {
    m: 'PATCH', route: '/api/units/:id/', note: 'cs, state 30 (approve)',
    exp: ['401  400  400   ok   ok   ok    403    ok', '401  404  400   400  400  400   404    400'],
    call: (c) => ({ path: `/api/units/${take(c.p, 'cs')}/`, json: { target: ['Schváleno'], state: 30 } }),
  },
  // PUT makes `labels` required, a source-only property: 403 on a translation unit even for the superuser.
  {
    m: 'PUT', route: '/api/units/:id/', note: 'cs unit',
    exp: ['401  403  403   403  403  403   403    403', '401  404  403   403  403  403   404    403'],
    call: (c) => ({ path: `/api/units/${take(c.p, 'cs')}/`, json: { target: ['Přeloženo'], state: 20, labels: [] } }),
  },
  // unit.delete (Administration) on a source string of a component that manages strings.
  { m: 'DELETE', route: '/api/units/:id/', note: 'throwaway source string', exp: ADMIN_ONLY, call: async (c) => ({ path: `/api/units/${await newSourceUnit(c.p)}/` }) },
  {
    m: 'DELETE', route: '/api/units/:id/', note: 'translation unit (403 even for the superuser)',
    exp: ['401  403  403   403  403  403   403    403', '401  404  403   403  403  403   404    403'],
    call: (c) => ({ path: `/api/units/${take(c.p, 'cs')}/` }),
  },

  // ----- component lists: readable by all while a member is visible (a list of the row's project
  // component is hidden with it); writes need the global componentlist.edit (superuser here). Throwaway lists hold pub's app.
  { m: 'GET', route: '/api/component-lists/', exp: ALL, call: () => ({ path: '/api/component-lists/' }) },
  { m: 'POST', route: '/api/component-lists/', exp: GLOBAL, call: () => { const slug = uniq('cl'); return { path: '/api/component-lists/', json: { name: slug, slug } }; } },
  { m: 'GET', route: '/api/component-lists/:slug/', note: "list of the row's project", exp: VISIBLE, call: async (c) => ({ path: `/api/component-lists/${await throwawayList(c.p)}/` }) },
  { m: 'PUT', route: '/api/component-lists/:slug/', exp: GLOBAL, call: async () => { const slug = await throwawayList(env.pub); return { path: `/api/component-lists/${slug}/`, json: { name: 'Renamed', slug } }; } },
  { m: 'PATCH', route: '/api/component-lists/:slug/', exp: GLOBAL, call: async () => ({ path: `/api/component-lists/${await throwawayList(env.pub)}/`, json: { show_dashboard: false } }) },
  { m: 'DELETE', route: '/api/component-lists/:slug/', exp: GLOBAL, call: async () => ({ path: `/api/component-lists/${await throwawayList(env.pub)}/` }) },
  { m: 'GET', route: '/api/component-lists/:slug/components/', note: "list of the row's project", exp: VISIBLE, call: async (c) => ({ path: `/api/component-lists/${await throwawayList(c.p)}/components/` }) },
  { m: 'POST', route: '/api/component-lists/:slug/components/', exp: GLOBAL, call: async () => ({ path: `/api/component-lists/${await throwawayList(env.pub)}/components/`, json: { component_id: await componentId(env.pub) } }) },
  { m: 'DELETE', route: '/api/component-lists/:slug/components/:component_slug/', exp: GLOBAL, call: async () => ({ path: `/api/component-lists/${await throwawayList(env.pub)}/components/app/` }) },
  { m: 'DELETE', route: '/api/component-lists/:slug/components/:component_slug', note: 'spec spelling, no slash', exp: GLOBAL, call: async () => ({ path: `/api/component-lists/${await throwawayList(env.pub)}/components/app` }) },

  // ----- Parla's glossary lookup: whoever sees the unit
  { m: 'GET', route: '/api/units/:id/glossary/', exp: VISIBLE, call: (c) => ({ path: `/api/units/${take(c.p, 'cs')}/glossary/` }) },

  // ----- Parla's suggestion and comment endpoints: writes need an account; TRANSLATE grants
  // suggestion.add/accept/vote and comment.add, suggestion.delete is Power user and up (or the author),
  // comment.resolve Review strings and up, comment.delete Administration (or the author).
  { m: 'GET', route: '/api/units/:id/suggestions/', exp: VISIBLE, call: (c) => ({ path: `/api/units/${discussionUnit(c.p)}/suggestions/` }) },
  { m: 'POST', route: '/api/units/:id/suggestions/', exp: TRANSLATE_CS, call: (c) => ({ path: `/api/units/${discussionUnit(c.p)}/suggestions/`, json: { target: [uniq('Návrh ')] } }) },
  { m: 'GET', route: '/api/suggestions/:id/', exp: VISIBLE, call: async (c) => ({ path: `/api/suggestions/${await newSuggestion(c.p)}/` }) },
  {
    m: 'DELETE', route: '/api/suggestions/:id/', note: "the superuser's suggestion",
    exp: ['401  ok   403   403  ok   ok    403    ok', '401  404  403   403  ok   ok    404    ok'],
    call: async (c) => ({ path: `/api/suggestions/${await newSuggestion(c.p)}/` }),
  },
  { m: 'POST', route: '/api/suggestions/:id/accept/', exp: TRANSLATE_CS, call: async (c) => ({ path: `/api/suggestions/${await newSuggestion(c.p)}/accept/` }) },
  {
    m: 'POST', route: '/api/suggestions/:id/vote/', note: 'voting turned on', exp: TRANSLATE_CS,
    call: async (c) => {
      await env.s.container.database.db.updateTable('components').set({ suggestion_voting: 1 }).where('project_id', '=', c.p.id).where('slug', '=', 'app').execute();
      return { path: `/api/suggestions/${await newSuggestion(c.p)}/vote/`, json: { value: 1 } };
    },
  },
  { m: 'GET', route: '/api/units/:id/comments/', exp: VISIBLE, call: (c) => ({ path: `/api/units/${discussionUnit(c.p)}/comments/` }) },
  { m: 'POST', route: '/api/units/:id/comments/', exp: TRANSLATE_CS, call: (c) => ({ path: `/api/units/${discussionUnit(c.p)}/comments/`, json: { comment: 'Matrix comment' } }) },
  { m: 'GET', route: '/api/comments/:id/', exp: VISIBLE, call: async (c) => ({ path: `/api/comments/${await newComment(c.p)}/` }) },
  { m: 'DELETE', route: '/api/comments/:id/', note: "the superuser's comment", exp: ADMIN_ONLY, call: async (c) => ({ path: `/api/comments/${await newComment(c.p)}/` }) },
  {
    m: 'POST', route: '/api/comments/:id/resolve/',
    exp: ['401  403  403   ok   ok   ok    403    ok', '401  404  403   ok   ok   ok    404    ok'],
    call: async (c) => ({ path: `/api/comments/${await newComment(c.p)}/resolve/` }),
  },

  // ----- labels: read with the project, written with project.edit
  { m: 'GET', route: '/api/projects/:project/labels/', exp: VISIBLE, call: (c) => ({ path: `${P(c)}labels/` }) },
  { m: 'POST', route: '/api/projects/:project/labels/', exp: ADMIN_ONLY, call: (c) => ({ path: `${P(c)}labels/`, json: { name: uniq('Label '), color: 'red' } }) },
  { m: 'GET', route: '/api/projects/:project/labels/:label_id/', exp: VISIBLE, call: async (c) => ({ path: `${P(c)}labels/${await projectLabel(c.p)}/` }) },
  { m: 'PUT', route: '/api/projects/:project/labels/:label_id/', note: 'throwaway label', exp: ADMIN_ONLY, call: async (c) => ({ path: `${P(c)}labels/${await newLabel(c.p)}/`, json: { name: uniq('Label '), color: 'teal' } }) },
  { m: 'PATCH', route: '/api/projects/:project/labels/:label_id/', note: 'throwaway label', exp: ADMIN_ONLY, call: async (c) => ({ path: `${P(c)}labels/${await newLabel(c.p)}/`, json: { color: 'lime' } }) },
  { m: 'DELETE', route: '/api/projects/:project/labels/:label_id/', note: 'throwaway label', exp: ADMIN_ONLY, call: async (c) => ({ path: `${P(c)}labels/${await newLabel(c.p)}/` }) },

  // ----- screenshots: visible with their project; screenshot.add/edit/delete is Administration
  // (and Translation coordinator / Manage screenshots). Uploading into an invisible project is "Translation not found." (400).
  { m: 'GET', route: '/api/screenshots/', exp: ALL, call: () => ({ path: '/api/screenshots/' }) },
  {
    m: 'POST', route: '/api/screenshots/', note: 'PNG to the English translation',
    exp: ['401  403  403   403  ok   ok    403    ok', '401  400  403   403  ok   ok    400    ok'],
    call: (c) => ({ path: '/api/screenshots/', form: screenshotForm(c.p) }),
  },
  { m: 'GET', route: '/api/screenshots/:id/', exp: VISIBLE, call: async (c) => ({ path: `/api/screenshots/${await projectScreenshot(c.p)}/` }) },
  { m: 'PUT', route: '/api/screenshots/:id/', exp: ADMIN_ONLY, call: async (c) => ({ path: `/api/screenshots/${await projectScreenshot(c.p)}/`, json: { name: uniq('Renamed ') } }) },
  { m: 'PATCH', route: '/api/screenshots/:id/', exp: ADMIN_ONLY, call: async (c) => ({ path: `/api/screenshots/${await projectScreenshot(c.p)}/`, json: { repository_filename: 'docs/shot.png' } }) },
  { m: 'DELETE', route: '/api/screenshots/:id/', note: 'throwaway screenshot', exp: ADMIN_ONLY, call: async (c) => ({ path: `/api/screenshots/${await newScreenshot(c.p)}/` }) },
  { m: 'GET', route: '/api/screenshots/:id/file/', exp: VISIBLE, call: async (c) => ({ path: `/api/screenshots/${await projectScreenshot(c.p)}/file/` }) },
  { m: 'POST', route: '/api/screenshots/:id/file/', exp: ADMIN_ONLY, call: async (c) => ({ path: `/api/screenshots/${await projectScreenshot(c.p)}/file/`, form: imageForm() }) },
  { m: 'PUT', route: '/api/screenshots/:id/file/', exp: ADMIN_ONLY, call: async (c) => ({ path: `/api/screenshots/${await projectScreenshot(c.p)}/file/`, form: imageForm() }) },
  { m: 'POST', route: '/api/screenshots/:id/units/', exp: ADMIN_ONLY, call: async (c) => ({ path: `/api/screenshots/${await projectScreenshot(c.p)}/units/`, json: { unit_id: await enUnit(c.p) } }) },
  {
    m: 'DELETE', route: '/api/screenshots/:id/units/:unit_id', note: 'throwaway screenshot, no trailing slash', exp: ADMIN_ONLY,
    call: async (c) => { const { id, unit } = await linkedScreenshot(c.p); return { path: `/api/screenshots/${id}/units/${unit}` }; },
  },
  {
    m: 'DELETE', route: '/api/screenshots/:id/units/:unit_id/', note: 'throwaway screenshot', exp: ADMIN_ONLY,
    call: async (c) => { const { id, unit } = await linkedScreenshot(c.p); return { path: `/api/screenshots/${id}/units/${unit}/` }; },
  },
  { m: 'GET', route: '/api/components/:project/:component/screenshots/', exp: VISIBLE, call: (c) => ({ path: `${C(c)}screenshots/` }) },

  // ----- categories: visible with their project; writes need project.edit there. A category
  // in an invisible project names no project ("Object does not exist.": 400), as the screenshots' uploads.
  { m: 'GET', route: '/api/categories/', exp: ALL, call: () => ({ path: '/api/categories/' }) },
  {
    m: 'POST', route: '/api/categories/', note: "in the row's project",
    exp: ['401  403  403   403  ok   ok    403    ok', '401  400  403   403  ok   ok    400    ok'],
    call: (c) => { const slug = uniq('cat'); return { path: '/api/categories/', json: { name: slug, slug, project: c.p.url } }; },
  },
  { m: 'GET', route: '/api/categories/:id/', exp: VISIBLE, call: async (c) => ({ path: `/api/categories/${await projectCategory(c.p)}/` }) },
  { m: 'PUT', route: '/api/categories/:id/', exp: ADMIN_ONLY, call: async (c) => ({ path: `/api/categories/${await projectCategory(c.p)}/`, json: { name: uniq('Category '), slug: uniq('cat'), project: c.p.url, category: null } }) },
  { m: 'PATCH', route: '/api/categories/:id/', exp: ADMIN_ONLY, call: async (c) => ({ path: `/api/categories/${await projectCategory(c.p)}/`, json: { name: uniq('Category ') } }) },
  { m: 'DELETE', route: '/api/categories/:id/', note: 'throwaway category', exp: ADMIN_ONLY, call: async (c) => ({ path: `/api/categories/${await newCategory(c.p)}/` }) },
  { m: 'GET', route: '/api/categories/:id/statistics/', exp: VISIBLE, call: async (c) => ({ path: `/api/categories/${await projectCategory(c.p)}/statistics/` }) },
  { m: 'GET', route: '/api/projects/:project/categories/', exp: VISIBLE, call: (c) => ({ path: `${P(c)}categories/` }) },

  // ----- add-ons: installed with component.edit / project.edit, listed with the object,
  // and through /api/addons/ only to who may manage them
  { m: 'GET', route: '/api/addons/', exp: ALL, call: () => ({ path: '/api/addons/' }) },
  { m: 'GET', route: '/api/addons/:id/', exp: ADDON_READ, call: async (c) => ({ path: `/api/addons/${await projectAddon(c.p)}/` }) },
  { m: 'PUT', route: '/api/addons/:id/', exp: ADDON_WRITE, call: async (c) => ({ path: `/api/addons/${await projectAddon(c.p)}/`, json: { configuration: ADDON_BODY.configuration } }) },
  { m: 'PATCH', route: '/api/addons/:id/', exp: ADDON_WRITE, call: async (c) => ({ path: `/api/addons/${await projectAddon(c.p)}/`, json: { configuration: { ...ADDON_BODY.configuration, threshold: 90 } } }) },
  { m: 'DELETE', route: '/api/addons/:id/', note: 'throwaway add-on', exp: ADDON_WRITE, call: async (c) => ({ path: `/api/addons/${await newAddon(c.p)}/` }) },
  { m: 'POST', route: '/api/addons/:id/trigger/', exp: ADDON_WRITE, call: async (c) => ({ path: `/api/addons/${await projectAddon(c.p)}/trigger/` }) },
  { m: 'GET', route: '/api/components/:project/:component/addons/', exp: VISIBLE, call: (c) => ({ path: `${C(c)}addons/` }) },
  { m: 'POST', route: '/api/components/:project/:component/addons/', exp: ADMIN_ONLY, call: (c) => ({ path: `${C(c)}addons/`, json: ADDON_BODY }) },
  { m: 'GET', route: '/api/projects/:project/addons/', exp: VISIBLE, call: (c) => ({ path: `${P(c)}addons/` }) },
  { m: 'POST', route: '/api/projects/:project/addons/', exp: ADMIN_ONLY, call: (c) => ({ path: `${P(c)}addons/`, json: ADDON_BODY }) },

  // ----- tasks: the component creation task, visible with its project
  { m: 'GET', route: '/api/tasks/:id/', exp: ['401  ok   ok    ok   ok   ok    ok     ok', '401  404  ok    ok   ok   ok    404    ok'], call: (c) => ({ path: `/api/tasks/${c.p.taskId}/` }) },
  // Cancelling needs component.edit on the task's project; the task has ended, so nothing changes.
  { m: 'DELETE', route: '/api/tasks/:id/', exp: ADMIN_ONLY, call: (c) => ({ path: `/api/tasks/${c.p.taskId}/` }) },

  // ----- a source string's translations, the suggestion list, the site search
  { m: 'GET', route: '/api/units/:id/translations/', exp: VISIBLE, call: async (c) => ({ path: `/api/units/${await enUnit(c.p)}/translations/` }) },
  { m: 'GET', route: '/api/suggestions/', exp: ALL, call: () => ({ path: '/api/suggestions/' }) },
  { m: 'GET', route: '/api/search/', exp: ALL, call: () => ({ path: '/api/search/?q=pub' }) },

  // ----- project lock (project.edit to change it; unlocking keeps the other rows' components writable) and metrics
  { m: 'GET', route: '/api/projects/:project/lock/', exp: VISIBLE, call: (c) => ({ path: `${P(c)}lock/` }) },
  { m: 'POST', route: '/api/projects/:project/lock/', exp: ADMIN_ONLY, call: (c) => ({ path: `${P(c)}lock/`, json: { lock: false } }) },
  { m: 'GET', route: '/api/projects/:project/metrics/', exp: VISIBLE, call: (c) => ({ path: `${P(c)}metrics/` }) },

  // ----- announcements: visible with their object; announcement.add / announcement.delete (Administration) to post and remove
  ...(
    [
      ['/api/projects/:project/', (c: CellInput) => P(c)],
      ['/api/projects/:project/languages/:code/', (c: CellInput) => `${P(c)}languages/cs/`],
      ['/api/categories/:id/', async (c: CellInput) => `/api/categories/${await projectCategory(c.p)}/`],
      ['/api/components/:project/:component/', (c: CellInput) => C(c)],
      ['/api/translations/:project/:component/:language/', (c: CellInput) => `/api/translations/${c.p.slug}/app/cs/`],
    ] as [string, (c: CellInput) => string | Promise<string>][]
  ).flatMap(([route, base]): Row[] => [
    { m: 'GET', route: `${route}announcements/`, exp: VISIBLE, call: async (c) => ({ path: `${await base(c)}announcements/` }) },
    { m: 'POST', route: `${route}announcements/`, exp: ADMIN_ONLY, call: async (c) => ({ path: `${await base(c)}announcements/`, json: { message: uniq('Announcement ') } }) },
    {
      m: 'DELETE', route: `${route}announcements/:announcement/`, note: 'throwaway announcement', exp: ADMIN_ONLY,
      call: async (c) => {
        const list = `${await base(c)}announcements/`;
        const created = await ok(su(list, { method: 'POST', json: { message: uniq('Announcement ') } }), 'announcement');
        return { path: `${list}${created.id}/` };
      },
    },
  ]),

  // ----- reports and credits: signed-in callers (anonymous → 401, credits before the lookup); a report is read
  // by its creator and by those with reports.view on its project (Administration)
  { m: 'GET', route: '/api/reports/', exp: '401  ok   ok    ok   ok   ok    ok     ok', call: () => ({ path: '/api/reports/' }) },
  { m: 'POST', route: '/api/reports/', note: 'site-wide credits', exp: '401  ok   ok    ok   ok   ok    ok     ok', call: () => ({ path: '/api/reports/', json: REPORT_BODY }) },
  ...['', 'json/', 'html/', 'rst/'].map((tail): Row => ({
    m: 'GET', route: `/api/reports/:id/${tail}`, note: "the superuser's report of the row's project", exp: [REPORT_READ, REPORT_READ],
    call: async (c) => ({ path: `${rel(await projectReport(c.p))}${tail}` }),
  })),
  ...(
    [
      ['/api/projects/:project/', (c: CellInput) => P(c)],
      ['/api/categories/:id/', async (c: CellInput) => `/api/categories/${await projectCategory(c.p)}/`],
      ['/api/components/:project/:component/', (c: CellInput) => C(c)],
    ] as [string, (c: CellInput) => string | Promise<string>][]
  ).flatMap(([route, base]): Row[] => [
    { m: 'GET', route: `${route}reports/`, exp: SIGNED_IN_VISIBLE, call: async (c) => ({ path: `${await base(c)}reports/` }) },
    { m: 'POST', route: `${route}reports/`, exp: SIGNED_IN_WRITE, call: async (c) => ({ path: `${await base(c)}reports/`, json: REPORT_BODY }) },
    { m: 'GET', route: `${route}credits/`, exp: ['401  ok   ok    ok   ok   ok    ok     ok', '401  404  ok    ok   ok   ok    404    ok'], call: async (c) => ({ path: `${await base(c)}credits/?start=2000-01-01&end=2100-01-01` }) },
  ]),

  // ----- metrics: every signed-in caller, anonymous → 401
  { m: 'GET', route: '/api/metrics/', exp: '401  ok   ok    ok   ok   ok    ok     ok', call: () => ({ path: '/api/metrics/' }) },

  // ----- translation memory: signed-in callers; entries of invisible projects are 404, memory.delete (Administration) deletes
  { m: 'GET', route: '/api/memory/', exp: '401  ok   ok    ok   ok   ok    ok     ok', call: () => ({ path: '/api/memory/' }) },
  {
    m: 'DELETE', route: '/api/memory/:id/', note: "throwaway entry of the row's project",
    exp: ['401  403  403   403  ok   ok    403    ok', '401  404  403   403  ok   ok    404    ok'],
    call: async (c) => {
      const lang = async (code: string) => (await env.s.container.database.db.selectFrom('languages').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
      const row = await env.s.container.database.db
        .insertInto('memory')
        .values({ source: uniq('Memory source'), target: 'Cíl', source_language_id: await lang('en'), target_language_id: await lang('cs'), origin: `${c.p.slug}/app`, project_id: c.p.id, user_id: null, from_file: 0, shared: 0, created: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { path: `/api/memory/${row.id}/` };
    },
  },
  { m: 'POST', route: '/api/memory/lookup/', exp: ['401  ok   ok    ok   ok   ok    ok     ok', '401  404  ok    ok   ok   ok    404    ok'], call: (c) => ({ path: `/api/memory/lookup/?source_language=en&target_language=cs&project=${c.p.slug}`, json: { strings: ['String 1'] } }) },

  // ----- hooks: no authentication; a ping is answered for everybody
  { m: 'POST', route: '/hooks/:service/', note: 'GitHub ping', exp: ALL, call: () => ({ path: '/hooks/github/', json: { zen: 'hi' }, headers: { 'X-GitHub-Event': 'ping' } }) },
  { m: 'POST', route: '/hooks/:service', note: 'GitHub ping, no trailing slash', exp: ALL, call: () => ({ path: '/hooks/github', json: { zen: 'hi' }, headers: { 'X-GitHub-Event': 'ping' } }) },
  // The deprecated update hooks (removed upstream in 5.14): a project is addressed like any other object.
  { m: 'GET', route: '/hooks/update/:project/', exp: VISIBLE, call: (c) => ({ path: `/hooks/update/${c.p.slug}/` }) },
  { m: 'POST', route: '/hooks/update/:project/', exp: VISIBLE, call: (c) => ({ path: `/hooks/update/${c.p.slug}/` }) },
  // Components made from a ZIP have no remote to pull: 404 for whoever may see them.
  { m: 'GET', route: '/hooks/update/:project/:component/', note: 'local component', exp: ['404  404  404   404  404  404   404    404', '404  404  404   404  404  404   404    404'], call: (c) => ({ path: `/hooks/update/${c.p.slug}/app/` }) },
  { m: 'POST', route: '/hooks/update/:project/:component/', note: 'local component', exp: ['404  404  404   404  404  404   404    404', '404  404  404   404  404  404   404    404'], call: (c) => ({ path: `/hooks/update/${c.p.slug}/app/` }) },

  // ----- changes: lists filtered to visible projects; a change of a private project is 404 to outsiders
  { m: 'GET', route: '/api/changes/', exp: ALL, call: () => ({ path: '/api/changes/' }) },
  {
    m: 'GET', route: '/api/changes/:id/', note: 'latest change of the project', exp: VISIBLE,
    call: async (c) => ({ path: `/api/changes/${(await ok(su(`${P(c)}changes/?page_size=1`), 'change')).results[0].id}/` }),
  },
  { m: 'GET', route: '/api/projects/:project/changes/', exp: VISIBLE, call: (c) => ({ path: `${P(c)}changes/` }) },
  { m: 'GET', route: '/api/components/:project/:component/changes/', exp: VISIBLE, call: (c) => ({ path: `${C(c)}changes/` }) },
  { m: 'GET', route: '/api/translations/:project/:component/:language/changes/', exp: VISIBLE, call: (c) => ({ path: `${T(c)}changes/` }) },

  // ----- exports: RSS feeds and the legacy stats export, visible as their objects
  { m: 'GET', route: '/exports/rss/', exp: ALL, call: () => ({ path: '/exports/rss/' }) },
  { m: 'GET', route: '/exports/rss/language/:code/', exp: ALL, call: () => ({ path: '/exports/rss/language/cs/' }) },
  { m: 'GET', route: '/exports/rss/:project/', exp: VISIBLE, call: (c) => ({ path: `/exports/rss/${c.p.slug}/` }) },
  { m: 'GET', route: '/exports/rss/:project/:component/', exp: VISIBLE, call: (c) => ({ path: `/exports/rss/${c.p.slug}/app/` }) },
  { m: 'GET', route: '/exports/rss/:project/:component/:language/', exp: VISIBLE, call: (c) => ({ path: `/exports/rss/${c.p.slug}/app/cs/` }) },
  { m: 'GET', route: '/exports/stats/:project/', exp: VISIBLE, call: (c) => ({ path: `/exports/stats/${c.p.slug}/` }) },
  { m: 'GET', route: '/exports/stats/:project/:component/', exp: VISIBLE, call: (c) => ({ path: `/exports/stats/${c.p.slug}/app/` }) },

  // ----- web UI: pages as their objects; form POSTs need a signed-in caller (anonymous → 403, the page's
  // answer, not the API's 401) and the permission the service checks. Successful forms redirect (303) to a page, followed here.
  { m: 'GET', route: '/projects/:project/', note: 'UI page', exp: VISIBLE, call: (c) => ({ path: `/projects/${c.p.slug}/` }) },
  { m: 'GET', route: '/projects/:project/:component/', note: 'UI page', exp: VISIBLE, call: (c) => ({ path: `/projects/${c.p.slug}/app/` }) },
  { m: 'GET', route: '/projects/:project/:component/:language/', note: 'UI page', exp: VISIBLE, call: (c) => ({ path: `/projects/${c.p.slug}/app/cs/` }) },
  { m: 'GET', route: '/languages/:code/', note: 'UI page', exp: ALL, call: () => ({ path: '/languages/cs/' }) },
  { m: 'GET', route: '/projects/:project/:component/:language/:sub/', note: 'UI category page, 3 levels (none here)', exp: NOWHERE, call: (c) => ({ path: `/projects/${c.p.slug}/x/y/z/` }) },
  { m: 'GET', route: '/engage/:project/', note: 'UI engage → project page', exp: VISIBLE, call: (c) => ({ path: `/engage/${c.p.slug}/` }) },
  { m: 'GET', route: '/engage/:project/:language/', note: 'UI engage → project page', exp: VISIBLE, call: (c) => ({ path: `/engage/${c.p.slug}/cs/` }) },
  { m: 'GET', route: '/user/:username/', note: 'UI user page, as /api/users/<name>/', exp: '404  ok   ok    ok   ok   ok    ok     ok', call: () => ({ path: '/user/victim/' }) },
  { m: 'GET', route: '/translate/:project/:component/:language/', note: 'UI editor', exp: VISIBLE, call: (c) => ({ path: `/translate/${c.p.slug}/app/cs/?id=${discussionUnit(c.p)}` }) },
  { m: 'GET', route: '/translate/:project/:component/:language/events/', note: 'UI live events', exp: VISIBLE, call: (c) => ({ path: `/translate/${c.p.slug}/app/cs/events/` }) },
  { m: 'GET', route: '/translate/:project/:component/:language/machinery/', note: 'UI matches (machinery.view)', exp: UI_MACHINERY, call: (c) => ({ path: `/translate/${c.p.slug}/app/cs/machinery/?id=${discussionUnit(c.p)}` }) },
  { m: 'POST', route: '/translate/:project/:component/:language/', note: 'UI save, cs', exp: UI_TRANSLATE_CS, call: (c) => ({ path: `/translate/${c.p.slug}/app/cs/`, form: multipart({ id: String(discussionUnit(c.p)), target_0: 'Přeloženo', action: 'save' }, {}) }) },
  {
    m: 'POST', route: '/translate/:project/:component/:language/suggestions/', note: 'UI accept', exp: UI_TRANSLATE_CS,
    call: async (c) => ({ path: `/translate/${c.p.slug}/app/cs/suggestions/`, form: multipart({ unit: String(discussionUnit(c.p)), suggestion: String(await newSuggestion(c.p)), action: 'accept' }, {}) }),
  },
  { m: 'POST', route: '/translate/:project/:component/:language/comments/', note: 'UI comment', exp: UI_TRANSLATE_CS, call: (c) => ({ path: `/translate/${c.p.slug}/app/cs/comments/`, form: multipart({ unit: String(discussionUnit(c.p)), comment: uniq('UI comment ') }, {}) }) },
  // Quality and review in the editor: dismissing a failing check needs unit.check (TRANSLATE); approving from the
  // review queue is PATCH state 30 on a fresh German unit (the language-limited translator is refused first).
  {
    m: 'POST', route: '/translate/:project/:component/:language/checks/', note: 'UI dismiss a failing check', exp: UI_TRANSLATE_CS,
    call: async (c) => ({ path: `/translate/${c.p.slug}/app/cs/checks/`, form: multipart({ unit: String(await failingUnit(c.p)), check: 'end_stop', action: 'dismiss' }, {}) }),
  },
  { m: 'GET', route: '/translate/:project/:component/:language/review/', note: 'UI review queue', exp: VISIBLE, call: (c) => ({ path: `/translate/${c.p.slug}/app/cs/review/` }) },
  {
    m: 'POST', route: '/translate/:project/:component/:language/review/', note: 'UI approve from the queue, de',
    exp: ['403  400  403   ok   ok   ok    403    ok', '403  404  403   400  400  400   404    400'],
    call: async (c) => {
      const id = take(c.p, 'de');
      await ok(su(`/api/units/${id}/`, { method: 'PATCH', json: { target: ['Übersetzt'], state: 20 } }), 'translate');
      return { path: `/translate/${c.p.slug}/app/de/review/`, form: multipart({ unit: String(id), action: 'approve-queued' }, {}) };
    },
  },
  // The editor's context panels, zen mode, bulk edit and search and replace.
  { m: 'GET', route: '/translate/:project/:component/:language/context/:unit/:panel/', note: 'UI context panel', exp: VISIBLE, call: (c) => ({ path: `/translate/${c.p.slug}/app/cs/context/${discussionUnit(c.p)}/nearby/?fragment=1` }) },
  {
    m: 'POST', route: '/translate/:project/:component/:language/context/:unit/revert/', note: 'UI revert from the history, cs', exp: UI_TRANSLATE_CS,
    call: async (c) => {
      const id = take(c.p, 'cs');
      await ok(su(`/api/units/${id}/`, { method: 'PATCH', json: { target: [uniq('Přeloženo ')], state: 20 } }), 'translate');
      // The change to revert: the unit's newest one.
      const changes = (await allOf(`/api/translations/${c.p.slug}/app/cs/changes/`)) as { id: number; unit: string | null }[];
      const change = changes.filter((ch) => ch.unit?.endsWith(`/api/units/${id}/`)).map((ch) => ch.id).sort((a, b) => b - a)[0];
      if (change === undefined) throw new Error(`no change of unit ${id}`);
      return { path: `/translate/${c.p.slug}/app/cs/context/${id}/revert/`, form: multipart({ change: String(change), to: 'old' }, {}) };
    },
  },
  { m: 'GET', route: '/translate/:project/:component/:language/zen/rows/', note: 'UI zen rows', exp: VISIBLE, call: (c) => ({ path: `/translate/${c.p.slug}/app/cs/zen/rows/?offset=0` }) },
  { m: 'POST', route: '/translate/:project/:component/:language/zen/', note: 'UI zen save, cs', exp: UI_TRANSLATE_CS, call: (c) => ({ path: `/translate/${c.p.slug}/app/cs/zen/`, form: multipart({ id: String(discussionUnit(c.p)), target_0: 'Přeloženo', offset: '0' }, {}) }) },
  { m: 'GET', route: '/translate/:project/:component/:language/bulk/', note: 'UI bulk edit page', exp: VISIBLE, call: (c) => ({ path: `/translate/${c.p.slug}/app/cs/bulk/` }) },
  { m: 'POST', route: '/translate/:project/:component/:language/bulk/', note: 'UI bulk edit of nothing', exp: UI_ADMIN_ONLY, call: (c) => ({ path: `/translate/${c.p.slug}/app/cs/bulk/`, form: multipart({ q: 'source:"no such matrix string"', state: '20' }, {}) }) },
  { m: 'POST', route: '/translate/:project/:component/:language/replace/', note: 'UI replace preview', exp: UI_TRANSLATE_CS, call: (c) => ({ path: `/translate/${c.p.slug}/app/cs/replace/`, form: multipart({ q: 'source:"no such matrix string"', search: 'x', replacement: 'y' }, {}) }) },
  { m: 'POST', route: '/projects/:project/:component/:language/upload/', note: 'UI upload, cs', exp: UI_TRANSLATE_CS, call: (c) => ({ path: `/projects/${c.p.slug}/app/cs/upload/`, form: uploadForm('cs') }) },
  { m: 'POST', route: '/projects/:project/repository/', note: 'UI commit', exp: UI_ADMIN_ONLY, call: (c) => ({ path: `/projects/${c.p.slug}/repository/`, form: multipart({ operation: 'commit' }, {}) }) },
  { m: 'POST', route: '/projects/:project/:component/repository/', note: 'UI commit', exp: UI_ADMIN_ONLY, call: (c) => ({ path: `/projects/${c.p.slug}/app/repository/`, form: multipart({ operation: 'commit' }, {}) }) },
  { m: 'POST', route: '/projects/:project/:component/:language/repository/', note: 'UI commit', exp: UI_ADMIN_ONLY, call: (c) => ({ path: `/projects/${c.p.slug}/app/cs/repository/`, form: multipart({ operation: 'commit' }, {}) }) },
  { m: 'GET', route: '/projects/:project/repository/', note: 'UI repository page, as the status API', exp: REPO_STATUS, call: (c) => ({ path: `/projects/${c.p.slug}/repository/` }) },
  { m: 'GET', route: '/projects/:project/:component/repository/', note: 'UI repository page, as the status API', exp: REPO_STATUS, call: (c) => ({ path: `/projects/${c.p.slug}/app/repository/` }) },
  { m: 'POST', route: '/projects/:project/:component/:language/autotranslate/', note: 'UI automatic translation (a task)', exp: UI_ADMIN_ONLY, call: (c) => ({ path: `/projects/${c.p.slug}/app/cs/autotranslate/`, form: multipart({ mode: 'translate', auto_source: 'others' }, {}) }) },
];

// Registered routes that need no row: HEAD (answered by the GET handler), OPTIONS (metadata), the
// 405 answers for methods outside a resource's Allow header, and the browser session endpoints.
const EXCLUDED_PREFIXES = ['/accounts/'];

// ---------------------------------------------------------------- helpers used by rows
const rel = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
/** A component list holding the app of `p` (made as superuser); returns its slug. */
async function throwawayList(p: Ctx): Promise<string> {
  const slug = uniq('cl');
  await ok(su('/api/component-lists/', { method: 'POST', json: { name: slug, slug } }), 'component list');
  await ok(su(`/api/component-lists/${slug}/components/`, { method: 'POST', json: { component_id: await componentId(p) } }), 'list member');
  return slug;
}
let csCache: Record<string, unknown> | null = null;
async function csLanguage() {
  if (!csCache) {
    const cs = await ok(su('/api/languages/cs/'), 'cs');
    csCache = { code: cs.code, name: cs.name, direction: cs.direction, plural: { number: cs.plural.number, formula: cs.plural.formula } };
  }
  return csCache;
}
async function groupId(name: string) {
  return (await allOf('/api/groups/')).find((g) => g.name === name && g.defining_project === null).id as number;
}
const idCache = new Map<string, number>();
async function componentId(p: Ctx) {
  if (!idCache.has(`c:${p.slug}`)) idCache.set(`c:${p.slug}`, (await ok(su(`/api/components/${p.slug}/app/`), 'component')).id);
  return idCache.get(`c:${p.slug}`)!;
}
async function userId(username: string) {
  if (!idCache.has(`u:${username}`)) idCache.set(`u:${username}`, (await ok(su(`/api/users/${username}/`), 'user')).id);
  return idCache.get(`u:${username}`)!;
}
async function componentPut(p: Ctx) {
  const c = await ok(su(`/api/components/${p.slug}/app/`), 'component');
  return { name: c.name, slug: c.slug, file_format: c.file_format, filemask: c.filemask, repo: c.repo, new_base: c.new_base, manage_units: true };
}

function expectationsOf(row: Row): { key: ProjectKey; cells: string[] }[] {
  const split = (s: string) => {
    const cells = s.trim().split(/\s+/);
    if (cells.length !== ACTORS.length) throw new Error(`${row.m} ${row.route}: ${cells.length} cells in "${s}"`);
    return cells;
  };
  return typeof row.exp === 'string' ? [{ key: 'pub', cells: split(row.exp) }] : [{ key: 'pub', cells: split(row.exp[0]) }, { key: 'priv', cells: split(row.exp[1]) }];
}
const classify = (status: number) => (status >= 200 && status < 300 ? 'ok' : String(status));
const bugOf = (row: Row, actor: ActorName, key: ProjectKey) => row.bugs?.[`${actor}@${key}`] ?? row.bugs?.[actor] ?? row.bugs?.['*'];

/** The routes the matrix must cover: the API, hooks, exports and the UI's pages. */
const inMatrix = (route: string) => /^\/(api|exports|hooks|projects|translate|languages|engage|user)\//.test(route) && !EXCLUDED_PREFIXES.some((p) => route.startsWith(p));

// ---------------------------------------------------------------- the suite
/** The matrix on one database; permission-matrix.<db>.test.ts call it, so that the two run side by side. */
export function permissionMatrix(dialect: TestDialect): void {
  describe(`permission matrix on ${dialect}`, () => {
    const mismatches: string[] = [];
    const rowTimes = new Map<string, number>();
    let cells = 0;
    let started = 0;

    beforeAll(async () => {
      started = Date.now();
      const s = await startServer(dialect);
      env = { s, tokens: {} as Env['tokens'], users: undefined as unknown as Env['users'], pub: null!, priv: null!, foreign: null!, transTeam: null!, units: new Map(), langs: new Map(), subscriptions: new Map(), counter: 0, roles: {} };
      idCache.clear();
      csCache = null;
      for (const r of await allOf('/api/roles/')) env.roles[r.name] = { id: r.id, url: r.url };
      const users = { anon: 'victim', user: 'plain', trans: 'tina', rev: 'rita', padm: 'pam', token: '', ftoken: '', super: 'admin' } as Record<ActorName, string>;
      env.tokens = { anon: null, user: await s.createUser('plain'), trans: await s.createUser('tina'), rev: await s.createUser('rita'), padm: await s.createUser('pam'), token: null, ftoken: null, super: s.adminToken };
      await s.createUser('victim');
      const usersTeam = await groupId('Users');
      const viewersTeam = await groupId('Viewers');
      for (const u of ['tina', 'rita', 'pam']) for (const g of [usersTeam, viewersTeam]) await ok(su(`/api/users/${u}/groups/`, { method: 'DELETE', json: { group_id: g } }), 'leave default teams');
      const team = await ok(su('/api/groups/', { method: 'POST', json: { name: 'Czech translators', project_selection: 0, language_selection: 0 } }), 'trans team');
      env.transTeam = { id: team.id, url: team.url };
      await ok(su(`${team.url}roles/`, { method: 'POST', json: { role_id: env.roles.Translate.id } }), 'trans role');
      await ok(su(`${team.url}languages/`, { method: 'POST', json: { language_code: 'cs' } }), 'trans language');
      await ok(su('/api/users/tina/groups/', { method: 'POST', json: { group_id: team.id } }), 'tina joins');
      env.users = users;
      env.pub = await makeProject(0, { review: true, components: true });
      env.priv = await makeProject(100, { components: true });
      env.foreign = await makeProject(100, { members: false });
      env.tokens.ftoken = env.foreign.token;
      users.ftoken = env.foreign.tokenUser;
    }, 180_000);

    afterAll(async () => {
      await env?.s.close();
      console.log(
        `[permission matrix ${dialect}] ${cells} cells in ${((Date.now() - started) / 1000).toFixed(1)} s; ${mismatches.length} differ from the reference:\n` +
          mismatches.map((m) => `  ${m}`).join('\n'),
      );
      // PARLA_MATRIX_TIMES=1: where the matrix spends its time, slowest rows first.
      if (process.env.PARLA_MATRIX_TIMES === '1') {
        console.log([...rowTimes].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([r, ms]) => `  ${ms} ms  ${r}`).join('\n'));
      }
    });

    it('has a row for every registered route and method, and registers every row', async () => {
      const registered = await registeredRoutes(env.s, inMatrix);
      const covered = new Set(ROWS.map((r) => `${r.m} ${r.route}`));
      expect(registered.filter((r) => !covered.has(r)), 'routes without a matrix row').toEqual([]);
      expect([...covered].filter((r) => !registered.includes(r)), 'rows without a route').toEqual([]);
    });

    for (const row of ROWS) {
      const projectRow = Array.isArray(row.exp);
      for (const { key, cells: expected } of expectationsOf(row)) {
        ACTORS.forEach((actor, i) => {
          const want = expected[i];
          if (want === '-') return;
          const bug = bugOf(row, actor, key);
          const title = `${row.m} ${row.route}${row.note ? ` (${row.note})` : ''}${projectRow ? ` [${key}]` : ''} as ${actor} → ${want}${bug ? ` [known bug: ${bug}]` : ''}`;
          (bug ? it.fails : it)(title, async () => {
            cells++;
            const t0 = Date.now();
            const p = key === 'pub' ? env.pub : env.priv;
            const self = actor === 'anon' ? 'victim' : actor === 'token' ? p.tokenUser : actor === 'ftoken' ? env.foreign.tokenUser : env.users[actor];
            let status: number;
            let body = '';
            try {
              const call = await row.call({ p, key, actor, self });
              const token = actor === 'token' ? (call.ctx ?? p).token : env.tokens[actor];
              const headers: Record<string, string> = { ...call.headers };
              const res = await env.s.api(call.path, { method: row.m, token, json: call.json, body: call.form, headers });
              status = res.status;
              // A live event stream never ends by itself: its status is the answer.
              if (res.ok && res.headers.get('content-type')?.startsWith('text/event-stream')) await res.body?.cancel();
              else body = (await res.text()).slice(0, 200);
              const rowName = `${row.m} ${row.route}${row.note ? ` (${row.note})` : ''}`;
              rowTimes.set(rowName, (rowTimes.get(rowName) ?? 0) + Date.now() - t0);
              if (process.env.PARLA_MATRIX_TIMES === '1' && Date.now() - t0 > 1000) console.log(`slow cell ${Date.now() - t0} ms: ${title}`);
            } catch (e) {
              mismatches.push(`${title}: setup failed: ${(e as Error).message.slice(0, 200)}`);
              throw e;
            }
            const got = classify(status);
            const pass = want.split('|').includes(got);
            if (!pass) mismatches.push(`${row.m} ${row.route}${row.note ? ` (${row.note})` : ''}${projectRow ? ` [${key}]` : ''} as ${actor}: expected ${want}, got ${status}${bug ? ' (known)' : ''} ${body}`);
            expect(want.split('|'), body).toContain(got);
          });
        });
      }
    }
  });
}
