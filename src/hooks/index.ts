// Public surface of the pure hook layer (payload decoding, per-service parsing, matching, signatures).
export * from './types.js';
export { decodeHookBody } from './body.js';
export { HOOK_PARSERS, parseHookPayload } from './payloads.js';
export { FORGE_HOOKS, HOOK_SERVICES, forgeHook, hookSignatureScheme, isHookService, verifyHookSignature } from './registry.js';
export type { ForgeHook } from './forge.js';
export type { HookParser } from './payloads.js';
export { matchComponents } from './match.js';
export type { HookComponent, HookMatchResult, HookMatchStatus } from './match.js';
export { repoUrlKey } from './url.js';
export { hubSignature256, verifyGiteeToken, verifyGitlabToken, verifyHexSignature, verifyHubSignature256 } from './signature.js';
export type { HookSignatureScheme } from './signature.js';
