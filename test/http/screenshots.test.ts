// Screenshots: multipart upload validated by content, the image round trip, linked
// source strings, edits and deletion (with the stored file), permissions, search fields and changes.
import fs from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject, multipart } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.from(
  'ffd8ffe000104a46494600010101004800480000ffdb004300030202020202030202020303030304060404040404080606050609080a0a090809090a0c0f0c0a0b0e0b09090d110d0e0f101011100a0c12131210130f101010ffc9000b080001000101011100ffcc000600101005ffda0008010100003f00d2cf20ffd9',
  'hex',
);
const WEBP = Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64');
const MAX = 4096; // PARLA_SCREENSHOT_MAX_SIZE of the test server

/** A valid PNG of about `size` bytes (never more): stored, not compressed, pixel data makes it big. */
function bigPng(size: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const width = 64;
  const rows = Math.floor((size - 100) / (1 + width * 3));
  const raw = Buffer.alloc(rows * (1 + width * 3));
  for (let i = 0; i < raw.length; i++) raw[i] = i % (1 + width * 3) === 0 ? 0 : (i * 2654435761) >>> 24;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(rows, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([PNG.subarray(0, 8), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 0 })), chunk('IEND', Buffer.alloc(0))]);
}

describe.each(DIALECTS)('screenshots on %s', (dialect) => {
  let s: TestServer;
  let plain: string; // Users team: Power user on public projects, no screenshot.* permission

  const json = async (res: Response, status: number) => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return text ? JSON.parse(text) : null;
  };
  const errorsOf = async (res: Response) => {
    const body = await json(res, 400);
    return (body.errors as { attr: string; code: string; detail: string }[]).map((e) => [e.attr, e.detail]);
  };
  const unitOf = async (project: string, lang: string, source: string, component = 'app') => {
    const body = await json(await s.api(`/api/translations/${project}/${component}/${lang}/units/?page_size=100`), 200);
    return body.results.find((u: { source: string[] }) => u.source[0] === source) as { id: number; url: string };
  };
  const form = (fields: Record<string, string>, image?: { name: string; data: Buffer | string }) => multipart(fields, image ? { image } : {});
  const upload = (fields: Record<string, string>, image: { name: string; data: Buffer | string } | undefined, token?: string | null) =>
    s.api('/api/screenshots/', { method: 'POST', body: form(fields, image), token });
  const base = (project = 'pub', name = 'Login dialog') => ({ name, project_slug: project, component_slug: 'app', language_code: 'en' });
  const create = async (project = 'pub', name = 'Login dialog', image: { name: string; data: Buffer } = { name: 'shot.png', data: PNG }) => json(await upload(base(project, name), image), 201);
  const stored = async () => (await fs.readdir(path.join(s.dataDir, 'screenshots')).catch(() => [] as string[])).filter((f) => !f.endsWith('.tmp'));
  const rows = async () => Number((await s.container.database.db.selectFrom('screenshots').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rel = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

  beforeAll(async () => {
    s = await startServer(dialect, { PARLA_SCREENSHOT_MAX_SIZE: String(MAX) });
    plain = await s.createUser('plain');
    for (const [slug, access] of [['pub', 0], ['priv', 100]] as const) {
      await json(await createProject(s, slug, { access_control: access }), 201);
      await json(await createPoComponent(s, slug), 201);
    }
    await json(await createPoComponent(s, 'pub', 'second'), 201);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('uploads PNG, JPEG and WebP images and gives them back byte for byte', async () => {
    const res = await s.api('/api/screenshots/');
    expect(res.headers.get('allow')).toBe('GET, POST, HEAD, OPTIONS');
    const before = (await json(res, 200)).count;
    for (const [file, type] of [
      [{ name: 'a.png', data: PNG }, 'image/png'],
      [{ name: 'b.jpg', data: JPEG }, 'image/jpeg'],
      [{ name: 'c.webp', data: WEBP }, 'image/webp'],
      [{ name: 'no-extension', data: bigPng(MAX - 100) }, 'image/png'],
    ] as const) {
      expect(file.data.length).toBeLessThanOrEqual(MAX);
      const shot = await create('pub', `Shot ${file.name}`, file);
      expect(Object.keys(shot)).toEqual(['id', 'name', 'repository_filename', 'translation', 'file_url', 'units', 'url']);
      expect(shot).toMatchObject({ name: `Shot ${file.name}`, repository_filename: '', units: [] });
      expect(shot.translation).toMatch(/\/api\/translations\/pub\/app\/en\/$/);
      expect(shot.url).toMatch(new RegExp(`/api/screenshots/${shot.id}/$`));
      expect(shot.file_url).toBe(`${shot.url}file/`);
      const download = await s.api(rel(shot.file_url));
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe(type);
      expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"/]+"$/);
      expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(file.data))).toBe(true);
      expect(await json(await s.api(rel(shot.url)), 200)).toEqual(shot);
    }
    expect((await json(await s.api('/api/screenshots/'), 200)).count).toBe(before + 4);
    expect((await json(await s.api('/api/components/pub/app/screenshots/'), 200)).count).toBeGreaterThanOrEqual(4);
    expect((await json(await s.api('/api/components/pub/second/screenshots/'), 200)).count).toBe(0);
    // A screenshot of another language and an optional repository file name.
    const cs = await json(await upload({ ...base('pub', 'Czech'), language_code: 'cs', repository_filename: 'docs/cs.png' }, { name: 'x.png', data: PNG }), 201);
    expect(cs).toMatchObject({ repository_filename: 'docs/cs.png', translation: expect.stringMatching(/\/translations\/pub\/app\/cs\/$/) });
  });

  it('refuses missing fields, unknown translations, non-images and oversized images, writing nothing', async () => {
    const rowsBefore = await rows();
    const filesBefore = await stored();
    let res = await upload({ name: 'x', component_slug: 'app', language_code: 'en' }, { name: 'a.png', data: PNG });
    expect(await errorsOf(res)).toEqual([['project_slug', 'This field is required.']]);
    res = await upload({ project_slug: 'pub' }, undefined);
    expect((await errorsOf(res)).map(([attr]) => attr).sort()).toEqual(['component_slug', 'image', 'language_code', 'name']);
    res = await upload({ ...base(), component_slug: 'nope' }, { name: 'a.png', data: PNG });
    expect(await errorsOf(res)).toEqual([
      ['project_slug', 'Translation not found.'],
      ['component_slug', 'Translation not found.'],
      ['language_code', 'Translation not found.'],
    ]);
    res = await upload({ ...base(), language_code: 'fr' }, { name: 'a.png', data: PNG });
    expect((await errorsOf(res)).length).toBe(3);

    // Content decides, not the name: a text file called .png, a PNG cut short, a GIF.
    for (const data of [Buffer.from('just some text\n'), PNG.subarray(0, PNG.length - 5), Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')]) {
      res = await upload(base(), { name: 'fake.png', data });
      const body = await json(res, 400);
      expect(body.errors).toEqual([{ attr: 'image', code: 'invalid_image', detail: expect.stringContaining('valid image') }]);
    }
    res = await upload(base(), { name: 'big.png', data: bigPng(MAX + 500) });
    expect(bigPng(MAX + 500).length).toBeGreaterThan(MAX);
    const big = await json(res, 400);
    expect(big.errors).toEqual([{ attr: 'image', code: 'too_large', detail: expect.stringContaining('too big') }]);
    // JSON has no file: the image is missing.
    res = await s.api('/api/screenshots/', { method: 'POST', json: base() });
    expect((await errorsOf(res)).map(([attr]) => attr)).toEqual(['image']);

    expect(await rows()).toBe(rowsBefore);
    expect((await stored()).sort()).toEqual(filesBefore.sort());
  });

  it('keeps no row when the image cannot be stored', async () => {
    const dir = path.join(s.dataDir, 'screenshots');
    const aside = `${dir}.aside`;
    await fs.mkdir(dir, { recursive: true });
    await fs.rename(dir, aside);
    await fs.writeFile(dir, 'not a directory'); // every write under it fails
    try {
      const before = await rows();
      const res = await upload(base('pub', 'Doomed'), { name: 'a.png', data: PNG });
      expect(res.status).toBeGreaterThanOrEqual(500);
      expect(await rows()).toBe(before);
    } finally {
      await fs.rm(dir);
      await fs.rename(aside, dir);
    }
  });

  it('edits, replaces the image and deletes, removing stored files', async () => {
    const shot = await create('pub', 'Editable');
    const file = (await s.api(rel(shot.file_url))).headers.get('content-disposition')!.match(/filename="(.*)"/)![1]!;
    expect(await stored()).toContain(file);

    expect(await json(await s.api(rel(shot.url), { method: 'PATCH', json: { name: 'Edited', repository_filename: 'a/b.png' } }), 200)).toMatchObject({
      id: shot.id,
      name: 'Edited',
      repository_filename: 'a/b.png',
    });
    expect(await json(await s.api(rel(shot.url), { method: 'PUT', json: { name: 'Put' } }), 200)).toMatchObject({ name: 'Put', repository_filename: 'a/b.png' });
    expect((await errorsOf(await s.api(rel(shot.url), { method: 'PUT', json: {} }))).map(([attr]) => attr)).toEqual(['name']);
    expect((await errorsOf(await s.api(rel(shot.url), { method: 'PATCH', json: { name: '' } }))).map(([attr]) => attr)).toEqual(['name']);

    // Replacing the image: {"result": true}, the new bytes come back, the old file is gone.
    let res = await s.api(rel(shot.file_url), { method: 'POST', body: form({}, { name: 'new.jpg', data: JPEG }) });
    expect(await json(res, 200)).toEqual({ result: true });
    const download = await s.api(rel(shot.file_url));
    expect(download.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await download.arrayBuffer()).equals(JPEG)).toBe(true);
    const replaced = download.headers.get('content-disposition')!.match(/filename="(.*)"/)![1]!;
    expect(await stored()).not.toContain(file);
    expect(await stored()).toContain(replaced);
    res = await s.api(rel(shot.file_url), { method: 'PUT', body: form({}, { name: 'x.png', data: 'text' }) });
    expect((await errorsOf(res))[0]![0]).toBe('image');
    expect(await stored()).toContain(replaced);

    expect((await s.api(rel(shot.url), { method: 'DELETE' })).status).toBe(204);
    expect((await s.api(rel(shot.url))).status).toBe(404);
    expect((await s.api(rel(shot.file_url))).status).toBe(404);
    expect(await stored()).not.toContain(replaced);
    const actions = (await json(await s.api('/api/components/pub/app/changes/?page_size=200'), 200)).results.map((c: { action: number }) => c.action);
    expect(actions).toContain(58);
    expect(actions).toContain(85);
  });

  it('sweeps away the images of screenshots deleted with their translation', async () => {
    const shot = await json(await upload({ ...base('pub', 'Doomed with its translation'), component_slug: 'second', language_code: 'de' }, { name: 'a.png', data: PNG }), 201);
    const file = (await s.api(rel(shot.file_url))).headers.get('content-disposition')!.match(/filename="(.*)"/)![1]!;
    const others = (await stored()).filter((f) => f !== file);
    expect((await s.api('/api/translations/pub/second/de/', { method: 'DELETE' })).status).toBe(204);
    expect((await s.api(rel(shot.url))).status).toBe(404);
    expect(await stored()).toContain(file); // the row went by cascade, the image is still there
    expect(await s.container.screenshots.sweep(60_000)).toBe(0); // too young to be swept
    expect(await s.container.screenshots.sweep(0)).toBe(1);
    expect((await stored()).sort()).toEqual(others.sort());
  });

  it('links source strings of its component, shown in search on every translation', async () => {
    const shot = await create('pub', 'Main window');
    const hello = await unitOf('pub', 'en', 'Hello');
    const csHello = await unitOf('pub', 'cs', 'Hello');
    const units = `${rel(shot.url)}units/`;

    let linked = await json(await s.api(units, { method: 'POST', json: { unit_id: hello.id } }), 200);
    expect(linked.units).toEqual([hello.url]);
    // Form values are strings; linking twice changes nothing.
    linked = await json(await s.api(units, { method: 'POST', body: form({ unit_id: String(hello.id) }) }), 200);
    expect(linked.units).toEqual([hello.url]);
    expect((await json(await s.api(rel(shot.url)), 200)).units).toEqual([hello.url]);

    for (const [body, detail] of [
      [{ unit_id: csHello.id }, 'Unit not found.'], // not the screenshot's translation, not a source string
      [{ unit_id: (await unitOf('pub', 'en', 'Hello', 'second')).id }, 'Unit not found.'], // another component
      [{ unit_id: 99999999 }, 'Unit not found.'],
      [{ unit_id: 'abc' }, 'A valid integer is required.'],
      [{}, 'This field is required.'],
    ] as const) {
      expect(await errorsOf(await s.api(units, { method: 'POST', json: body }))).toEqual([['unit_id', detail]]);
    }

    const q = async (query: string) =>
      (await json(await s.api(`/api/translations/pub/app/cs/units/?q=${encodeURIComponent(query)}`), 200)).results.map((u: { id: number }) => u.id);
    expect(await q('has:screenshot')).toEqual([csHello.id]);
    expect(await q('screenshot:"main win"')).toEqual([csHello.id]);
    expect(await q('screenshot:=Nope')).toEqual([]);

    // Unlinking: with and without the trailing slash; a string that is not linked is 404.
    expect((await s.api(`${units}${hello.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await json(await s.api(rel(shot.url)), 200)).units).toEqual([]);
    expect((await s.api(`${units}${hello.id}/`, { method: 'DELETE' })).status).toBe(404);
    await json(await s.api(units, { method: 'POST', json: { unit_id: hello.id } }), 200);
    expect((await s.api(`${units}${hello.id}/`, { method: 'DELETE' })).status).toBe(204);
    expect(await q('has:screenshot')).toEqual([]);
    const added = (await json(await s.api('/api/components/pub/app/changes/?page_size=200'), 200)).results.filter((c: { action: number }) => c.action === 57);
    expect(added.length).toBeGreaterThanOrEqual(2);
  });

  it('checks permissions: writes need screenshot.*, private projects are invisible', async () => {
    const pubShot = await create('pub', 'Public');
    const privShot = await create('priv', 'Private');
    const hello = await unitOf('pub', 'en', 'Hello');
    // Anonymous writes: 401.
    expect((await upload(base(), { name: 'a.png', data: PNG }, null)).status).toBe(401);
    expect((await s.api(rel(pubShot.url), { method: 'DELETE', token: null })).status).toBe(401);
    // A user of the public project without screenshot permissions: 403 on every write.
    expect((await upload(base(), { name: 'a.png', data: PNG }, plain)).status).toBe(403);
    expect((await s.api(rel(pubShot.url), { method: 'PATCH', token: plain, json: { name: 'Mine' } })).status).toBe(403);
    expect((await s.api(rel(pubShot.url), { method: 'DELETE', token: plain })).status).toBe(403);
    expect((await s.api(rel(pubShot.file_url), { method: 'POST', token: plain, body: form({}, { name: 'a.png', data: PNG }) })).status).toBe(403);
    expect((await s.api(`${rel(pubShot.url)}units/`, { method: 'POST', token: plain, json: { unit_id: hello.id } })).status).toBe(403);
    // …but may read it.
    expect((await json(await s.api(rel(pubShot.url), { token: plain }), 200)).name).toBe('Public');
    expect((await s.api(rel(pubShot.file_url), { token: null })).status).toBe(200);
    // A private project's screenshots do not exist for outsiders, in lists or by id.
    for (const token of [null, plain]) {
      const ids = (await json(await s.api('/api/screenshots/?page_size=1000', { token }), 200)).results.map((x: { id: number }) => x.id);
      expect(ids).toContain(pubShot.id);
      expect(ids).not.toContain(privShot.id);
      expect((await s.api(rel(privShot.url), { token })).status).toBe(404);
      expect((await s.api(rel(privShot.file_url), { token })).status).toBe(404);
      expect((await s.api('/api/components/priv/app/screenshots/', { token })).status).toBe(404);
    }
    expect((await s.api(rel(privShot.url), { method: 'DELETE', token: plain })).status).toBe(404);
    // Uploading into an invisible project is the same 400 as into a missing one.
    expect((await errorsOf(await upload(base('priv'), { name: 'a.png', data: PNG }, plain))).map(([a]) => a)).toEqual(['project_slug', 'component_slug', 'language_code']);
    expect((await json(await s.api(rel(pubShot.url)), 200)).name).toBe('Public');
    expect((await s.api('/api/screenshots/abc/')).status).toBe(404);
  });
});
