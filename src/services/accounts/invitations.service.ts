// Invitations by e-mail, site-wide or into a team: a single-use link to choose a username and password; an address that already
// has an account joins that account to the team instead.
import type { Db, Executor } from '../../db/database.js';
import type { GroupRow, UserRow } from '../../db/schema.js';
import { usersByEmail } from '../../db/account-links.repository.js';
import { projectAccessById } from '../../db/projects.repository.js';
import { groupById, isGroupAdmin, joinGroup } from '../../db/teams.repository.js';
import { userById } from '../../db/users.repository.js';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import { Action } from '../../domain/change-actions.js';
import { addedToTeamMail, inLanguage, invitationMail } from '../../mail/templates.js';
import { profileRows } from '../../db/user-profiles.repository.js';
import { msgid } from '../../shared/msgid.js';
import { PermissionDeniedError, ValidationError } from '../../shared/errors.js';
import type { ChangesService } from '../activity/changes.service.js';
import type { MailService } from '../mail/mail.service.js';
import { AccountLinks, linkDetails } from './account-links.js';
import { emailFieldErrors, fullNameFieldErrors, passwordFieldErrors, usernameFieldErrors } from './account-mail.service.js';
import { recordAudit } from './audit-log.js';
import type { TeamsService } from './teams.service.js';
import type { UsersService } from './users.service.js';

export interface InvitationResult {
  /** `invited`: a link went to the address; `joined`: the address's account joined the team. */
  status: 'invited' | 'joined';
  email: string;
  /** The account that joined (status `joined`). */
  username: string | null;
}

export interface InvitationView {
  email: string;
  team: string | null;
  /** Whether the team is a built-in one (the page names those in the reader's language). */
  teamInternal: boolean;
  inviter: string | null;
}

/** The name an inviter signs with: their full name, or their username. */
const nameOf = (user: Pick<UserRow, 'full_name' | 'username'> | null | undefined) => (user ? user.full_name || user.username : 'An administrator');

export class InvitationsService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
    private readonly users: UsersService,
    private readonly teams: TeamsService,
    private readonly changes: ChangesService,
    private readonly mail: MailService,
    private readonly links: AccountLinks,
  ) {}

  /** Site-wide invitations (no team) need user management; invitations into a team, the right to manage its members. */
  async canInvite(actor: Actor, group: GroupRow | null): Promise<boolean> {
    if (!actor.authenticated || !actor.user) return false;
    if (this.access.canGlobal(actor, 'user.edit')) return true;
    if (!group) return false;
    if (this.access.canGlobal(actor, 'group.edit')) return true;
    if (group.defining_project_id !== null) {
      const project = await projectAccessById(this.db, group.defining_project_id);
      if (project && this.access.can(actor, 'project.permissions', project)) return true;
    }
    return isGroupAdmin(this.db, group.id, actor.user.id);
  }

  /** The teams the actor may invite people into, by name. */
  async invitableTeams(actor: Actor): Promise<GroupRow[]> {
    const out: GroupRow[] = [];
    for (const group of await this.teams.groupList(actor).page(1000, 0)) if (await this.canInvite(actor, group)) out.push(group);
    return out.sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Whether the actor may invite anybody at all (the web UI shows the form then). */
  async mayInvite(actor: Actor): Promise<boolean> {
    return (await this.canInvite(actor, null)) || (await this.invitableTeams(actor)).length > 0;
  }

  /** Invites an address, into a team when `groupId` is given; audited, with the mail sent by the task queue. */
  async invite(actor: Actor, input: { email: string; groupId: number | null }, base: string): Promise<InvitationResult> {
    const email = input.email.trim();
    const group = input.groupId === null ? null : ((await groupById(this.db, input.groupId)) ?? null);
    if (input.groupId !== null && !group) {
      if (!(await this.canInvite(actor, null))) throw new PermissionDeniedError(msgid('You can not invite people.'));
      throw ValidationError.field('group', msgid('Group not found.'), 'does_not_exist');
    }
    if (!(await this.canInvite(actor, group))) throw new PermissionDeniedError(group ? msgid('You can not invite people into this team.') : msgid('Only user administrators can invite people without a team.'));
    const errors = emailFieldErrors(email);
    if (errors.length) throw new ValidationError(errors);
    const existing = (await usersByEmail(this.db, email)).filter((u) => u.is_active && !u.is_bot);
    const inviter = nameOf(actor.user);
    if (existing.length) {
      if (!group) throw ValidationError.field('email', msgid('This address already has an account.'), 'unique');
      const account = (await userById(this.db, existing[0]!.id))!;
      const language = (await profileRows(this.db, [account.id]))[0]?.language;
      const id = await this.db.transaction().execute(async (tx) => {
        await this.join(tx, actor, account, group);
        await recordAudit(tx, actor, 'invitation.created', { userId: account.id, groupId: group.id, projectId: group.defining_project_id, details: { email, team: group.name, existing_account: true } });
        const content = inLanguage(language, () => addedToTeamMail({ inviter, username: account.username, team: group, url: `${base}/` }));
        return this.mail.store(tx, account.email, content);
      });
      await this.mail.dispatch([id]);
      return { status: 'joined', email, username: account.username };
    }
    const id = await this.db.transaction().execute(async (tx) => {
      const secret = await this.links.issue(tx, 'invitation', { email, groupId: group?.id ?? null, authorId: actor.user!.id });
      await recordAudit(tx, actor, 'invitation.created', { groupId: group?.id ?? null, projectId: group?.defining_project_id ?? null, details: { email, team: group?.name ?? null } });
      return this.mail.store(tx, email, invitationMail({ inviter, team: group ?? null, url: `${base}/accounts/invitation/${secret}/`, validFor: this.links.age }));
    });
    await this.mail.dispatch([id]);
    return { status: 'invited', email, username: null };
  }

  /** What an invitation link offers; a LinkError when it does not work. */
  async view(secret: string): Promise<InvitationView> {
    const link = await this.links.find(this.db, 'invitation', secret);
    const group = link.group_id === null ? undefined : await groupById(this.db, link.group_id);
    const author = link.author_id === null ? undefined : await userById(this.db, link.author_id);
    return { email: link.email, team: group?.name ?? null, teamInternal: Boolean(group?.internal), inviter: author ? nameOf(author) : null };
  }

  /** Creates the invitee's account (with the invited address) and joins it to the team; the link is used up. */
  async accept(secret: string, input: { username: string; full_name: string; password: string; password2: string }): Promise<UserRow> {
    const link = await this.links.find(this.db, 'invitation', secret);
    const username = input.username.trim();
    const fullName = input.full_name.trim();
    const errors = [
      ...(await usernameFieldErrors(this.db, username)),
      ...fullNameFieldErrors(fullName),
      ...passwordFieldErrors(input.password, input.password2, { username, email: link.email, fullName }),
    ];
    if (errors.length) throw new ValidationError(errors);
    const author = link.author_id === null ? null : ((await userById(this.db, link.author_id)) ?? null);
    return this.db.transaction().execute(async (tx) => {
      const row = await this.links.find(tx, 'invitation', secret);
      await this.links.consume(tx, row);
      const user = await this.users.create({ username, email: link.email, full_name: fullName || username, password: input.password }, tx);
      const group = row.group_id === null ? undefined : await groupById(tx, row.group_id);
      // The membership is the inviter's doing, as if they had added the account themselves.
      const inviter: Actor = author ? { user: author, authenticated: true, isSuperuser: false } : { user: null, authenticated: true, isSuperuser: true };
      if (group) await this.join(tx, inviter, user, group);
      await recordAudit(tx, null, 'invitation.accepted', { userId: user.id, groupId: group?.id ?? null, projectId: group?.defining_project_id ?? null, details: { email: link.email, team: group?.name ?? null, ...linkDetails(row) } });
      return user;
    });
  }

  private async join(tx: Executor, actor: Actor, user: UserRow, group: GroupRow): Promise<void> {
    if (!(await joinGroup(tx, group.id, user.id))) return;
    await recordAudit(tx, actor, 'team.member-added', { groupId: group.id, projectId: group.defining_project_id, userId: user.id, details: { team: group.name } });
    await this.changes.record(tx, { action: Action.ACCESS_EDIT, userId: actor.user?.id, projectId: group.defining_project_id, target: user.username, details: { username: user.username, team: group.name, change: 'added' } });
  }
}
