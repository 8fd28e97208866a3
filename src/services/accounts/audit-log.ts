// The audit log: every change to a user, team, role or token, with who made it, and failed or locked sign-ins; a user's entries over the API.
import type { Executor } from '../../db/database.js';
import type { AuditLogRow } from '../../db/schema.js';
import { countUserAuditEntries, insertAuditEntry, userAuditEntries } from '../../db/audit-log.repository.js';
import { usernamesByIds } from '../../db/users.repository.js';
import type { Actor } from '../../auth/actor.js';
import { nowIso } from '../../shared/clock.js';

export type AuditActivity =
  | 'user.created'
  | 'user.updated'
  | 'user.removed'
  | 'user.password'
  | 'user.email'
  | 'invitation.created'
  | 'invitation.accepted'
  | 'user.token'
  | 'team.created'
  | 'team.updated'
  | 'team.removed'
  | 'team.member-added'
  | 'team.member-removed'
  | 'team.admin-granted'
  | 'team.admin-revoked'
  | 'team.role-added'
  | 'team.role-removed'
  | 'team.language-added'
  | 'team.language-removed'
  | 'team.project-added'
  | 'team.project-removed'
  | 'team.component-added'
  | 'team.component-removed'
  | 'team.componentlist-added'
  | 'team.componentlist-removed'
  | 'role.created'
  | 'role.updated'
  | 'role.removed'
  | '2fa.added'
  | '2fa.removed'
  | '2fa.recovery-generated'
  | '2fa.recovery-used'
  | '2fa.failed'
  | '2fa.locked'
  | 'project-token.created'
  | 'project-token.revoked'
  | 'login'
  | 'login.failed'
  | 'login.locked'
  | 'login.sso'
  | 'login.sso-failed'
  | 'user.sso-linked';

export interface AuditSubject {
  userId?: number | null;
  groupId?: number | null;
  roleId?: number | null;
  projectId?: number | null;
  details?: Record<string, unknown>;
}

/** Records one entry in the caller's transaction, so that it exists exactly when the change does. */
export async function recordAudit(db: Executor, actor: Actor | null, activity: AuditActivity, subject: AuditSubject = {}): Promise<void> {
  await insertAuditEntry(db, {
    timestamp: nowIso(),
    actor_id: actor?.user?.id ?? null,
    user_id: subject.userId ?? null,
    group_id: subject.groupId ?? null,
    role_id: subject.roleId ?? null,
    project_id: subject.projectId ?? null,
    activity,
    details: JSON.stringify(subject.details ?? {}),
  });
}

export interface AuditEntryView {
  id: number;
  timestamp: string;
  activity: string;
  actor: string | null;
  user: string | null;
  group_id: number | null;
  role_id: number | null;
  details: Record<string, unknown>;
}

/** Entries about a user or made by them, newest first, a page at a time: the count and the page's rows. */
export function userAuditLog(db: Executor, userId: number) {
  return {
    count: () => countUserAuditEntries(db, userId),
    page: (limit: number, offset: number) => userAuditEntries(db, userId, limit, offset),
  };
}

export async function auditViews(db: Executor, rows: readonly AuditLogRow[]): Promise<AuditEntryView[]> {
  const ids = [...new Set(rows.flatMap((r) => [r.actor_id, r.user_id]).filter((id): id is number => id !== null))];
  const names = new Map<number, string>();
  if (ids.length) for (const u of await usernamesByIds(db, ids)) names.set(u.id, u.username);
  return rows.map((r) => ({
    id: r.id,
    timestamp: r.timestamp,
    activity: r.activity,
    actor: r.actor_id === null ? null : (names.get(r.actor_id) ?? null),
    user: r.user_id === null ? null : (names.get(r.user_id) ?? null),
    group_id: r.group_id,
    role_id: r.role_id,
    details: JSON.parse(r.details) as Record<string, unknown>,
  }));
}
