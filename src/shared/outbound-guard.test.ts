// SSRF guard: address classes, odd spellings, allow-list forms, and real requests to local servers (redirects, rebinding).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkAllowedHostEntry, classifyAddress, OutboundBlockedError, OutboundGuard, OutboundRedirectError, type ResolvedAddress } from './outbound-guard.js';

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['100.127.255.255', 'shared (CGNAT)'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['2001:db8::1', 'reserved'],
    // IPv6 forms that carry an IPv4 address are judged by that address.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::FFFF:A9FE:A9FE', 'link-local'],
    ['::ffff:10.0.0.1', 'private'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['2002:7f00:1::', 'loopback'],
    ['[::1]', 'loopback'],
  ])('%s is %s', (address, category) => {
    expect(classifyAddress(address)).toBe(category);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '169.255.0.1', '2606:4700::1111', '::ffff:8.8.8.8', '2002:808:808::'])('%s is public', (address) => {
    expect(classifyAddress(address)).toBeNull();
  });

  it('refuses to classify something that is not an IP address', () => {
    expect(() => classifyAddress('example.com')).toThrow(TypeError);
  });
});

describe('allow-list entries', () => {
  it.each(['localhost', '*.corp.example', '127.0.0.1', '::1', '[::1]', '10.0.0.0/8', 'fd00::/8', 'mt.internal'])('accepts %s', (entry) => {
    expect(checkAllowedHostEntry(entry)).toBeNull();
  });
  it.each(['10.0.0.0/33', 'example.com/8', 'http://x', 'a b', '-x', '::1/129'])('rejects %s', (entry) => {
    expect(checkAllowedHostEntry(entry)).not.toBeNull();
  });
  it('an invalid entry fails construction', () => {
    expect(() => new OutboundGuard({ allowedHosts: ['10.0.0.0/99'] })).toThrow(TypeError);
  });
});

/** A resolver with fixed answers; counts calls. */
function fakeResolver(table: Record<string, string[] | (() => string[])>) {
  const calls: string[] = [];
  const resolver = async (host: string): Promise<ResolvedAddress[]> => {
    calls.push(host);
    const entry = table[host];
    if (!entry) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    const list = typeof entry === 'function' ? entry() : entry;
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolver, calls };
}

describe('OutboundGuard.resolve / refusal', () => {
  const strict = new OutboundGuard();

  it('refuses literal internal addresses and every odd IPv4 spelling of loopback (real resolver)', async () => {
    for (const host of ['127.0.0.1', '[::1]', '::ffff:127.0.0.1', '2130706433', '0177.0.0.1', '0x7f.0.0.1', '0x7f000001', '127.1', 'localhost']) {
      await expect(strict.resolve(host), host).rejects.toBeInstanceOf(OutboundBlockedError);
    }
  });

  it('normalises odd spellings in URLs too', async () => {
    for (const url of ['http://2130706433/', 'http://0177.0.0.1/', 'http://0x7f.1/', 'http://[::ffff:7f00:1]/', 'http://169.254.169.254/latest/meta-data/', 'http://[fe80::1]/']) {
      expect(await strict.refusalForUrl(url), url).toMatch(/address; requests to internal addresses are refused/);
    }
  });

  it('names the host, the address and its class', async () => {
    const error = await strict.resolve('localhost').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundBlockedError);
    expect((error as Error).message).toBe('localhost resolves to 127.0.0.1, which is a loopback address; requests to internal addresses are refused unless PARLA_ALLOWED_HOSTS allows them.');
    expect(await strict.refusal('169.254.169.254')).toMatch(/^169\.254\.169\.254 is a link-local address/);
  });

  it('refuses a host when any one of its addresses is internal', async () => {
    const { resolver } = fakeResolver({ 'mixed.test': ['93.184.216.34', '10.0.0.5'], 'public.test': ['93.184.216.34', '2606:2800:220:1::1'] });
    const guard = new OutboundGuard({ resolver });
    expect(await guard.refusal('mixed.test')).toMatch(/mixed\.test resolves to 10\.0\.0\.5, which is a private address/);
    expect(await guard.refusal('public.test')).toBeNull();
  });

  it('does not refuse a host that does not resolve (the request-time check still applies)', async () => {
    expect(await strict.refusal('nowhere.invalid')).toBeNull();
    await expect(strict.resolve('nowhere.invalid')).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });

  it('allows by host name, by *.suffix, by IP and by CIDR', async () => {
    const { resolver } = fakeResolver({ 'mt.internal': ['10.1.1.1'], 'a.corp.example': ['192.168.5.5'], 'other.test': ['10.2.3.4'], 'ip6.test': ['fd00::7'] });
    const guard = new OutboundGuard({ resolver, allowedHosts: ['MT.internal', '*.corp.example', '127.0.0.1', '10.2.0.0/16', 'fd00::/8'] });
    expect(await guard.refusal('mt.internal')).toBeNull();
    expect(await guard.refusal('a.corp.example')).toBeNull();
    expect(await guard.refusal('127.0.0.1')).toBeNull();
    expect(await guard.refusal('other.test')).toBeNull(); // 10.2.3.4 inside 10.2.0.0/16
    expect(await guard.refusal('ip6.test')).toBeNull();
    expect(await guard.refusal('127.0.0.2')).not.toBeNull(); // only the one address is allowed
    expect(await guard.refusal('10.3.0.1')).not.toBeNull();
    expect(await guard.refusal('corp.example')).toBeNull(); // does not resolve here
  });

  it('allowing a name does not allow its addresses under other names', async () => {
    const guard = new OutboundGuard({ allowedHosts: ['localhost'] });
    expect(await guard.refusal('localhost')).toBeNull();
    expect(await guard.refusal('127.0.0.1')).toMatch(/loopback/);
  });
});

describe('OutboundGuard.fetch against local servers', () => {
  let server: http.Server;
  let port: number;
  let hits: string[] = [];
  // A second server on 127.0.0.2 (also loopback on Linux) as a redirect target that is not allowed.
  let inner: http.Server;
  let innerPort: number;
  let innerHits = 0;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`);
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (req.url === '/to-inner') return void res.writeHead(307, { location: `http://127.0.0.2:${innerPort}/secret` }).end();
        if (req.url === '/to-self') return void res.writeHead(308, { location: `/echo` }).end();
        if (req.url === '/see-other') return void res.writeHead(303, { location: `/echo` }).end();
        if (req.url === '/loop') return void res.writeHead(302, { location: `/loop` }).end();
        res.writeHead(200, { 'content-type': 'application/json', 'x-twice': 'a' }).end(JSON.stringify({ method: req.method, body: Buffer.concat(chunks).toString('utf8'), auth: req.headers.authorization ?? null }));
      });
    });
    inner = http.createServer((_req, res) => {
      innerHits++;
      res.end('secret');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => inner.listen(0, '127.0.0.2', resolve));
    port = (server.address() as AddressInfo).port;
    innerPort = (inner.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const s of [server, inner]) {
      s.closeAllConnections();
      await new Promise((resolve) => s.close(resolve));
    }
  });
  beforeEach(() => {
    hits = [];
    innerHits = 0;
  });

  it('refuses loopback by default without connecting', async () => {
    const guard = new OutboundGuard();
    await expect(guard.fetch(`http://127.0.0.1:${port}/echo`)).rejects.toBeInstanceOf(OutboundBlockedError);
    await expect(guard.fetch(`http://localhost:${port}/echo`)).rejects.toBeInstanceOf(OutboundBlockedError);
    await expect(guard.fetch(`http://2130706433:${port}/echo`)).rejects.toBeInstanceOf(OutboundBlockedError);
    expect(hits).toEqual([]);
  });

  it('sends a request to an allowed host and returns a fetch Response', async () => {
    const guard = new OutboundGuard({ allowedHosts: ['localhost'] });
    const res = await guard.fetch(`http://localhost:${port}/echo`, { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json', authorization: 'Bearer k' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-twice')).toBe('a');
    expect(await res.json()).toEqual({ method: 'POST', body: '{"a":1}', auth: 'Bearer k' });
    expect(hits).toEqual(['POST /echo']);
  });

  it('refuses a redirect from an allowed host to an address that is not allowed', async () => {
    const guard = new OutboundGuard({ allowedHosts: ['localhost'] });
    await expect(guard.fetch(`http://localhost:${port}/to-inner`, { method: 'POST', body: 'x', redirect: 'follow' })).rejects.toBeInstanceOf(OutboundBlockedError);
    expect(hits).toEqual(['POST /to-inner']);
    expect(innerHits).toBe(0);
    // The same target is reachable once it is allowed: the refusal above was the guard's doing.
    const open = new OutboundGuard({ allowedHosts: ['localhost', '127.0.0.2'] });
    const res = await open.fetch(`http://localhost:${port}/to-inner`, { method: 'POST', body: 'x', redirect: 'follow' });
    expect(await res.text()).toBe('secret');
    expect(innerHits).toBe(1);
  });

  it('follows checked redirects: 308 keeps the method and body, 303 turns into GET', async () => {
    const guard = new OutboundGuard({ allowedHosts: ['127.0.0.1'] });
    const kept = await guard.fetch(`http://127.0.0.1:${port}/to-self`, { method: 'POST', body: 'same', redirect: 'follow' });
    expect(await kept.json()).toMatchObject({ method: 'POST', body: 'same' });
    const other = await guard.fetch(`http://127.0.0.1:${port}/see-other`, { method: 'POST', body: 'gone', redirect: 'follow' });
    expect(await other.json()).toMatchObject({ method: 'GET', body: '' });
  });

  it('limits redirects, refuses them by default, and returns them with manual', async () => {
    const guard = new OutboundGuard({ allowedHosts: ['127.0.0.1'] });
    await expect(guard.fetch(`http://127.0.0.1:${port}/loop`, { redirect: 'follow', maxRedirects: 3 })).rejects.toThrow(/More than 3 redirects/);
    expect(hits).toHaveLength(4);
    await expect(guard.fetch(`http://127.0.0.1:${port}/loop`)).rejects.toBeInstanceOf(OutboundRedirectError);
    const manual = await guard.fetch(`http://127.0.0.1:${port}/loop`, { redirect: 'manual' });
    expect(manual.status).toBe(302);
    expect(manual.headers.get('location')).toBe('/loop');
  });

  it('checks the answer DNS gives at connection time, and resolves only once per connection', async () => {
    // First answer public (passes the configuration-time check), later answers loopback: rebinding.
    let answers = 0;
    const { resolver, calls } = fakeResolver({ 'rebind.test': () => (answers++ === 0 ? ['93.184.216.34'] : ['127.0.0.1']) });
    const guard = new OutboundGuard({ resolver });
    expect(await guard.refusalForUrl(`http://rebind.test:${port}/echo`)).toBeNull();
    await expect(guard.fetch(`http://rebind.test:${port}/echo`)).rejects.toBeInstanceOf(OutboundBlockedError);
    expect(hits).toEqual([]);
    expect(calls).toEqual(['rebind.test', 'rebind.test']);
    // With loopback allowed, the connection goes to the address the guard itself resolved.
    const { resolver: fixed, calls: fixedCalls } = fakeResolver({ 'svc.test': ['127.0.0.1'] });
    const allowed = new OutboundGuard({ resolver: fixed, allowedHosts: ['127.0.0.0/8'] });
    const res = await allowed.fetch(`http://svc.test:${port}/echo`);
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expect(fixedCalls).toEqual(['svc.test']);
    expect(hits).toEqual(['GET /echo']);
  });

  it('rejects with the signal reason on timeout', async () => {
    const hang = http.createServer(() => undefined);
    await new Promise<void>((resolve) => hang.listen(0, '127.0.0.1', resolve));
    try {
      const guard = new OutboundGuard({ allowedHosts: ['127.0.0.1'] });
      const error = await guard.fetch(`http://127.0.0.1:${(hang.address() as AddressInfo).port}/`, { signal: AbortSignal.timeout(100) }).catch((e: unknown) => e);
      expect((error as Error).name).toBe('TimeoutError');
    } finally {
      hang.closeAllConnections();
      await new Promise((resolve) => hang.close(resolve));
    }
  });
});
