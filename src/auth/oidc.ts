// OpenID Connect on the relying party's side: the provider's metadata, read on first use; authorization requests with state, nonce and PKCE; the code exchange and its ID token checks.
import * as client from 'openid-client';
import type { OidcConfig } from '../config.js';

/** Seconds a call to the provider may take (discovery, token, userinfo). */
const PROVIDER_TIMEOUT = 10;

/** The provider could not be reached or did not describe itself: nobody can sign in with it until it can. */
export class OidcUnavailableError extends Error {}

/** The provider's answer does not complete a sign-in: it refused (`denied`), or the exchange or a check failed (`invalid`). */
export class OidcResponseError extends Error {
  constructor(
    readonly reason: 'denied' | 'invalid',
    message: string,
  ) {
    super(message);
  }
}

export interface OidcAuthorization {
  /** Where to send the browser. */
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** What the provider says about the person: the ID token's claims, completed from the userinfo endpoint when they lack some. */
export type OidcClaims = Record<string, unknown> & { iss: string; sub: string };

function describe(e: unknown): string {
  if (e instanceof client.AuthorizationResponseError || e instanceof client.ResponseBodyError) return e.error_description ? `${e.error}: ${e.error_description}` : e.error;
  const cause = (e as { cause?: unknown })?.cause;
  const message = e instanceof Error ? e.message : String(e);
  return cause instanceof Error && cause.message && !message.includes(cause.message) ? `${message} (${cause.message})` : message;
}

export class OidcClient {
  private discovered: Promise<client.Configuration> | null = null;

  constructor(private readonly settings: OidcConfig) {}

  /** The provider's configuration, discovered once; a failed discovery is tried again on the next sign-in. */
  private configuration(): Promise<client.Configuration> {
    this.discovered ??= this.discover().catch((e: unknown) => {
      this.discovered = null;
      throw new OidcUnavailableError(`The sign-in provider at ${this.settings.issuer} cannot be reached: ${describe(e)}`);
    });
    return this.discovered;
  }

  private async discover(): Promise<client.Configuration> {
    const { issuer, clientId, clientSecret } = this.settings;
    // Plain http is only for providers an operator runs locally; the issuer URL says which it is.
    const insecure = issuer.startsWith('http:');
    const options = { timeout: PROVIDER_TIMEOUT, ...(insecure ? { execute: [client.allowInsecureRequests] } : {}) };
    const found = await client.discovery(new URL(issuer), clientId, clientSecret ?? undefined, clientSecret ? undefined : client.None(), options);
    if (!clientSecret) return found;
    // A confidential client authenticates as the provider prefers: HTTP Basic (the standard's default) when it is offered.
    const metadata = found.serverMetadata();
    const methods = metadata.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
    const auth = methods.includes('client_secret_basic') || !methods.includes('client_secret_post') ? client.ClientSecretBasic(clientSecret) : client.ClientSecretPost(clientSecret);
    const configuration = new client.Configuration(metadata, clientId, clientSecret, auth);
    configuration.timeout = PROVIDER_TIMEOUT;
    if (insecure) client.allowInsecureRequests(configuration);
    return configuration;
  }

  /** A new authorization request: the provider's address with a fresh state, nonce and PKCE challenge (S256). */
  async authorize(redirectUri: string): Promise<OidcAuthorization> {
    const configuration = await this.configuration();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: this.settings.scopes.join(' '),
      response_type: 'code',
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url: url.href, state, nonce, codeVerifier };
  }

  /**
   * Completes a sign-in from the provider's redirect (`callbackUrl`: the redirect URI with the query the
   * browser brought back): checks the state, exchanges the code with the PKCE verifier, checks the ID
   * token (signature, issuer, audience, expiry, nonce) and returns its claims, completed from the userinfo
   * endpoint when the ID token lacks one of `wanted`.
   */
  async finish(callbackUrl: URL, expected: { state: string; nonce: string; codeVerifier: string }, wanted: readonly string[]): Promise<OidcClaims> {
    const configuration = await this.configuration();
    let claims: OidcClaims;
    try {
      const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        pkceCodeVerifier: expected.codeVerifier,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new OidcResponseError('invalid', 'The provider sent no ID token.');
      claims = { ...idClaims } as OidcClaims;
      const endpoint = configuration.serverMetadata().userinfo_endpoint;
      if (endpoint && tokens.access_token && wanted.some((name) => claims[name] === undefined)) {
        const info = await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
        // The ID token's own claims win: they are the ones its signature covers.
        claims = { ...info, ...idClaims } as OidcClaims;
      }
    } catch (e) {
      if (e instanceof OidcResponseError) throw e;
      if (e instanceof client.AuthorizationResponseError) {
        throw new OidcResponseError(e.error === 'access_denied' ? 'denied' : 'invalid', `The sign-in provider refused the sign-in (${describe(e)}).`);
      }
      const timedOut = e instanceof client.ClientError && (e.code === 'OAUTH_TIMEOUT' || e.code === 'OAUTH_ABORT');
      if (e instanceof client.ResponseBodyError || (e instanceof client.ClientError && !timedOut)) {
        throw new OidcResponseError('invalid', `The sign-in provider's answer could not be verified (${describe(e)}).`);
      }
      throw new OidcUnavailableError(`The sign-in provider at ${this.settings.issuer} cannot be reached: ${describe(e)}`);
    }
    return claims;
  }
}
