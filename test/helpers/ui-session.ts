// The web UI as a browser uses it over plain HTTP: signing in with a password, pages read with the session cookie, and
// forms posted with the page's CSRF token (URL-encoded or multipart), plus the field messages a refused form shows.
import { expect } from 'vitest';
import type { TestServer } from './server.js';

export const UI_PASSWORD = 'a long enough passphrase';

export interface Page {
  status: number;
  location: string | null;
  html: string;
}

/** Form fields as pairs (repeated names allowed) or a record; a `Blob` value is sent as a file (multipart). */
export type Fields = [string, string | Blob][] | Record<string, string | Blob>;

export interface UiSession {
  cookie: string;
  get(path: string): Promise<Page>;
  /** Posts a form as a browser does, with the CSRF token of `from` (the dashboard unless given). */
  post(path: string, fields: Fields, options?: { from?: string; multipart?: boolean }): Promise<Page>;
}

/** The CSRF token a page's forms carry. */
export const csrfOf = (html: string): string => /name="csrfmiddlewaretoken" value="([^"]+)"/.exec(html)?.[1] ?? '';

/** A user with a password (created when missing), for signing in. */
export async function userWithPassword(s: TestServer, username: string, opts: { superuser?: boolean } = {}): Promise<void> {
  const db = s.container.database.db;
  if (!(await s.container.users.findByUsername(db, username))) await s.createUser(username, opts);
  const user = await s.container.users.findByUsername(db, username);
  await s.container.users.setPassword(user!.id, UI_PASSWORD);
}

async function pageOf(res: Response): Promise<Page> {
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

/** Pages read without signing in. */
export function anonymous(s: TestServer): Pick<UiSession, 'get'> {
  return { get: async (path) => pageOf(await fetch(`${s.url}${path}`, { redirect: 'manual' })) };
}

/** Signs in through the sign-in form (the test admin's password unless given) and returns the session's helpers. */
export async function signIn(s: TestServer, username: string, password = username === 'admin' ? 'admin-password' : UI_PASSWORD): Promise<UiSession> {
  const res = await fetch(`${s.url}/accounts/login/`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: s.url },
    body: new URLSearchParams({ username, password, next: '/' }),
  });
  expect(res.status, `signing in as ${username}`).toBe(303);
  const cookie = /^([^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
  const get = async (path: string) => pageOf(await fetch(`${s.url}${path}`, { headers: { Cookie: cookie }, redirect: 'manual' }));
  const post: UiSession['post'] = async (path, fields, options = {}) => {
    const token = csrfOf((await get(options.from ?? '/')).html);
    const pairs = [['csrfmiddlewaretoken', token] as [string, string | Blob], ...(Array.isArray(fields) ? fields : Object.entries(fields))];
    const multipart = options.multipart ?? pairs.some(([, v]) => typeof v !== 'string');
    let body: FormData | URLSearchParams;
    const headers: Record<string, string> = { Cookie: cookie, Origin: s.url };
    if (multipart) {
      const form = new FormData();
      for (const [k, v] of pairs) {
        if (typeof v === 'string') form.append(k, v);
        else form.append(k, v, v instanceof File ? v.name : 'upload');
      }
      body = form;
    } else {
      body = new URLSearchParams(pairs as [string, string][]);
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
    }
    return pageOf(await fetch(`${s.url}${path}`, { method: 'POST', redirect: 'manual', headers, body }));
  };
  return { cookie, get, post };
}

/** The message shown right below a field (null when none), checked to be tied to the field with aria-describedby. */
export function fieldError(html: string, name: string): string | null {
  const m = new RegExp(`<p class="error field-error" id="id_${name}_error">([^<]*)</p>`).exec(html);
  if (m) expect(html).toMatch(new RegExp(`id="id_${name}"[^>]*aria-describedby="[^"]*id_${name}_error`));
  return m?.[1] ?? null;
}

/** The value a text field shows (after a refusal, the one typed), or null when the page has no such field. */
export function fieldValue(html: string, name: string): string | null {
  const m = new RegExp(`<input[^>]*id="id_${name}"[^>]*value="([^"]*)"`).exec(html) ?? new RegExp(`<textarea[^>]*id="id_${name}"[^>]*>([^<]*)</textarea>`).exec(html);
  return m?.[1] ?? null;
}

/** Adds a user to a team: a project's own team by its name, or a site-wide one when `project` is null; the team's id. */
export async function joinTeam(s: TestServer, username: string, team: string, project: string | null): Promise<number> {
  const groups = (await (await s.api('/api/groups/?page_size=1000')).json()).results as { id: number; name: string; defining_project: string | null }[];
  const defining = project === null ? null : `${s.url}/api/projects/${project}/`;
  const found = groups.find((g) => g.name === team && g.defining_project === defining);
  if (!found) throw new Error(`no team ${team} ${project === null ? 'site-wide' : `of ${project}`}`);
  expect((await s.api(`/api/users/${username}/groups/`, { method: 'POST', json: { group_id: found.id } })).status, `adding ${username} to ${team}`).toBe(200);
  return found.id;
}
