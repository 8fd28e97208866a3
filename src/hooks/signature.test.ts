// Hook signature and token verification.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hookSignatureScheme, verifyHookSignature } from './registry.js';
import { hubSignature256, verifyGiteeToken, verifyGitlabToken, verifyHubSignature256 } from './signature.js';

const body = '{"ref":"refs/heads/main","repository":{"name":"hello-i18n"}}';
const secret = "It's a Secret to Everybody";

describe('X-Hub-Signature-256', () => {
  it('matches the published GitHub example', () => {
    // Example from GitHub's "Validating webhook deliveries" documentation.
    expect(hubSignature256('Hello, World!', secret)).toBe('sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17');
  });

  it('accepts a valid signature over string or bytes', () => {
    const sig = hubSignature256(body, secret);
    expect(verifyHubSignature256(body, secret, sig)).toBe(true);
    expect(verifyHubSignature256(Buffer.from(body), secret, sig.toUpperCase().replace('SHA256=', 'sha256='))).toBe(true);
  });

  it('rejects invalid or missing signatures', () => {
    const sig = hubSignature256(body, secret);
    expect(verifyHubSignature256(`${body} `, secret, sig)).toBe(false);
    expect(verifyHubSignature256(body, 'other', sig)).toBe(false);
    expect(verifyHubSignature256(body, secret, sig.replace('sha256=', 'sha1='))).toBe(false);
    expect(verifyHubSignature256(body, secret, sig.slice(0, -2))).toBe(false);
    expect(verifyHubSignature256(body, secret, undefined)).toBe(false);
    expect(verifyHubSignature256(body, '', hubSignature256(body, ''))).toBe(false);
  });
});

describe('X-Gitlab-Token', () => {
  it('compares the token with the secret', () => {
    expect(verifyGitlabToken(secret, secret)).toBe(true);
    expect(verifyGitlabToken(secret, `${secret}x`)).toBe(false);
    expect(verifyGitlabToken(secret, '')).toBe(false);
    expect(verifyGitlabToken(secret, undefined)).toBe(false);
    expect(verifyGitlabToken('', '')).toBe(false);
  });
});

describe('X-Gitee-Token', () => {
  it('accepts the password or the timestamp signature', () => {
    const timestamp = '1714651200000';
    const sign = crypto.createHmac('sha256', secret).update(`${timestamp}\n${secret}`).digest('base64');
    expect(verifyGiteeToken(secret, secret, undefined)).toBe(true);
    expect(verifyGiteeToken(secret, sign, timestamp)).toBe(true);
    expect(verifyGiteeToken(secret, sign, '1')).toBe(false);
    expect(verifyGiteeToken(secret, undefined, timestamp)).toBe(false);
  });
});

describe('verifyHookSignature', () => {
  const sig = hubSignature256(body, secret);

  it('uses X-Hub-Signature-256 for GitHub, Gitea, Forgejo', () => {
    for (const service of ['github', 'gitea', 'forgejo'] as const) {
      expect(verifyHookSignature(service, { 'X-Hub-Signature-256': sig }, body, secret)).toBe(true);
      expect(verifyHookSignature(service, { 'x-hub-signature-256': 'sha256=00' }, body, secret)).toBe(false);
      expect(verifyHookSignature(service, {}, body, secret)).toBe(false);
    }
  });

  it('accepts the bare hex Gitea/Forgejo signature headers', () => {
    const hex = sig.slice('sha256='.length);
    expect(verifyHookSignature('gitea', { 'x-gitea-signature': hex }, body, secret)).toBe(true);
    expect(verifyHookSignature('forgejo', { 'x-forgejo-signature': hex }, body, secret)).toBe(true);
    expect(verifyHookSignature('github', { 'x-gitea-signature': hex }, body, secret)).toBe(false);
  });

  it('accepts X-Hub-Signature (sha256) for Bitbucket', () => {
    expect(verifyHookSignature('bitbucket', { 'x-hub-signature': sig }, body, secret)).toBe(true);
  });

  it('uses X-Gitlab-Token for GitLab', () => {
    expect(verifyHookSignature('gitlab', { 'x-gitlab-token': secret }, body, secret)).toBe(true);
    expect(verifyHookSignature('gitlab', { 'x-gitlab-token': 'nope' }, body, secret)).toBe(false);
    expect(verifyHookSignature('gitlab', { 'x-hub-signature-256': sig }, body, secret)).toBe(false);
  });

  it('reports no scheme for Pagure and Azure', () => {
    expect(hookSignatureScheme('pagure')).toBeNull();
    expect(hookSignatureScheme('azure')).toBeNull();
    expect(verifyHookSignature('azure', { 'x-hub-signature-256': sig }, body, secret)).toBe(false);
  });
});
