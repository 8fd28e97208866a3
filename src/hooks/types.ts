// Shared types of the forge notification hooks: services, parsed events and the payload error.

/** A path segment under `/hooks/{service}/` (the forge hook's id; HOOK_SERVICES in registry.ts lists them). */
export type HookService = string;

/** What a service parser receives: request headers (any case) and the decoded JSON body. */
export interface HookRequest {
  headers: Record<string, string | undefined>;
  body: unknown;
}

/** An event that is acknowledged but not acted upon (install ping, non-push events) → 201 "Hook working". */
export interface HookPing {
  kind: 'ping';
}

/** A repository update notification. */
export interface HookPush {
  kind: 'push';
  service: HookService;
  /** Human-readable service name ("GitHub", "Forgejo", …) for change details and logs. */
  serviceLongName: string;
  /** The repository's web (or canonical) URL as reported by the service. */
  repoUrl: string;
  /** Candidate repository URLs a component `repo` may equal (deduplicated, `.git` and non-`.git` forms). */
  repoUrls: string[];
  /** Pushed branch (`refs/heads/` stripped); null when the payload does not name one. */
  branch: string | null;
  /** The repository's default branch when the payload reports it, else null. */
  defaultBranch: string | null;
  /** `owner/repo`-style full name (without `.git`), used by the inexact suffix fallback. */
  fullName: string;
}

export type HookEvent = HookPing | HookPush;

/** The 400 message for a body that holds no JSON: none at all, not JSON, or a form without a JSON `payload` field. */
export const UNPARSABLE_PAYLOAD_MESSAGE = 'Could not parse JSON payload!';

/** The 400 message for JSON that is not a usable notification: not an object, empty, or missing what the forge sends. */
export const INVALID_PAYLOAD_MESSAGE = 'Invalid data in json payload!';

/** Invalid hook payload; `message` is the public 400 text, `detail` says what was wrong (for logs). */
export class HookPayloadError extends Error {
  override readonly name = 'HookPayloadError';
  readonly detail: string;

  constructor(message: string = INVALID_PAYLOAD_MESSAGE, detail?: string) {
    super(message);
    this.detail = detail ?? message;
  }

  static invalid(detail: string): HookPayloadError {
    return new HookPayloadError(INVALID_PAYLOAD_MESSAGE, detail);
  }

  static unparsable(detail: string): HookPayloadError {
    return new HookPayloadError(UNPARSABLE_PAYLOAD_MESSAGE, detail);
  }
}
