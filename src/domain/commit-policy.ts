// Which pending edits a commit takes under a project's commit policy (0 all, 20 all but those needing editing, 30 approved only).
import { STATE_APPROVED } from './unit-states.js';

export const COMMIT_ALL = 0;
export const COMMIT_WITHOUT_NEEDS_EDITING = 20;
export const COMMIT_APPROVED_ONLY = 30;

/** States 10–12: the string needs editing. */
const needsEditing = (state: number) => state >= 10 && state < 20;

/**
 * Whether a pending edit stays out of commits: source strings always go; "approved only" keeps back what is
 * not approved when the project reviews translations (without reviews nothing is ever approved, so it keeps
 * back what needs editing, like the policy below it).
 */
export function heldBackByPolicy(state: number, isSource: boolean, policy: number, review: boolean): boolean {
  if (isSource || policy === COMMIT_ALL) return false;
  if (policy === COMMIT_APPROVED_ONLY && review) return state < STATE_APPROVED;
  return needsEditing(state);
}
