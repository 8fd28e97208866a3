// Google Cloud Translation Advanced (v3): a service account's signed JWT is exchanged for an access token, then POST …/v3/projects/<project>/locations/<location>:translateText.
import crypto from 'node:crypto';
import { MachineryError, TIMEOUT_FIELD, batches, type EngineConfig, type EngineContext, type MachineryEngine, type MachineryResult, type TranslateRequest } from './engine.js';
import { GOOGLE_QUALITY, googleErrorKind, googleTranslations } from './google-translate.engine.js';
import { googleLanguage } from './languages.js';
import { messageAt, messageOf, postJson } from './http.js';

const SCOPE = 'https://www.googleapis.com/auth/cloud-translation';
const MAX_TEXTS = 128;
const MAX_CHARS = 30_000;

interface ServiceAccount {
  client_email: string;
  private_key: string;
  token_uri: string;
}

/** The API host for a location: regional endpoints for the EU and US locations, as Google documents them. */
export function googleV3BaseUrl(config: EngineConfig): string {
  if (config.url) return String(config.url).replace(/\/?$/, '/');
  const location = String(config.location || 'global');
  if (location.startsWith('europe-')) return 'https://translate-eu.googleapis.com/v3/';
  if (location.startsWith('us-')) return 'https://translate-us.googleapis.com/v3/';
  return 'https://translate.googleapis.com/v3/';
}

function serviceAccount(engine: string, config: EngineConfig): ServiceAccount {
  let info: Partial<ServiceAccount> | undefined;
  try {
    info = JSON.parse(String(config.credentials)) as Partial<ServiceAccount>;
  } catch {
    info = undefined;
  }
  if (!info || typeof info.client_email !== 'string' || typeof info.private_key !== 'string') {
    throw new MachineryError(engine, 'not_configured', 'Google Cloud Translation: the service account info is not a JSON key with client_email and private_key.');
  }
  return { client_email: info.client_email, private_key: info.private_key, token_uri: typeof info.token_uri === 'string' ? info.token_uri : 'https://oauth2.googleapis.com/token' };
}

function jwt(account: ServiceAccount, now: number): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode({ iss: account.client_email, scope: SCOPE, aud: account.token_uri, iat: now, exp: now + 3600 })}`;
  return `${unsigned}.${crypto.createSign('RSA-SHA256').update(unsigned).sign(account.private_key).toString('base64url')}`;
}

/** Access tokens by service account and token address, until shortly before they expire. */
const tokens = new Map<string, { token: string; expires: number }>();

function tokenKey(account: ServiceAccount): string {
  return `${account.client_email}\n${account.token_uri}\n${crypto.createHash('sha256').update(account.private_key).digest('hex')}`;
}

async function accessToken(engine: string, service: string, account: ServiceAccount, config: EngineConfig, request: TranslateRequest, context: EngineContext): Promise<string> {
  const key = tokenKey(account);
  const now = Math.floor(Date.now() / 1000);
  const cached = tokens.get(key);
  if (cached && cached.expires > now + 60) return cached.token;
  let signed: string;
  try {
    signed = jwt(account, now);
  } catch {
    throw new MachineryError(engine, 'not_configured', `${service}: the private key of the service account cannot sign.`);
  }
  const body = await postJson({
    engine,
    service: `${service} (token)`,
    url: account.token_uri,
    form: { grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: signed },
    timeoutSeconds: Number(config.timeout ?? TIMEOUT_FIELD.default),
    signal: request.signal,
    outbound: context.outbound,
    errorMessage: (b) => messageOf('error_description')(b) ?? messageOf('error')(b),
    // The token endpoint answers 400 invalid_grant for a revoked or unknown key.
    statusKinds: { 400: 'auth' },
  });
  const answer = body as { access_token?: unknown; expires_in?: unknown };
  if (typeof answer?.access_token !== 'string') throw new MachineryError(engine, 'invalid_response', `${service} sent no access token.`);
  tokens.set(key, { token: answer.access_token, expires: now + (typeof answer.expires_in === 'number' ? answer.expires_in : 3600) });
  return answer.access_token;
}

export const googleTranslateV3Engine: MachineryEngine = {
  id: 'google-translate-api-v3',
  name: 'Google Cloud Translation Advanced',
  cacheable: true,
  worksUnconfigured: false,
  fields: [
    { name: 'credentials', type: 'string', label: 'Service account info (the JSON key file)', required: true, secret: true, maxLength: 10_000 },
    { name: 'project', type: 'string', label: 'Google Cloud project ID', required: true, maxLength: 100 },
    { name: 'location', type: 'string', label: 'Location (default global)', default: 'global', maxLength: 50 },
    { name: 'url', type: 'url', label: 'API URL (default by location: https://translate.googleapis.com/v3/, translate-eu or translate-us)' },
    TIMEOUT_FIELD,
  ],
  async translate(config: EngineConfig, request: TranslateRequest, context: EngineContext): Promise<MachineryResult[][]> {
    const account = serviceAccount(this.id, config);
    const token = await accessToken(this.id, this.name, account, config, request, context);
    const parent = `projects/${encodeURIComponent(String(config.project))}/locations/${encodeURIComponent(String(config.location || 'global'))}`;
    const out: MachineryResult[][] = [];
    for (const batch of batches(request.texts, MAX_TEXTS, MAX_CHARS)) {
      const body = await postJson({
        engine: this.id,
        service: this.name,
        url: `${googleV3BaseUrl(config)}${parent}:translateText`,
        headers: { Authorization: `Bearer ${token}` },
        body: { contents: batch.texts, mimeType: 'text/plain', sourceLanguageCode: googleLanguage(request.sourceLanguage), targetLanguageCode: googleLanguage(request.targetLanguage) },
        timeoutSeconds: Number(config.timeout ?? TIMEOUT_FIELD.default),
        signal: request.signal,
        outbound: context.outbound,
        errorMessage: messageAt('error', 'message'),
        errorKind: googleErrorKind,
      }).catch((e: unknown) => {
        // A revoked token is not offered again: the next request signs in anew.
        if (e instanceof MachineryError && e.kind === 'auth') tokens.delete(tokenKey(account));
        throw e;
      });
      const texts = googleTranslations(this.id, this.name, (body as { translations?: unknown })?.translations, batch.texts.length);
      texts.forEach((text, i) => out.push(text ? [{ text, quality: GOOGLE_QUALITY, service: this.name, source: batch.texts[i] }] : []));
    }
    return out;
  },
};
