// Project tokens: "plp_" tokens that authenticate as a bot user who is a member of the
// project's Administration team; listed, created (secret shown once) and revoked by project admins.
import crypto from 'node:crypto';
import { msgid } from '../../shared/msgid.js';
import type { Db, Executor } from '../../db/database.js';
import type { ProjectRow } from '../../db/schema.js';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import { generateToken, hashToken } from '../../auth/tokens.js';
import { nowIso } from '../../shared/clock.js';
import { NotFoundError, PermissionDeniedError, ValidationError } from '../../shared/errors.js';
import { projectAdministrationTeam } from './team-setup.js';
import { recordAudit } from './audit-log.js';
import { deleteBot, insertUserId, usernameTaken } from '../../db/users.repository.js';
import { deleteProjectBots, deleteToken, insertTokenId, projectsOfProjectTokens, projectTokenById, projectTokensOfProject } from '../../db/tokens.repository.js';
import { insertMember } from '../../db/teams.repository.js';

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
    throw ValidationError.field('expires', msgid('Enter a valid date (YYYY-MM-DD).'));
  }
  const iso = date.toISOString();
  if (iso < nowIso()) throw ValidationError.field('expires', msgid('The expiry date must not be in the past.'));
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
    const projects = await projectsOfProjectTokens(this.db, actor.user.id);
    if (projects.length === 0 || projects.some((p) => this.access.can(actor, 'project.permissions', p))) return;
    throw new PermissionDeniedError(msgid('A project token can create tokens only when its team grants managing the project permissions.'));
  }

  async list(actor: Actor, project: ProjectRow): Promise<ProjectTokenInfo[]> {
    this.requireAdmin(actor, project);
    return projectTokensOfProject(this.db, project.id);
  }

  async create(actor: Actor, project: ProjectRow, input: { name?: unknown; expires?: unknown }): Promise<ProjectTokenInfo & { token: string }> {
    this.requireAdmin(actor, project);
    await this.requireMayMintTokens(actor);
    const name = typeof input.name === 'string' ? input.name.trim() : '';
    if (!name) throw ValidationError.field('name', msgid('This field is required.'), 'required');
    if (name.length > 100) throw ValidationError.field('name', msgid('Ensure this field has no more than 100 characters.'), 'max_length');
    let expires: string | null = null;
    if (input.expires !== undefined && input.expires !== null && input.expires !== '') {
      if (typeof input.expires !== 'string') throw ValidationError.field('expires', msgid('Enter a valid date (YYYY-MM-DD).'));
      expires = endOfDay(input.expires);
    }
    return this.db.transaction().execute(async (tx) => {
      const username = await this.freeUsername(tx, `bot-${slugify(project.slug)}-${slugify(name) || 'token'}`.slice(0, 140));
      const created = nowIso();
      const userId = await insertUserId(tx, {
        username,
        email: `${username}@${BOT_EMAIL_DOMAIN}`,
        full_name: name,
        password: null,
        is_superuser: 0,
        is_active: 1,
        is_bot: 1,
        date_joined: created,
        date_expires: expires,
      });
      const teamId = await projectAdministrationTeam(tx, project);
      await insertMember(tx, teamId, userId);
      const token = generateToken('project');
      const tokenId = await insertTokenId(tx, { user_id: userId, key_hash: hashToken(token), kind: 'project', created, expires, project_id: project.id });
      await recordAudit(tx, actor, 'project-token.created', { userId, projectId: project.id, details: { name, username, expires } });
      return { id: tokenId, name, username, created, expires, token };
    });
  }

  async remove(actor: Actor, project: ProjectRow, id: string): Promise<void> {
    this.requireAdmin(actor, project);
    const tokenId = /^\d+$/.test(id) ? Number(id) : NaN;
    if (!Number.isSafeInteger(tokenId)) throw new NotFoundError();
    const row = await projectTokenById(this.db, project.id, tokenId);
    if (!row) throw new NotFoundError();
    // Removing the bot removes its token and memberships (foreign keys cascade).
    await this.db.transaction().execute(async (tx) => {
      await deleteToken(tx, row.id);
      await deleteBot(tx, row.user_id);
      await recordAudit(tx, actor, 'project-token.revoked', { userId: row.user_id, projectId: project.id, details: { token: row.id } });
    });
  }

  private async freeUsername(db: Executor, base: string): Promise<string> {
    let candidate = base;
    for (let i = 0; i < 20; i++) {
      if (!(await usernameTaken(db, candidate))) return candidate;
      candidate = `${base}-${crypto.randomBytes(2).toString('hex')}`;
    }
    throw new Error('Could not find a free bot username.');
  }
}

/** Removes the bots of a project's tokens (called before the project itself is removed). */
export async function removeProjectBots(db: Executor, projectId: number): Promise<void> {
  await deleteProjectBots(db, projectId);
}
