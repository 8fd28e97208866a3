// SSRF guard for requests the server makes on a user's behalf: refuses internal addresses unless allow-listed, pins connections to checked addresses.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { Readable } from 'node:stream';

/** Why an address is not a public internet address. */
export type AddressCategory = 'unspecified' | 'loopback' | 'private' | 'link-local' | 'shared (CGNAT)' | 'multicast' | 'reserved';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to all its addresses (dns.lookup by default; tests pass their own). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface OutboundGuardOptions {
  /** PARLA_ALLOWED_HOSTS entries: host names (`*.example.com` for subdomains), IP addresses and CIDR ranges. */
  allowedHosts?: readonly string[];
  resolver?: Resolver;
}

/** A request refused because its host is, or resolves to, an internal address. */
export class OutboundBlockedError extends Error {
  override readonly name = 'OutboundBlockedError';
  readonly code = 'ERR_OUTBOUND_BLOCKED';
  constructor(
    readonly host: string,
    readonly address: string,
    readonly category: AddressCategory,
  ) {
    const what = host === address ? `${address} is` : `${host} resolves to ${address}, which is`;
    super(`${what} ${category === 'unspecified' ? 'an' : 'a'} ${category} address; requests to internal addresses are refused unless PARLA_ALLOWED_HOSTS allows them.`);
  }
}

/** A redirect that the caller does not follow, or that is refused while following. */
export class OutboundRedirectError extends Error {
  override readonly name = 'OutboundRedirectError';
  readonly code = 'ERR_OUTBOUND_REDIRECT';
}

// Ranges per category. IPv6 forms that embed an IPv4 address (mapped, NAT64, 6to4, compatible)
// are unwrapped first and judged by the embedded address.
const RANGES: Array<[AddressCategory, string, number, 'ipv4' | 'ipv6']> = [
  ['unspecified', '0.0.0.0', 8, 'ipv4'],
  ['private', '10.0.0.0', 8, 'ipv4'],
  ['shared (CGNAT)', '100.64.0.0', 10, 'ipv4'],
  ['loopback', '127.0.0.0', 8, 'ipv4'],
  ['link-local', '169.254.0.0', 16, 'ipv4'],
  ['private', '172.16.0.0', 12, 'ipv4'],
  ['reserved', '192.0.0.0', 24, 'ipv4'],
  ['reserved', '192.0.2.0', 24, 'ipv4'],
  ['private', '192.168.0.0', 16, 'ipv4'],
  ['reserved', '198.18.0.0', 15, 'ipv4'],
  ['reserved', '198.51.100.0', 24, 'ipv4'],
  ['reserved', '203.0.113.0', 24, 'ipv4'],
  ['multicast', '224.0.0.0', 4, 'ipv4'],
  ['reserved', '240.0.0.0', 4, 'ipv4'], // includes 255.255.255.255
  ['unspecified', '::', 128, 'ipv6'],
  ['loopback', '::1', 128, 'ipv6'],
  ['reserved', '100::', 64, 'ipv6'],
  ['reserved', '2001:db8::', 32, 'ipv6'],
  ['private', 'fc00::', 7, 'ipv6'],
  ['link-local', 'fe80::', 10, 'ipv6'],
  ['private', 'fec0::', 10, 'ipv6'], // deprecated site-local
  ['multicast', 'ff00::', 8, 'ipv6'],
];

const CATEGORY_LISTS = new Map<AddressCategory, net.BlockList>();
for (const [category, prefix, bits, type] of RANGES) {
  let list = CATEGORY_LISTS.get(category);
  if (!list) CATEGORY_LISTS.set(category, (list = new net.BlockList()));
  list.addSubnet(prefix, bits, type);
}

/** Expands an IPv6 address into its eight 16-bit groups. */
function ipv6Groups(address: string): number[] {
  let text = address;
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  // A dotted IPv4 tail (::ffff:1.2.3.4) stands for the last two groups.
  if (net.isIPv4(tail)) {
    const [a, b, c, d] = tail.split('.').map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::');
  const parse = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = rest === undefined ? [] : parse(rest);
  return [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
}

function ipv4From(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** The IPv4 address an IPv6 address stands for (mapped, compatible, NAT64, 6to4), or null. */
function embeddedIpv4(address: string): string | null {
  const g = ipv6Groups(address);
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return ipv4From(g[6], g[7]); // ::ffff:a.b.c.d
  if (zeros(0, 6) && (g[6] !== 0 || g[7] > 1)) return ipv4From(g[6], g[7]); // ::a.b.c.d (deprecated "compatible")
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return ipv4From(g[6], g[7]); // 64:ff9b::/96 NAT64
  if (g[0] === 0x2002) return ipv4From(g[1], g[2]); // 2002::/16 6to4
  return null;
}

/** The category of an internal address, or null for a public one. Throws on something that is not an IP address. */
export function classifyAddress(address: string): AddressCategory | null {
  let ip = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const zone = ip.indexOf('%');
  if (zone !== -1) ip = ip.slice(0, zone);
  let family = net.isIP(ip);
  if (family === 0) throw new TypeError(`Not an IP address: ${address}`);
  if (family === 6) {
    const v4 = embeddedIpv4(ip);
    if (v4) {
      ip = v4;
      family = 4;
    }
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  for (const [category, list] of CATEGORY_LISTS) if (list.check(ip, type)) return category;
  return null;
}

/** Checks one PARLA_ALLOWED_HOSTS entry; returns the reason it is invalid, or null. */
export function checkAllowedHostEntry(entry: string): string | null {
  const slash = entry.indexOf('/');
  if (slash !== -1) {
    const ip = entry.slice(0, slash);
    const bits = entry.slice(slash + 1);
    const family = net.isIP(ip);
    if (family === 0 || !/^\d{1,3}$/.test(bits) || Number(bits) > (family === 4 ? 32 : 128)) return `"${entry}" is not a valid CIDR range`;
    return null;
  }
  if (net.isIP(stripBrackets(entry))) return null;
  if (!/^(?:\*\.)?[a-z0-9_](?:[a-z0-9_.-]*[a-z0-9_])?$/i.test(entry)) return `"${entry}" is not a host name, IP address or CIDR range`;
  return null;
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

const defaultResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const NULL_BODY_STATUSES = new Set([204, 205, 304]);
/** Headers kept when a redirect leaves the origin: anything else may carry a credential. */
const CROSS_ORIGIN_HEADERS = new Set(['accept', 'accept-language', 'content-type', 'user-agent']);

export interface GuardedRequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  signal?: AbortSignal;
  /** 'error' (default): a 3xx fails; 'manual': the 3xx response is returned; 'follow': up to maxRedirects hops, each checked. */
  redirect?: 'error' | 'manual' | 'follow';
  maxRedirects?: number;
}

/**
 * Decides which hosts the server may connect to on a user's behalf (machine translation services,
 * webhooks, repositories). One instance per configuration; it holds no connections.
 */
export class OutboundGuard {
  private readonly allowedNames = new Set<string>();
  private readonly allowedSuffixes: string[] = [];
  private readonly allowedAddresses = new net.BlockList();
  private readonly resolver: Resolver;

  constructor(options: OutboundGuardOptions = {}) {
    this.resolver = options.resolver ?? defaultResolver;
    for (const raw of options.allowedHosts ?? []) {
      const entry = raw.trim().toLowerCase();
      if (!entry) continue;
      const invalid = checkAllowedHostEntry(entry);
      if (invalid) throw new TypeError(invalid);
      const slash = entry.indexOf('/');
      if (slash !== -1) {
        const ip = entry.slice(0, slash);
        this.allowedAddresses.addSubnet(ip, Number(entry.slice(slash + 1)), net.isIPv4(ip) ? 'ipv4' : 'ipv6');
      } else if (net.isIP(stripBrackets(entry))) {
        const ip = stripBrackets(entry);
        this.allowedAddresses.addAddress(ip, net.isIPv4(ip) ? 'ipv4' : 'ipv6');
      } else if (entry.startsWith('*.')) this.allowedSuffixes.push(entry.slice(1));
      else this.allowedNames.add(entry);
    }
  }

  private nameAllowed(host: string): boolean {
    const name = host.toLowerCase().replace(/\.$/, '');
    return this.allowedNames.has(name) || this.allowedSuffixes.some((suffix) => name.endsWith(suffix));
  }

  private addressAllowed(address: string): boolean {
    const ip = stripBrackets(address);
    return this.allowedAddresses.check(ip, net.isIPv4(ip) ? 'ipv4' : 'ipv6');
  }

  /** Throws OutboundBlockedError when any address is internal and neither the host name nor the address is allowed. */
  private verify(host: string, addresses: readonly ResolvedAddress[]): void {
    if (this.nameAllowed(host)) return;
    for (const { address } of addresses) {
      const category = classifyAddress(address);
      if (category && !this.addressAllowed(address)) throw new OutboundBlockedError(host, address, category);
    }
  }

  /**
   * Resolves a host (a name or an IP literal in any spelling the resolver accepts) and checks every
   * address it has. Returns the checked addresses; resolution failures propagate.
   */
  async resolve(host: string): Promise<ResolvedAddress[]> {
    const bare = stripBrackets(host);
    const family = net.isIP(bare);
    const addresses = family ? [{ address: bare, family }] : await this.resolver(bare);
    if (addresses.length === 0) throw Object.assign(new Error(`${host} has no addresses`), { code: 'ENOTFOUND' });
    this.verify(bare, addresses);
    return addresses;
  }

  /**
   * Configuration-time check of a host: the reason it is refused, or null. A host that does not
   * resolve now is not refused (the request-time check still applies when it does).
   */
  async refusal(host: string): Promise<string | null> {
    try {
      await this.resolve(host);
      return null;
    } catch (e) {
      if (e instanceof OutboundBlockedError) return e.message;
      return null;
    }
  }

  /** Configuration-time check of an http(s) URL; see refusal(). */
  async refusalForUrl(url: string): Promise<string | null> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return null; // malformed URLs are the syntax check's business
    }
    return parsed.hostname ? this.refusal(parsed.hostname) : null;
  }

  /**
   * `lookup` for node:net: the connection goes only to addresses this guard resolved and checked
   * itself, so a DNS answer that changes between check and connect (rebinding) cannot slip through.
   */
  private lookupFor(): net.LookupFunction {
    return (hostname, options, callback) => {
      this.resolve(hostname).then(
        (addresses) => {
          const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
          if (wanted.length === 0) {
            callback(Object.assign(new Error(`${hostname} has no IPv${options.family} address`), { code: 'ENOTFOUND' }), '', 0);
          } else if (options.all) (callback as unknown as (err: null, all: ResolvedAddress[]) => void)(null, wanted);
          else callback(null, wanted[0].address, wanted[0].family);
        },
        (error: NodeJS.ErrnoException) => callback(error, '', 0),
      );
    };
  }

  /** One request over node:http(s) with the checking lookup; IP literals (which skip lookup) are checked first. */
  private async requestOnce(url: URL, init: GuardedRequestInit, method: string, headers: Record<string, string>, body: string | Buffer | undefined): Promise<http.IncomingMessage> {
    const host = stripBrackets(url.hostname);
    if (net.isIP(host)) this.verify(host, [{ address: host, family: net.isIP(host) }]);
    const signal = init.signal;
    if (signal?.aborted) throw signal.reason;
    const client = url.protocol === 'https:' ? https : http;
    const outgoing = { ...headers };
    if (body !== undefined) outgoing['content-length'] = String(Buffer.byteLength(body));
    return new Promise<http.IncomingMessage>((resolve, reject) => {
      // agent: false — a pooled socket could have been connected under another guard's rules.
      const req = client.request(url, { method, headers: outgoing, lookup: this.lookupFor(), agent: false, signal }, resolve);
      req.on('error', (error) => reject(signal?.aborted ? signal.reason : error));
      req.end(body);
    });
  }

  /** A fetch()-like request to an http(s) URL under this guard; redirects per `init.redirect`. */
  async fetch(input: string, init: GuardedRequestInit = {}): Promise<Response> {
    let url = new URL(input);
    let method = (init.method ?? 'GET').toUpperCase();
    let headers: Record<string, string> = { ...init.headers };
    let body = init.body;
    const maxRedirects = init.maxRedirects ?? 5;
    for (let hop = 0; ; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`Unsupported URL scheme: ${url.protocol}`);
      const res = await this.requestOnce(url, init, method, headers, body);
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (REDIRECT_STATUSES.has(status) && location && init.redirect !== 'manual') {
        res.resume();
        if (init.redirect !== 'follow') throw new OutboundRedirectError(`The server answered with a redirect (HTTP ${status}), which is not followed here.`);
        if (hop >= maxRedirects) throw new OutboundRedirectError(`More than ${maxRedirects} redirects.`);
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          throw new OutboundRedirectError('The server redirected to an invalid URL.');
        }
        if (url.protocol === 'https:' && next.protocol !== 'https:') throw new OutboundRedirectError('The server redirected from https to another scheme.');
        // As fetch does: 303 always, and 301/302 after a POST, continue as GET without the body.
        if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
          if (method !== 'HEAD') method = 'GET';
          body = undefined;
          headers = Object.fromEntries(Object.entries(headers).filter(([k]) => k.toLowerCase() !== 'content-type'));
        }
        if (next.origin !== url.origin) headers = Object.fromEntries(Object.entries(headers).filter(([k]) => CROSS_ORIGIN_HEADERS.has(k.toLowerCase())));
        url = next;
        continue;
      }
      return toResponse(res, status);
    }
  }
}

function toResponse(res: http.IncomingMessage, status: number): Response {
  const headers = new Headers();
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) headers.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
  if (status < 200 || status > 599) {
    res.destroy();
    throw new Error(`Unexpected HTTP status ${status}.`);
  }
  if (NULL_BODY_STATUSES.has(status)) {
    res.resume();
    return new Response(null, { status, statusText: res.statusMessage, headers });
  }
  return new Response(Readable.toWeb(res) as ReadableStream<Uint8Array>, { status, statusText: res.statusMessage, headers });
}
