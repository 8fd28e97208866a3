// Fuzzing the forge hook payload parsers: any body gives a ping, a well-typed push or the clean "invalid payload" error, quickly.
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeHookBody, HOOK_SERVICES, HookPayloadError, INVALID_PAYLOAD_MESSAGE, UNPARSABLE_PAYLOAD_MESSAGE, matchComponents, parseHookPayload, type HookEvent, type HookService } from '../../src/hooks/index.js';
import { describeError, params, timed } from './support.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../src/hooks/fixtures');

/** Recorded payloads with the service and headers they are delivered with. */
const DELIVERIES: { name: string; service: HookService; headers: Record<string, string> }[] = [
  { name: 'github-push', service: 'github', headers: { 'x-github-event': 'push' } },
  { name: 'github-ping', service: 'github', headers: { 'x-github-event': 'ping' } },
  { name: 'gitlab-push', service: 'gitlab', headers: { 'x-gitlab-event': 'Push Hook' } },
  { name: 'gitlab-merge-request', service: 'gitlab', headers: { 'x-gitlab-event': 'Merge Request Hook' } },
  { name: 'bitbucket-cloud-push', service: 'bitbucket', headers: { 'x-event-key': 'repo:push' } },
  { name: 'bitbucket-server-refs-changed', service: 'bitbucket', headers: { 'x-event-key': 'repo:refs_changed' } },
  { name: 'pagure-git-receive', service: 'pagure', headers: {} },
  { name: 'azure-git-push', service: 'azure', headers: {} },
  { name: 'gitea-push', service: 'gitea', headers: { 'x-gitea-event': 'push' } },
  { name: 'gitea-push', service: 'forgejo', headers: { 'x-forgejo-event': 'push' } },
  { name: 'gitee-push', service: 'gitee', headers: { 'x-gitee-event': 'Push Hook' } },
];
const fixtures = new Map(DELIVERIES.map((d) => [d.name, JSON.parse(fs.readFileSync(path.join(FIXTURES, `${d.name}.json`), 'utf8')) as unknown]));

/** Every field a push carries must have its declared type: matching and change details rely on it. */
function checkEvent(event: HookEvent): void {
  if (event.kind === 'ping') return;
  expect(event.kind).toBe('push');
  expect(HOOK_SERVICES).toContain(event.service);
  for (const field of ['serviceLongName', 'repoUrl', 'fullName'] as const) expect(typeof event[field], field).toBe('string');
  expect(Array.isArray(event.repoUrls) && event.repoUrls.every((u) => typeof u === 'string'), 'repoUrls').toBe(true);
  expect(event.branch === null || typeof event.branch === 'string', 'branch').toBe(true);
  expect(event.defaultBranch === null || typeof event.defaultBranch === 'string', 'defaultBranch').toBe(true);
  const matched = timed('matchComponents', () =>
    matchComponents(event, [
      { id: 1, repo: event.repoUrls[0] ?? 'https://example.com/a/b.git', branch: '', projectEnableHooks: true },
      { id: 2, repo: `git@example.com:${event.fullName}.git`, branch: event.branch ?? 'main', projectEnableHooks: true },
    ]),
  );
  if (!matched.ok) expect.fail(`matchComponents threw ${describeError(matched.error)}`);
}

/** A push, a ping or HookPayloadError("Invalid data in json payload!"): the hook endpoint's 201/400 answers, never a 500. */
function checkParse(service: HookService, headers: Record<string, string>, body: unknown): void {
  const outcome = timed(`${service} parser`, () => parseHookPayload(service, { headers, body }));
  if (!outcome.ok) {
    if (!(outcome.error instanceof HookPayloadError)) expect.fail(`${service} threw ${describeError(outcome.error)}`);
    expect(outcome.error.message).toBe(INVALID_PAYLOAD_MESSAGE);
    return;
  }
  checkEvent(outcome.value);
}

type Json = unknown;
type Edit = { at: number; action: 'set' | 'delete' | 'wrap' | 'stringify'; value: Json };

/** Paths of every object member and array element of a JSON value. */
function paths(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => [[...prefix, i], ...paths(v, [...prefix, i])]);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [[...prefix, k], ...paths(v, [...prefix, k])]);
  return [];
}

/** Replaces, deletes, wraps in an array or stringifies the member at one path of a deep copy. */
function mutate(original: Json, edits: Edit[]): Json {
  const doc = structuredClone(original) as Record<string | number, unknown>;
  for (const edit of edits) {
    const all = paths(doc);
    if (all.length === 0) return doc;
    const p = all[edit.at % all.length]!;
    let parent = doc as Record<string | number, unknown>;
    for (const key of p.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
    const key = p[p.length - 1]!;
    if (edit.action === 'delete') {
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key];
    } else if (edit.action === 'wrap') parent[key] = [parent[key]];
    else if (edit.action === 'stringify') parent[key] = JSON.stringify(parent[key]) ?? null;
    else parent[key] = edit.value;
  }
  return doc;
}

/** Values that break URL, ref and name handling: huge, slash-heavy, odd refs, unicode. */
const hostileString = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom('', '/', 'refs/heads/', 'refs/tags/v1', '.git', 'git@:', '://', 'https://', 'weblate://p/c', '__proto__', 'constructor', 'a/b.git/', 'ssh://git@h:22/x', '日本'),
  fc.tuple(fc.constantFrom('/', '.git', 'a', '//x', ':'), fc.integer({ min: 1000, max: 30_000 }), fc.constantFrom('', 'x', '/x', ':')).map(([piece, n, end]) => piece.repeat(n) + end),
);
const jsonish: fc.Arbitrary<Json> = fc.oneof({ weight: 3, arbitrary: hostileString }, { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) });
const edits = fc.array(
  fc.record({ at: fc.nat(), action: fc.constantFrom('set' as const, 'set' as const, 'delete' as const, 'wrap' as const, 'stringify' as const), value: jsonish }),
  { minLength: 1, maxLength: 4 },
);

const headerSets = fc.oneof(
  fc.constantFrom(...DELIVERIES.map((d) => d.headers)),
  fc.dictionary(fc.constantFrom('x-github-event', 'X-Gitlab-Event', 'x-event-key', 'x-gitea-event', 'x-forgejo-event', 'x-gitee-event', 'x-gogs-event'), fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('push', 'Push Hook', 'repo:push', 'repo:refs_changed', 'Tag Push Hook'))),
);

describe('hook payload parsers', () => {
  it('every recorded fixture parses as its delivery', () => {
    for (const d of DELIVERIES) checkParse(d.service, d.headers, fixtures.get(d.name));
    expect(parseHookPayload('github', { headers: { 'x-github-event': 'push' }, body: fixtures.get('github-push') }).kind).toBe('push');
  });

  it('arbitrary JSON bodies and headers: a ping, a typed push or the invalid-payload error', () => {
    fc.assert(
      fc.property(fc.constantFrom(...HOOK_SERVICES), headerSets, fc.jsonValue({ maxDepth: 4 }), (service, headers, body) => checkParse(service, headers, body)),
      params(),
    );
  });

  it('mutated real payloads: the same, within the time bound', () => {
    fc.assert(
      fc.property(fc.constantFrom(...DELIVERIES), edits, (d, e) => checkParse(d.service, d.headers, mutate(fixtures.get(d.name), e))),
      params(),
    );
  });

  it('mutated payloads sent to another service: the same', () => {
    fc.assert(
      fc.property(fc.constantFrom(...HOOK_SERVICES), fc.constantFrom(...DELIVERIES), headerSets, edits, (service, d, headers, e) =>
        checkParse(service, headers, mutate(fixtures.get(d.name), e)),
      ),
      params(0.5),
    );
  });
});

/** Sets every string member whose name suggests a URL, name or ref to `value`. */
function replaceUrlish(value: Json, replacement: string): Json {
  if (Array.isArray(value)) return value.map((v) => replaceUrlish(v, replacement));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, typeof v === 'string' && /url|homepage|name|path|href|link/i.test(k) ? replacement : replaceUrlish(v, replacement)]),
    );
  }
  return value;
}

describe('hook payloads with huge URL-like values (5 MB bodies are accepted)', () => {
  it('are handled in linear time: no backtracking regex on slash-heavy text', () => {
    const huge = fc
      .tuple(fc.constantFrom('/', '//x', '.git/', 'a:'), fc.integer({ min: 50_000, max: 120_000 }), fc.constantFrom('x', '/x', ':', '.git'))
      .map(([piece, n, end]) => piece.repeat(Math.ceil(n / piece.length)) + end);
    fc.assert(
      fc.property(fc.constantFrom(...DELIVERIES.filter((d) => !d.name.includes('ping') && !d.name.includes('merge'))), huge, (d, text) =>
        checkParse(d.service, d.headers, replaceUrlish(fixtures.get(d.name), text)),
      ),
      { ...params(0.05), endOnFailure: true },
    );
  });
});

describe('hook body decoding', () => {
  const contentType = fc.constantFrom(undefined, 'application/json', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain', 'APPLICATION/JSON; charset=utf-8');
  const body = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.uint8Array({ maxLength: 200 }),
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
    fc.jsonValue({ maxDepth: 3 }).map((v) => `payload=${encodeURIComponent(JSON.stringify(v))}`),
    fc.jsonValue({ maxDepth: 3 }),
    fc.jsonValue({ maxDepth: 3 }).map((v) => ({ payload: JSON.stringify(v) })),
    fc.jsonValue({ maxDepth: 3 }).map((v) => `--x\r\nContent-Disposition: form-data; name="payload"\r\n\r\n${JSON.stringify(v)}\r\n--x--\r\n`),
    fc.string({ maxLength: 200 }).map((t) => `--x\r\nContent-Disposition: form-data; name=${t}\r\n--x`),
    fc.constantFrom(undefined, null, '', '{}', 'payload=', '%', 'payload=%E0%A4%A', '--x', '--x--', '--x\r\n\r\n--x--'),
  );

  it('any body: a JSON object or one of the two payload errors', () => {
    fc.assert(
      fc.property(body, contentType, (b, type) => {
        const outcome = timed('decodeHookBody', () => decodeHookBody(b, type));
        if (!outcome.ok) {
          if (!(outcome.error instanceof HookPayloadError)) expect.fail(`decodeHookBody threw ${describeError(outcome.error)}`);
          expect([INVALID_PAYLOAD_MESSAGE, UNPARSABLE_PAYLOAD_MESSAGE]).toContain(outcome.error.message);
          return;
        }
        const v = outcome.value;
        expect(typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length > 0).toBe(true);
      }),
      params(),
    );
  });
});
