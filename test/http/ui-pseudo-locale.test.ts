// Finds UI text outside the message catalog: the main pages rendered in the pseudo-locale (en-XA, every catalog message
// shown as ⟦Ŝáṽé⟧) must have no visible text, and no title, aria-label, placeholder or alt, that is not pseudo-translated,
// apart from data. The data is seeded so that it cannot pass for UI text: names of digits (P9001, C9002, 1111).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { signIn, type UiSession } from '../helpers/ui-session.js';
import { buildZip } from '../helpers/zip.js';
import { formats } from '../../src/formats/registry.js';
import { BUILTIN_LANGUAGES } from '../../src/languages/catalog.js';
import { createEngineRegistry } from '../../src/machinery/registry.js';

const POT = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "1111"\nmsgstr ""\n\nmsgid "2222 3333"\nmsgstr ""\n\nmsgid "4444"\nmsgid_plural "5555"\nmsgstr[0] ""\nmsgstr[1] ""\n';
const CS = 'msgid ""\nmsgstr ""\n"Language: cs\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\\n"\n\nmsgid "1111"\nmsgstr "6666"\n\nmsgid "2222 3333"\nmsgstr ""\n\nmsgid "4444"\nmsgid_plural "5555"\nmsgstr[0] ""\nmsgstr[1] ""\nmsgstr[2] ""\n';

/** Words that are data, not UI text: user names, the seeded names, the brand, time zone. */
const DATA = new Set(['Parla', 'admin', 'anonymous', 'Anonymous', 'P9001', 'C9002', 'p9001', 'c9002', 'UTC']);
/** The codes of the language database, shown beside the names. */
const CODES = new Set(BUILTIN_LANGUAGES.map((l) => l.code));
/**
 * Whole texts that are data: the codes of the language database, the file formats' and machine translation engines'
 * own names (proper names, as the API lists them). Language names and the built-in teams', roles' and permissions'
 * names are not: the pages show them in the UI language (pseudo-translated here).
 */
const NAMES = new Set<string>([
  // Code hosting sites, feed formats and databases are proper names.
  'SQLite', 'Redis',
  'RSS', 'GitHub', 'GitLab', 'Bitbucket', 'Pagure', 'Azure Repos', 'Gitea', 'Forgejo', 'Gitee',
  ...BUILTIN_LANGUAGES.map((l) => l.code),
  ...formats.list().map((f) => f.name),
  ...createEngineRegistry(null).engines.map((e) => e.name),
]);
/** The language definitions' own pages list the stored names, which their forms edit. */
const STORED_LANGUAGE_NAMES = new Set<string>(BUILTIN_LANGUAGES.flatMap((l) => [l.name, `${l.name} (${l.code})`]));

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const decode = (text: string) => text.replace(/&(#\d+|[a-z]+);/g, (whole, name: string) => (name.startsWith('#') ? String.fromCodePoint(Number(name.slice(1))) : (ENTITIES[name] ?? whole)));

/** What is left of a text once the pseudo-translated parts (nested, for messages with translated placeholders) and data are taken out. */
function untranslated(text: string, data: ReadonlySet<string> = NAMES): string | null {
  const value = decode(text.replace(/^\[[a-z-]+\] /, ''));
  // Data: known names, e-mail addresses, codes (an option's value shown as it is, dotted identifiers), query examples.
  if (NAMES.has(value.trim()) || data.has(value.trim()) || /^https?:\/\//.test(value.trim()) || /^\S+@\S+$/.test(value.trim()) || /^[a-z][a-z0-9]*([._-][a-z0-9]+)+$/.test(value.trim()) || /^\[placeholder\] .*\b[a-z_]+:/.test(text)) return null;
  let rest = value;
  for (let previous = ''; previous !== rest; ) {
    previous = rest;
    rest = rest.replace(/⟦[^⟦⟧]*⟧/g, ' ');
  }
  const words = rest.split(/[^A-Za-z0-9_-]+/).filter((w) => /[A-Za-z]{2,}/.test(w) && !DATA.has(w) && !CODES.has(w) && !/^[A-Za-z]?\d+$/.test(w));
  return words.length ? rest.trim() : null;
}

/** Visible text nodes and the text attributes people read or hear, of a page (code, keys, scripts and form values are not UI text). */
function texts(html: string): string[] {
  const body = html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, '')
    .replace(/<(code|kbd|pre|textarea|time)\b[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    // Text marked as written in another language (language names in their own language) is data.
    .replace(/<([a-z]+)\b[^>]*\slang="[^"]*"[^>]*>[^<]*<\/\1>/g, '')
    // Choices shown as their codes (an option whose text is its value).
    .replace(/<option value="([^"]*)"[^>]*>\1<\/option>/g, '');
  const out: string[] = [];
  for (const node of body.split(/<[^>]*>/)) if (node.trim()) out.push(node.trim());
  for (const m of body.matchAll(/\s(title|aria-label|placeholder|alt)="([^"]*)"/g)) out.push(`[${m[1]}] ${m[2]}`);
  return out;
}

describe('the pseudo-locale finds UI text outside the catalog', () => {
  let s: TestServer;
  let admin: UiSession;
  /** The ids behind the {…} parts of some addresses: a built-in site-wide team, a project's built-in team, a built-in role. */
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    s = await startServer('sqlite');
    expect((await s.api('/api/projects/', { method: 'POST', json: { name: 'P9001', slug: 'p9001', web: '' } })).status).toBe(201);
    const form = multipart({ name: 'C9002', slug: 'c9002', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot' }, { zipfile: { name: 'app.zip', data: buildZip([{ name: 'po/app.pot', data: POT }, { name: 'po/cs.po', data: CS }]) } });
    expect((await s.api('/api/projects/p9001/components/', { method: 'POST', body: form })).status).toBe(201);
    await s.container.tasks.idle();
    admin = await signIn(s, 'admin');
    // Groups and roles are paginated; the first page holds every built-in one.
    const groups = ((await (await s.api('/api/groups/?page_size=100')).json()) as { results: { id: number; name: string; defining_project: string | null }[] }).results;
    ids.team = String(groups.find((g) => g.name === 'Reviewers' && g.defining_project === null)!.id);
    ids.projectTeam = String(groups.find((g) => g.name === 'Administration' && g.defining_project !== null)!.id);
    const roles = ((await (await s.api('/api/roles/?page_size=100')).json()) as { results: { id: number; name: string }[] }).results;
    ids.role = String(roles.find((r) => r.name === 'Translation coordinator')!.id);
  });
  afterAll(async () => {
    await s?.close();
  });

  const PAGES = [
    '/',
    '/projects/p9001/',
    '/projects/p9001/c9002/',
    '/projects/p9001/c9002/cs/',
    '/translate/p9001/c9002/cs/',
    '/translate/p9001/c9002/cs/?view=list',
    '/translate/p9001/c9002/cs/?view=zen',
    '/languages/cs/',
    '/user/admin/',
    '/data/p9001/',
    '/accounts/profile/',
    '/accounts/2fa/',
    '/manage/',
    '/manage/users/',
    '/manage/languages/',
    '/manage/mail/',
    '/manage/tasks/',
    '/manage/health/',
    '/manage/component-lists/',
    '/access/p9001/',
    '/manage/teams/',
    '/manage/teams/{team}/',
    '/manage/teams/{projectTeam}/',
    '/manage/roles/',
    '/manage/roles/{role}/',
    '/settings/p9001/categories/',
    '/settings/p9001/delete/',
    '/screenshots/p9001/c9002/',
    '/accounts/invite/',
    '/accounts/email/',
    '/settings/p9001/',
    '/settings/p9001/c9002/',
    '/projects/no-such-project/',
  ];

  it.each(PAGES)('%s', async (address) => {
    const pathname = address.replace(/\{(\w+)\}/g, (_, name: string) => ids[name]!);
    const res = await fetch(`${s.url}${pathname}`, { headers: { Cookie: admin.cookie, 'Accept-Language': 'en-XA' } });
    const html = await res.text();
    expect(res.status).toBe(pathname.startsWith('/projects/no-such-project/') ? 404 : 200);
    expect(res.headers.get('content-language')).toBe('en-XA');
    const data = pathname.startsWith('/manage/languages/') ? STORED_LANGUAGE_NAMES : NAMES;
    const missing = texts(html).filter((t) => untranslated(t, data) !== null);
    expect(missing, `text outside the catalog on ${pathname}`).toEqual([]);
  });

  it('the texts of the browser scripts', async () => {
    const html = await (await fetch(`${s.url}/accounts/login/`, { headers: { 'Accept-Language': 'en-XA' } })).text();
    const src = /\/ui\/static\/texts-en-XA\.js\?v=[0-9a-f]+/.exec(html)?.[0];
    expect(src).toBeDefined();
    const body = await (await fetch(`${s.url}${src}`)).text();
    const texts = JSON.parse(body.replace(/^window\.parlaMessages=/, '').replace(/;\n$/, '')) as { messages: Record<string, string>; plurals: Record<string, Record<string, string>>; states: Record<string, [string, string]>; reasons: Record<string, string>; shortcuts: [string, string][] };
    const all = [
      ...Object.values(texts.messages),
      ...Object.values(texts.plurals).flatMap((forms) => Object.values(forms)),
      ...Object.values(texts.states).map(([label]) => label),
      ...Object.values(texts.reasons),
      ...texts.shortcuts.flatMap(([keys, text]) => [keys.replace(/<kbd>[^<]*<\/kbd>/g, ''), text]),
    ];
    expect(all.length).toBeGreaterThan(50);
    expect(all.filter((t) => untranslated(t) !== null)).toEqual([]);
  });

  it('the sign-in page, anonymously', async () => {
    const html = await (await fetch(`${s.url}/accounts/login/`, { headers: { 'Accept-Language': 'en-XA' } })).text();
    expect(texts(html).filter((t) => untranslated(t) !== null)).toEqual([]);
    expect(html).toContain('⟦Šíĝñ íñ⟧');
  });
});
