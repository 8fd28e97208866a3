// Live collaboration over HTTP: unit ETags and If-Match (412) on both databases, and a translation's event stream
// (an API PATCH arrives as an event, Last-Event-ID resumes, presence, limits, shutdown), in process and through Redis.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { deleteRedisKeys, REDIS_URL } from '../helpers/redis.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { buildZip } from '../helpers/zip.js';
import { openEventStream } from '../helpers/event-stream.js';
import { signIn, userWithPassword } from '../helpers/ui-session.js';
import { RedisLiveBus } from '../../src/services/live/redis-bus.js';
import { compareEventIds, type LiveEvent } from '../../src/services/live/live-bus.js';

interface Unit {
  id: number;
  source: string[];
  target: string[];
  state: number;
}

describe.each(DIALECTS)('unit ETag and If-Match on %s', (dialect) => {
  let s: TestServer;
  let unit: Unit;

  beforeAll(async () => {
    s = await startServer(dialect);
    expect((await createProject(s, 'live')).status).toBe(201);
    expect((await createPoComponent(s, 'live')).status).toBe(201);
    const list = (await (await s.api('/api/translations/live/app/cs/units/?page_size=100')).json()).results as Unit[];
    unit = list.find((u) => u.source[0] === 'Hello')!;
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  const patch = (body: unknown, headers: Record<string, string> = {}) => s.api(`/api/units/${unit.id}/`, { method: 'PATCH', json: body, headers });

  it('answers a unit with a strong ETag that a write changes, and 304 for If-None-Match', async () => {
    const first = await s.api(`/api/units/${unit.id}/`);
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^"\d+-[0-9a-f]+"$/);
    expect((await s.api(`/api/units/${unit.id}/`)).headers.get('etag')).toBe(tag);
    const cached = await s.api(`/api/units/${unit.id}/`, { headers: { 'If-None-Match': tag } });
    expect(cached.status).toBe(304);

    const res = await patch({ target: ['Nazdar'], state: 20 });
    expect(res.status, await res.clone().text()).toBe(200);
    const after = res.headers.get('etag')!;
    expect(after).not.toBe(tag);
    // The write's answer names the version a read now gives.
    expect((await s.api(`/api/units/${unit.id}/`)).headers.get('etag')).toBe(after);
    expect((await s.api(`/api/units/${unit.id}/`, { headers: { 'If-None-Match': tag } })).status).toBe(200);
  });

  it('writes with a current If-Match and refuses a stale one with 412, leaving the unit as it was', async () => {
    const tag = (await s.api(`/api/units/${unit.id}/`)).headers.get('etag')!;
    const ok = await patch({ target: ['Ahoj světe'], state: 20 }, { 'If-Match': tag });
    expect(ok.status, await ok.clone().text()).toBe(200);
    const current = ok.headers.get('etag')!;

    // Another client wrote meanwhile: the old tag no longer matches.
    const stale = await patch({ target: ['Přepsáno'], state: 20 }, { 'If-Match': tag });
    expect(stale.status).toBe(412);
    const body = await stale.json();
    expect(body.detail).toMatch(/changed/);
    expect(body.errors[0].code).toBe('precondition_failed');
    expect((await (await s.api(`/api/units/${unit.id}/`)).json()).target).toEqual(['Ahoj světe']);

    // A list of tags passes when one matches; weak tags never match.
    expect((await patch({ target: ['Ahoj'], state: 20 }, { 'If-Match': `W/${current}` })).status).toBe(412);
    const listed = await patch({ target: ['Ahoj'], state: 20 }, { 'If-Match': `"0-abc", ${current}` });
    expect(listed.status, await listed.clone().text()).toBe(200);
  });

  it('passes If-Match: * and keeps last-write-wins without If-Match', async () => {
    expect((await patch({ target: ['Hvězdička'], state: 20 }, { 'If-Match': '*' })).status).toBe(200);
    expect((await patch({ target: ['Bez podmínky'], state: 10 })).status).toBe(200);
    const unitNow = await (await s.api(`/api/units/${unit.id}/`)).json();
    expect(unitNow).toMatchObject({ target: ['Bez podmínky'], state: 10 });
  });

  it('changes the ETag when the source string gets labels or flags', async () => {
    const before = (await s.api(`/api/units/${unit.id}/`)).headers.get('etag')!;
    const sourceId = Number(/units\/(\d+)\//.exec((await (await s.api(`/api/units/${unit.id}/`)).json()).source_unit as string)![1]);
    const sourceBefore = (await s.api(`/api/units/${sourceId}/`)).headers.get('etag')!;
    expect((await s.api(`/api/units/${sourceId}/`, { method: 'PATCH', json: { extra_flags: 'max-length:100' }, headers: { 'If-Match': sourceBefore } })).status).toBe(200);
    const afterFlags = (await s.api(`/api/units/${sourceId}/`)).headers.get('etag')!;
    expect(afterFlags).not.toBe(sourceBefore);
    const stale = (await s.api(`/api/units/${sourceId}/`, { method: 'PATCH', json: { extra_flags: '' }, headers: { 'If-Match': sourceBefore } })).status;
    expect(stale).toBe(412);
    const label = await (await s.api('/api/projects/live/labels/', { method: 'POST', json: { name: 'ui', color: 'navy' } })).json();
    expect((await s.api(`/api/units/${sourceId}/`, { method: 'PATCH', json: { labels: [label.id] }, headers: { 'If-Match': afterFlags } })).status).toBe(200);
    // The translation shows its source string's labels: its version moved too.
    expect((await s.api(`/api/units/${unit.id}/`)).headers.get('etag')).not.toBe(before);
  });

  it('serialises concurrent conditional writes: exactly one wins', async () => {
    const tag = (await s.api(`/api/units/${unit.id}/`)).headers.get('etag')!;
    const results = await Promise.all(['A', 'B', 'C', 'D'].map((x) => patch({ target: [`Souběh ${x}`], state: 20 }, { 'If-Match': tag })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 412, 412, 412]);
  });

  it('applies If-Match to PUT (a monolingual template string, where PUT may write)', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ name: 'Json', slug: 'json', file_format: 'json', filemask: 'j/*.json', template: 'j/en.json' })) form.append(k, v);
    const zip = buildZip([
      { name: 'j/en.json', data: JSON.stringify({ greeting: 'Hello' }) },
      { name: 'j/cs.json', data: JSON.stringify({ greeting: 'Ahoj' }) },
    ]);
    form.append('zipfile', new Blob([new Uint8Array(zip)]), 'j.zip');
    const created = await s.api('/api/projects/live/components/', { method: 'POST', body: form });
    expect(created.status, await created.clone().text()).toBe(201);
    const [template] = (await (await s.api('/api/translations/live/json/en/units/')).json()).results as Unit[];
    const put = (target: string, ifMatch: string) => s.api(`/api/units/${template!.id}/`, { method: 'PUT', json: { target: [target], state: 20, labels: [] }, headers: { 'If-Match': ifMatch } });
    const tag = (await s.api(`/api/units/${template!.id}/`)).headers.get('etag')!;
    const first = await put('Hello!', tag);
    expect(first.status, await first.clone().text()).toBe(200);
    expect(first.headers.get('etag')).not.toBe(tag);
    const stale = await put('Hi', tag);
    expect(stale.status).toBe(412);
    expect((await (await s.api(`/api/units/${template!.id}/`)).json()).target).toEqual(['Hello!']);
    expect((await put('Hi', first.headers.get('etag')!)).status).toBe(200);
  });

  it('gives a new string its ETag', async () => {
    const res = await s.api('/api/translations/live/app/en/units/', { method: 'POST', json: { source: ['Brand new'] } });
    expect([200, 201]).toContain(res.status);
    const created = await res.json();
    expect(res.headers.get('etag')).toBe((await s.api(`/api/units/${created.id}/`)).headers.get('etag'));
  });
});

describe('live event stream of a translation', () => {
  let s: TestServer;
  let units: Unit[];
  let tinaToken: string;
  const events = '/translate/live/app/cs/events/';

  beforeAll(async () => {
    s = await startServer('sqlite');
    expect((await createProject(s, 'live')).status).toBe(201);
    expect((await createPoComponent(s, 'live')).status).toBe(201);
    expect((await createProject(s, 'secret', { access_control: 100 })).status).toBe(201);
    expect((await createPoComponent(s, 'secret')).status).toBe(201);
    units = (await (await s.api('/api/translations/live/app/cs/units/?page_size=100')).json()).results as Unit[];
    tinaToken = await s.createUser('tina');
    await userWithPassword(s, 'tina');
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  const byToken = (token: string) => ({ Authorization: `Token ${token}` });
  const hello = () => units.find((u) => u.source[0] === 'Hello')!;

  it('streams text/event-stream, uncompressed, and sends an API PATCH as an event with who, what and the counters', async () => {
    const stream = await openEventStream(`${s.url}${events}`, { ...byToken(s.adminToken), 'Accept-Encoding': 'gzip, br' });
    try {
      expect(stream.res.status).toBe(200);
      expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(stream.res.headers.get('content-encoding')).toBeNull();
      const snapshot = await stream.next((e) => e.event === 'snapshot');
      expect(snapshot.data.counters.total).toBeGreaterThan(0);
      const before = snapshot.data.counters.translated as number;

      const res = await s.api(`/api/units/${hello().id}/`, { method: 'PATCH', token: tinaToken, json: { target: ['Nazdar'], state: 20 } });
      expect(res.status, await res.clone().text()).toBe(200);
      const saved = await stream.next((e) => e.event === 'unit-saved');
      expect(saved.id).toMatch(/^\d+-\d+$/);
      expect(saved.data).toMatchObject({ unit: hello().id, user: { username: 'tina', full_name: 'tina' }, target: ['Nazdar'], state: 20 });
      // "Hello" was translated already: the count stays, and the counters are the translation's.
      expect(saved.data.counters).toMatchObject({ translated: before, total: snapshot.data.counters.total });
    } finally {
      stream.close();
    }
  });

  it('sends saves from the editor form and accepted suggestions, not unchanged saves', async () => {
    const stream = await openEventStream(`${s.url}${events}`, byToken(s.adminToken));
    try {
      await stream.next((e) => e.event === 'snapshot');
      const tina = await signIn(s, 'tina');
      const open = units.find((u) => u.source[0] === 'Open')!;
      const posted = await tina.post('/translate/live/app/cs/', { id: String(open.id), target_0: 'Otevřít', action: 'save' }, { from: `/translate/live/app/cs/?id=${open.id}` });
      expect(posted.status, posted.html.slice(0, 500)).toBe(303);
      const fromForm = await stream.next((e) => e.event === 'unit-saved' && e.data.unit === open.id);
      expect(fromForm.data).toMatchObject({ target: ['Otevřít'], state: 20, user: { username: 'tina' } });
      const translatedAfter = fromForm.data.counters.translated as number;

      // The same text again changes nothing and publishes nothing.
      expect((await s.api(`/api/units/${open.id}/`, { method: 'PATCH', json: { target: ['Otevřít'], state: 20 } })).status).toBe(200);

      const goodbye = units.find((u) => u.source[0] === 'Goodbye world')!;
      const suggestion = await (await s.api(`/api/units/${goodbye.id}/suggestions/`, { method: 'POST', token: tinaToken, json: { target: ['Na shledanou'] } })).json();
      expect((await s.api(`/api/suggestions/${suggestion.id}/accept/`, { method: 'POST', json: {} })).status).toBe(200);
      const accepted = await stream.next((e) => e.event === 'unit-saved' && e.data.unit === goodbye.id);
      expect(accepted.data).toMatchObject({ target: ['Na shledanou'], state: 20, user: { username: 'admin' } });
      // "Goodbye world" was fuzzy: one more translated, one less needing editing.
      expect(accepted.data.counters.translated).toBe(translatedAfter + 1);
      expect(stream.events.filter((e) => e.event === 'unit-saved' && e.data.unit === open.id)).toHaveLength(1);
    } finally {
      stream.close();
    }
  });

  it('resumes from Last-Event-ID with the events missed in between', async () => {
    const first = await openEventStream(`${s.url}${events}`, byToken(s.adminToken));
    await first.next((e) => e.event === 'snapshot');
    expect((await s.api(`/api/units/${hello().id}/`, { method: 'PATCH', json: { target: ['Jedna'], state: 20 } })).status).toBe(200);
    const seen = await first.next((e) => e.event === 'unit-saved' && e.data.target[0] === 'Jedna');
    first.close();

    // Missed while disconnected.
    expect((await s.api(`/api/units/${hello().id}/`, { method: 'PATCH', json: { target: ['Dvě'], state: 20 } })).status).toBe(200);
    expect((await s.api(`/api/units/${hello().id}/`, { method: 'PATCH', json: { target: ['Tři'], state: 10 } })).status).toBe(200);

    const resumed = await openEventStream(`${s.url}${events}`, { ...byToken(s.adminToken), 'Last-Event-ID': seen.id! });
    try {
      await resumed.next((e) => e.event === 'unit-saved' && e.data.target[0] === 'Tři');
      const saves = resumed.events.filter((e) => e.event === 'unit-saved').map((e) => e.data.target[0]);
      expect(saves).toEqual(['Dvě', 'Tři']);
      // A stream without Last-Event-ID starts now: nothing old.
      const fresh = await openEventStream(`${s.url}${events}`, byToken(s.adminToken));
      await fresh.next((e) => e.event === 'snapshot');
      await new Promise((r) => setTimeout(r, 200));
      expect(fresh.events.filter((e) => e.event === 'unit-saved')).toEqual([]);
      fresh.close();
    } finally {
      resumed.close();
    }
  });

  it('announces who is viewing, by session or token, and who left', async () => {
    const watcher = await openEventStream(`${s.url}${events}`, byToken(s.adminToken));
    try {
      await watcher.next((e) => e.event === 'snapshot');
      const tina = await signIn(s, 'tina');
      const tinaStream = await openEventStream(`${s.url}${events}`, { Cookie: tina.cookie });
      const joined = await watcher.next((e) => e.event === 'presence' && e.data.viewers.some((v: { username: string }) => v.username === 'tina'));
      expect(joined.data.viewers.map((v: { username: string }) => v.username)).toEqual(['admin', 'tina']);
      const tinaSnapshot = await tinaStream.next((e) => e.event === 'snapshot');
      expect(tinaSnapshot.data.viewers.map((v: { username: string }) => v.username)).toEqual(['admin', 'tina']);
      tinaStream.close();
      await watcher.next((e) => e.event === 'presence' && compareEventIds(e.id!, joined.id!) > 0 && !e.data.viewers.some((v: { username: string }) => v.username === 'tina'));
      expect(await s.container.live.viewers((await translationId()) ?? 0)).toEqual([{ username: 'admin', full_name: 'admin' }]);
    } finally {
      watcher.close();
    }
  });

  const translationId = async () => (await s.container.database.db.selectFrom('translations').innerJoin('components', 'components.id', 'translations.component_id').select('translations.id').where('components.slug', '=', 'app').where('translations.language_code', '=', 'cs').executeTakeFirst())?.id;

  it('refuses translations the caller may not see (404) and streams beyond the per-user limit (429)', async () => {
    expect((await fetch(`${s.url}/translate/secret/app/cs/events/`, { headers: byToken(tinaToken) })).status).toBe(404);
    expect((await fetch(`${s.url}/translate/live/app/xx/events/`, { headers: byToken(tinaToken) })).status).toBe(404);
    const open = [];
    try {
      for (let i = 0; i < 12; i++) {
        const stream = await openEventStream(`${s.url}${events}`, byToken(tinaToken));
        expect(stream.res.status).toBe(200);
        open.push(stream);
      }
      const refused = await fetch(`${s.url}${events}`, { headers: byToken(tinaToken) });
      expect(refused.status).toBe(429);
      expect((await refused.json()).detail).toMatch(/Too many/);
      // Others are not affected.
      const other = await openEventStream(`${s.url}${events}`, byToken(s.adminToken));
      expect(other.res.status).toBe(200);
      other.close();
    } finally {
      for (const stream of open) stream.close();
    }
    // Closed streams free their places.
    await new Promise((r) => setTimeout(r, 300));
    const again = await openEventStream(`${s.url}${events}`, byToken(tinaToken));
    expect(again.res.status).toBe(200);
    again.close();
  });

  it('starts with a comment line at once and ends open streams when the server closes', async () => {
    const own = await startServer('sqlite');
    try {
      expect((await createProject(own, 'live')).status).toBe(201);
      expect((await createPoComponent(own, 'live')).status).toBe(201);
      const stream = await openEventStream(`${own.url}${events}`, byToken(own.adminToken));
      await stream.next((e) => e.event === 'snapshot');
      expect(stream.comments()).toMatch(/^: \d+/);
      const closing = own.app.close();
      await Promise.race([closing, new Promise((_, reject) => setTimeout(() => reject(new Error('closing the app hung on an open stream')), 5000))]);
      await new Promise((r) => setTimeout(r, 100));
      expect(stream.ended()).toBe(true);
    } finally {
      await own.container.close();
      await fs.rm(own.dataDir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!REDIS_URL)('live events through Redis between processes', () => {
  const prefix = `parla-live-test-${crypto.randomBytes(4).toString('hex')}`;
  let a: RedisLiveBus;
  let b: RedisLiveBus;

  beforeAll(() => {
    a = new RedisLiveBus(REDIS_URL, prefix);
    b = new RedisLiveBus(REDIS_URL, prefix);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    if (REDIS_URL) await deleteRedisKeys(prefix);
  });

  const collect = () => {
    const got: LiveEvent[] = [];
    return { got, listener: (e: LiveEvent) => got.push(e) };
  };
  const until = async (what: () => boolean, ms = 3000) => {
    const deadline = Date.now() + ms;
    while (!what()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  const saved = (n: number) => ({ type: 'unit-saved' as const, data: { unit: n, user: null, target: [`t${n}`], state: 20, counters: { total: 1, translated: 1, fuzzy: 0, failing: 0, approved: 0 } } });

  it('delivers what one process publishes to another within moments, once and in order', async () => {
    const { got, listener } = collect();
    const stop = await b.subscribe(7, null, listener);
    const started = Date.now();
    await a.publish(7, saved(1));
    await a.publish(7, saved(2));
    await until(() => got.length >= 2, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(got.map((e) => (e.type === 'unit-saved' ? e.data.unit : 0))).toEqual([1, 2]);
    // Another translation's stream, followed later, interrupts the blocking read at once.
    const other = collect();
    const stopOther = await b.subscribe(8, null, other.listener);
    await a.publish(8, saved(3));
    await until(() => other.got.length === 1, 1000);
    stop();
    stopOther();
  });

  it('resumes on another process from an id the first one handed out', async () => {
    const first = collect();
    const stop = await a.subscribe(9, null, first.listener);
    await b.publish(9, saved(1));
    await until(() => first.got.length === 1);
    stop();
    await b.publish(9, saved(2));
    await b.publish(9, saved(3));
    const resumed = collect();
    const stopResumed = await b.subscribe(9, first.got[0]!.id, resumed.listener);
    await a.publish(9, saved(4));
    await until(() => resumed.got.length === 3);
    expect(resumed.got.map((e) => (e.type === 'unit-saved' ? e.data.unit : 0))).toEqual([2, 3, 4]);
    stopResumed();
  });

  it('shares presence, dropping expired entries', async () => {
    await a.presenceSet(10, 'k1', { person: { username: 'tina', full_name: 'Tina' }, expires: Date.now() + 10_000 });
    await b.presenceSet(10, 'k2', { person: { username: 'olga', full_name: 'Olga' }, expires: Date.now() - 1 });
    expect((await b.presenceList(10)).map((e) => e.person.username)).toEqual(['tina']);
    await a.presenceRemove(10, 'k1');
    expect(await b.presenceList(10)).toEqual([]);
  });
});
