// The forge hook contract: one per hosting service, its payload parser and its secret check.
import type { HookSignatureScheme } from './signature.js';
import type { HookEvent, HookRequest } from './types.js';

export interface ForgeHook {
  /** The path segment under `/hooks/` (`github`, `forgejo` …), stable: forges are configured with it. */
  readonly id: string;
  /** Turns a decoded request into a ping or a push; throws HookPayloadError on an unusable payload. */
  parse(req: HookRequest): HookEvent;
  /** Which secret check the forge supports; null when it has no verifiable secret (Pagure, Azure DevOps). */
  readonly signature: HookSignatureScheme | null;
  /** Whether the request carries a valid signature or token for `secret` (called only when a secret is configured). */
  verify(headers: Record<string, string | undefined>, rawBody: string | Uint8Array, secret: string): boolean;
}
