// The forge hooks Parla answers under /hooks/<service>/, by path segment: parsers and secret checks.
import type { ForgeHook } from './forge.js';
import type { HookSignatureScheme } from './signature.js';
import type { HookService } from './types.js';
import { azureHook } from './services/azure.js';
import { bitbucketHook } from './services/bitbucket.js';
import { forgejoHook, giteaHook } from './services/gitea.js';
import { giteeHook } from './services/gitee.js';
import { githubHook } from './services/github.js';
import { gitlabHook } from './services/gitlab.js';
import { pagureHook } from './services/pagure.js';

export const FORGE_HOOKS: readonly ForgeHook[] = [githubHook, gitlabHook, bitbucketHook, pagureHook, azureHook, giteaHook, forgejoHook, giteeHook];

const byId = new Map(FORGE_HOOKS.map((hook) => [hook.id, hook]));

/** Path segments accepted under `/hooks/{service}/`. */
export const HOOK_SERVICES: readonly HookService[] = FORGE_HOOKS.map((hook) => hook.id);

export function isHookService(value: string): value is HookService {
  return byId.has(value);
}

/** The hook of a path segment (one of HOOK_SERVICES). */
export function forgeHook(service: HookService): ForgeHook {
  const hook = byId.get(service);
  if (!hook) throw new Error(`No hook for ${service}`);
  return hook;
}

/** Which check a service supports; null (Pagure, Azure DevOps) means no verifiable secret exists. */
export function hookSignatureScheme(service: HookService): HookSignatureScheme | null {
  return byId.get(service)?.signature ?? null;
}

/**
 * Verifies a request of `service` against `secret` (call only when a secret is configured).
 * Returns false when the header is missing or wrong, the secret is empty, or the service has no scheme.
 */
export function verifyHookSignature(service: HookService, headers: Record<string, string | undefined>, rawBody: string | Uint8Array, secret: string): boolean {
  return byId.get(service)?.verify(headers, rawBody, secret) ?? false;
}
