// A real OpenID Connect provider (oidc-provider) on a loopback port for single sign-on tests, with accounts held in memory, and a client that signs in at it over HTTP with cookies.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
  [claim: string]: unknown;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Accounts by subject; tests add and change them at will. */
  accounts: Map<string, TestAccount>;
  /** Registers the relying party's redirect URIs (they must be known before the first sign-in). */
  start(redirectUris: string[]): void;
  close(): Promise<void>;
}

/** Listens at once (so that the issuer URL is known); serves OpenID Connect once start() has the redirect URI. */
export async function startProvider(): Promise<TestProvider> {
  let handler: ((req: http.IncomingMessage, res: http.ServerResponse) => void) | null = null;
  const server = http.createServer((req, res) => {
    if (handler) return handler(req, res);
    res.statusCode = 503;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, TestAccount>();
  const clientId = 'parla-test';
  const clientSecret = 'parla-test-secret-0123456789abcdef';
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    start(redirectUris) {
      const provider = new Provider(issuer, {
        clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: redirectUris, response_types: ['code'], grant_types: ['authorization_code'] }],
        // PKCE for every client, confidential ones included.
        pkce: { required: () => true },
        // xms_edov: Microsoft Entra's word that an address is verified, in place of email_verified.
        claims: { openid: ['sub'], email: ['email', 'email_verified', 'xms_edov'], profile: ['name', 'preferred_username'] },
        findAccount: (_ctx: unknown, sub: string) => {
          const account = accounts.get(sub);
          return account ? { accountId: sub, claims: () => ({ sub, ...account }) } : undefined;
        },
        features: { devInteractions: { enabled: true } },
        ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
        cookies: { keys: ['oidc-test-cookie-key'] },
        // Without this the provider would complain on the console about every error it answers.
        renderError: (ctx: { type: string; body: string }, out: Record<string, string>) => {
          ctx.type = 'html';
          ctx.body = `<p id="error">${out.error}: ${out.error_description ?? ''}</p>`;
        },
      });
      handler = provider.callback();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Cookies per origin, as a browser keeps them (paths are not told apart: names do not repeat across paths here). */
export class CookieJar {
  private readonly jars = new Map<string, Map<string, string>>();

  store(url: string, response: Response): void {
    const origin = new URL(url).origin;
    const jar = this.jars.get(origin) ?? new Map<string, string>();
    this.jars.set(origin, jar);
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) < Date.now()));
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  }

  get(url: string, name: string): string | undefined {
    return this.jars.get(new URL(url).origin)?.get(name);
  }

  set(url: string, name: string, value: string | null): void {
    const origin = new URL(url).origin;
    const jar = this.jars.get(origin) ?? new Map<string, string>();
    this.jars.set(origin, jar);
    if (value === null) jar.delete(name);
    else jar.set(name, value);
  }

  header(url: string): string {
    return [...(this.jars.get(new URL(url).origin) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** One request with this jar's cookies, no redirect followed. */
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.header(url);
    if (cookie) headers.set('Cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.store(url, response);
    return response;
  }
}

export interface BrowserStep {
  /** The last URL loaded, or the one `stop` held back. */
  url: string;
  /** Its answer; null when `stop` held the URL back. */
  response: Response | null;
}

/**
 * Follows redirects from `url` like a browser, signing in at the provider as `accountId` and granting consent
 * on its pages (or cancelling there with `deny`), until a URL for which `stop` is true is about to be loaded
 * (not loaded: the test decides what to do with it) or an answer that is not a redirect arrives.
 */
export async function browse(jar: CookieJar, url: string, o: { accountId: string; deny?: boolean; stop?: (url: string) => boolean }): Promise<BrowserStep> {
  let current = url;
  for (let hop = 0; hop < 20; hop++) {
    if (hop > 0 && o.stop?.(current)) return { url: current, response: null };
    let response = await jar.fetch(current);
    if (response.status === 200 && /\/interaction\/[^/]+$/.test(new URL(current).pathname)) {
      const page = await response.text();
      const prompt = /name="prompt" value="(login|consent)"/.exec(page)?.[1];
      if (!prompt) throw new Error(`unexpected interaction page at ${current}: ${page.slice(0, 300)}`);
      if (o.deny) {
        response = await jar.fetch(`${current}/abort`);
      } else {
        const form: Record<string, string> = prompt === 'login' ? { prompt, login: o.accountId, password: 'any' } : { prompt };
        response = await jar.fetch(current, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) });
      }
    }
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return { url: current, response };
    current = new URL(location, current).href;
  }
  throw new Error(`too many redirects from ${url}`);
}
