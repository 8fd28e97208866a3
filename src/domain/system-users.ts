// The users Parla keeps for itself: the anonymous user, whose row stands for every visitor who is not signed in.

/** The anonymous user's username: reserved, its row is created at start-up and never edited through the API. */
export const ANONYMOUS_USERNAME = 'anonymous';
export const ANONYMOUS_FULL_NAME = 'Anonymous';
/** An address that reaches nobody (`.invalid` is reserved for that). */
export const ANONYMOUS_EMAIL = 'noreply@parla.invalid';

/** Whether a user row is the anonymous user's. */
export function isAnonymousUser(user: { username: string }): boolean {
  return user.username === ANONYMOUS_USERNAME;
}
