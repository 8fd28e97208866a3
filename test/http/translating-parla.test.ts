// Parla translated with Parla (docs/translating-parla.md): a repository made of Parla's own locale/ folder becomes a
// component with the filemask locale/*/LC_MESSAGES/parla.po, a German message is translated through the API, committed
// and pushed, and the pushed catalog, loaded by Parla's catalog loader, gives the new translation on a page.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from '../helpers/fixtures.js';
import { git, gitUpstream } from '../helpers/git-upstream.js';
import { ROOT } from '../helpers/processes.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { CatalogSet, useCatalogs } from '../../src/ui/i18n-catalogs.js';
import { runInLanguage, tr } from '../../src/ui/i18n.js';

/** The locale/ folder of the repository, as files for the upstream repository. */
function localeFiles(): Record<string, Buffer> {
  const out: Record<string, Buffer> = { 'locale/parla.pot': fs.readFileSync(path.join(ROOT, 'locale', 'parla.pot')) };
  for (const lang of fs.readdirSync(path.join(ROOT, 'locale'))) {
    const file = path.join(ROOT, 'locale', lang, 'LC_MESSAGES', 'parla.po');
    if (fs.existsSync(file)) out[`locale/${lang}/LC_MESSAGES/parla.po`] = fs.readFileSync(file);
  }
  return out;
}

describe('translating Parla with Parla', () => {
  let server: TestServer;
  let root: string;
  let repo: { bare: string; work: string };
  const C = '/api/components/parla/ui/';

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-self-'));
    repo = gitUpstream(root, localeFiles(), { name: 'parla' });
    server = await startServer('sqlite', { PARLA_VCS_ALLOW_LOCAL: '1' });
    expect((await createProject(server, 'parla')).status).toBe(201);
  });
  afterAll(async () => {
    useCatalogs(null);
    await server?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('adds the repository as a component, translates a German string, pushes it, and the catalog loader reads it', async () => {
    const created = await server.api('/api/projects/parla/components/', {
      method: 'POST',
      json: { name: 'Parla UI', slug: 'ui', vcs: 'git', repo: repo.bare, branch: 'main', file_format: 'po', filemask: 'locale/*/LC_MESSAGES/parla.po', new_base: 'locale/parla.pot', push_on_commit: false },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    await server.container.tasks.idle();
    const translations = (await (await server.api(`${C}translations/`)).json()).results.map((t: { language_code: string }) => t.language_code).sort();
    expect(translations).toEqual(expect.arrayContaining(['cs', 'de']));

    // The German catalog's unit for the sign-in button, found through the API's search.
    const search = await (await server.api(`/api/translations/parla/ui/de/units/?q=${encodeURIComponent('source:="Sign in"')}`)).json();
    const unit = (search.results as { id: number; source: string[]; target: string[] }[]).find((u) => u.source[0] === 'Sign in');
    expect(unit, JSON.stringify(search)).toBeTruthy();
    const patched = await server.api(`/api/units/${unit!.id}/`, { method: 'PATCH', json: { target: ['Jetzt anmelden'], state: 20 } });
    expect(patched.status, await patched.clone().text()).toBe(200);
    for (const operation of ['commit', 'push']) {
      const res = await server.api(`${C}repository/`, { method: 'POST', json: { operation } });
      expect(res.status, operation).toBe(200);
      expect((await res.json()).result, operation).toBe(true);
    }

    // What a server built from the pushed commit reads: the catalogs of its locale/ folder.
    const pushed = path.join(root, 'checkout');
    git(root, 'clone', '--quiet', '--branch', 'main', repo.bare, pushed);
    const po = fs.readFileSync(path.join(pushed, 'locale', 'de', 'LC_MESSAGES', 'parla.po'), 'utf8');
    expect(po).toMatch(/msgid "Sign in"\nmsgstr "Jetzt anmelden"\n/);
    // Only the edited entry changed: the rest of the catalog is as it was.
    const before = fs.readFileSync(path.join(ROOT, 'locale', 'de', 'LC_MESSAGES', 'parla.po'), 'utf8');
    const entries = (text: string) => text.split('\n\n').slice(1);
    const changed = entries(po).filter((entry, i) => entry !== entries(before)[i]);
    expect(changed).toEqual([expect.stringContaining('msgid "Sign in"\nmsgstr "Jetzt anmelden"')]);
    const catalogs = new CatalogSet(path.join(pushed, 'locale'));
    const de = catalogs.get('de')!;
    expect(runInLanguage(de, () => tr('Sign in'))).toBe('Jetzt anmelden');
    expect(catalogs.get('cs')).toBeTruthy();

    useCatalogs(catalogs);
    const login = await fetch(`${server.url}/accounts/login/`, { headers: { 'Accept-Language': 'de' } });
    expect(login.headers.get('content-language')).toBe('de');
    expect(await login.text()).toContain('id="login-submit">Jetzt anmelden</button>');
  });
});
