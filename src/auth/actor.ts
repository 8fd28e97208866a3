// Who is making a request: an authenticated user (maybe a bot or superuser) or the anonymous visitor.
import type { UserRow } from '../db/schema.js';
import type { Grants } from './access.js';

export interface Actor {
  readonly user: UserRow | null;
  readonly authenticated: boolean;
  readonly isSuperuser: boolean;
  /** What the actor's teams grant; loaded once per request by the auth plugin. */
  readonly grants?: Grants;
  /** Authenticated by a browser session (not a token): projects and teams that enforce two-factor authentication apply. */
  readonly browserSession?: boolean;
}

export const ANONYMOUS: Actor = Object.freeze({ user: null, authenticated: false, isSuperuser: false });

export function userActor(user: UserRow): Actor {
  return { user, authenticated: true, isSuperuser: user.is_superuser === 1 && user.is_active === 1 };
}
