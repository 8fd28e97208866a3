// Project tokens: "plp_" tokens that authenticate as a bot user who is a member of the
// project's Administration team; listed, created (secret shown once) and revoked by project admins.
import crypto from 'node:crypto';
import type { Db, Executor } from '../db/database.js';
import type { ProjectRow } from '../db/schema.js';
import type { Actor } from '../auth/actor.js';
import type { AccessControl } from '../auth/access.js';
import { generateToken, hashToken } from '../auth/tokens.js';
import { nowIso } from '../shared/clock.js';
import { NotFoundError, PermissionDeniedError, ValidationError } from '../shared/errors.js';
import { projectAdministrationTeam } from './team-setup.js';
import { recordAudit } from './audit-log.js';

export interface ProjectTokenInfo {
  id: number;
  name: string;
  username: string;
  created: string;
  expires: string | null;
}

export const BOT_EMAIL_DOMAIN = 'bots.noreply.parla.invalid';

function slugify(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** "YYYY-MM-DD" (or a full ISO timestamp) → the end of that day in UTC; past dates are refused. */
function endOfDay(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ].*)?$/.exec(value.trim());
  const date = match ? new Date(`${match[1]}T23:59:59.999Z`) : null;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== match![1]) {
    throw ValidationError.field('expires', 'Enter a valid date (YYYY-MM-DD).');
  }
  const iso = date.toISOString();
  if (iso < nowIso()) throw ValidationError.field('expires', 'The expiry date must not be in the past.');
  return iso;
}

export class ProjectTokensService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
  ) {}

  private requireAdmin(actor: Actor, project: ProjectRow): void {
    this.access.require(actor, 'project.permissions', project, 'You do not have permission to manage project tokens.');
  }

  /**
   * A project token stands for its project only: it may make tokens (its own user token included, which
   * would outlive it and drop its expiry) only while a team of that project grants it project.permissions.
   * Actors who are not project-token bots are not concerned.
   */
  async requireMayMintTokens(actor: Actor): Promise<void> {
    if (!actor.user || actor.user.is_bot !== 1 || actor.isSuperuser) return;
    const projects = await this.db
      .selectFrom('tokens')
      .innerJoin('projects', 'projects.id', 'tokens.project_id')
      .selectAll('projects')
      .where('tokens.user_id', '=', actor.user.id)
      .where('tokens.kind', '=', 'project')
      .execute();
    if (projects.length === 0 || projects.some((p) => this.access.can(actor, 'project.permissions', p))) return;
    throw new PermissionDeniedError('A project token can create tokens only when its team grants managing the project permissions.');
  }

  async list(actor: Actor, project: ProjectRow): Promise<ProjectTokenInfo[]> {
    this.requireAdmin(actor, project);
    const rows = await this.db
      .selectFrom('tokens')
      .innerJoin('users', 'users.id', 'tokens.user_id')
      .select(['tokens.id', 'users.full_name as name', 'users.username', 'tokens.created', 'tokens.expires'])
      .where('tokens.project_id', '=', project.id)
      .where('tokens.kind', '=', 'project')
      .orderBy('tokens.id')
      .execute();
    return rows;
  }

  async create(actor: Actor, project: ProjectRow, input: { name?: unknown; expires?: unknown }): Promise<ProjectTokenInfo & { token: string }> {
    this.requireAdmin(actor, project);
    await this.requireMayMintTokens(actor);
    const name = typeof input.name === 'string' ? input.name.trim() : '';
    if (!name) throw ValidationError.field('name', 'This field is required.', 'required');
    if (name.length > 100) throw ValidationError.field('name', 'Ensure this field has no more than 100 characters.', 'max_length');
    let expires: string | null = null;
    if (input.expires !== undefined && input.expires !== null && input.expires !== '') {
      if (typeof input.expires !== 'string') throw ValidationError.field('expires', 'Enter a valid date (YYYY-MM-DD).');
      expires = endOfDay(input.expires);
    }
    return this.db.transaction().execute(async (tx) => {
      const username = await this.freeUsername(tx, `bot-${slugify(project.slug)}-${slugify(name) || 'token'}`.slice(0, 140));
      const created = nowIso();
      const user = await tx
        .insertInto('users')
        .values({
          username,
          email: `${username}@${BOT_EMAIL_DOMAIN}`,
          full_name: name,
          password: null,
          is_superuser: 0,
          is_active: 1,
          is_bot: 1,
          date_joined: created,
          date_expires: expires,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const teamId = await projectAdministrationTeam(tx, project);
      await tx.insertInto('group_members').values({ group_id: teamId, user_id: user.id }).execute();
      const token = generateToken('project');
      const row = await tx
        .insertInto('tokens')
        .values({ user_id: user.id, key_hash: hashToken(token), kind: 'project', created, expires, project_id: project.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(tx, actor, 'project-token.created', { userId: user.id, projectId: project.id, details: { name, username, expires } });
      return { id: row.id, name, username, created, expires, token };
    });
  }

  async remove(actor: Actor, project: ProjectRow, id: string): Promise<void> {
    this.requireAdmin(actor, project);
    const tokenId = /^\d+$/.test(id) ? Number(id) : NaN;
    if (!Number.isSafeInteger(tokenId)) throw new NotFoundError();
    const row = await this.db
      .selectFrom('tokens')
      .select(['id', 'user_id'])
      .where('id', '=', tokenId)
      .where('project_id', '=', project.id)
      .where('kind', '=', 'project')
      .executeTakeFirst();
    if (!row) throw new NotFoundError();
    // Removing the bot removes its token and memberships (foreign keys cascade).
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('tokens').where('id', '=', row.id).execute();
      await tx.deleteFrom('users').where('id', '=', row.user_id).where('is_bot', '=', 1).execute();
      await recordAudit(tx, actor, 'project-token.revoked', { userId: row.user_id, projectId: project.id, details: { token: row.id } });
    });
  }

  private async freeUsername(db: Executor, base: string): Promise<string> {
    let candidate = base;
    for (let i = 0; i < 20; i++) {
      if (!(await db.selectFrom('users').select('id').where('username', '=', candidate).executeTakeFirst())) return candidate;
      candidate = `${base}-${crypto.randomBytes(2).toString('hex')}`;
    }
    throw new Error('Could not find a free bot username.');
  }
}

/** Removes the bots of a project's tokens (called before the project itself is removed). */
export async function removeProjectBots(db: Executor, projectId: number): Promise<void> {
  const bots = db.selectFrom('tokens').select('user_id').where('project_id', '=', projectId).where('kind', '=', 'project');
  await db.deleteFrom('users').where('id', 'in', bots).where('is_bot', '=', 1).execute();
}
