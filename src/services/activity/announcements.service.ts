// Announcements: messages for the translators of a project, a category, a component, a translation or a project's language.
import type { Db } from '../../db/database.js';
import type { AnnouncementRow, CategoryRow, ComponentRow, LanguageRow, ProjectRow, TranslationRow } from '../../db/schema.js';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import { announcementInScope, announcementsPage, countAnnouncements, deleteAnnouncement, insertAnnouncement, type AnnouncementScopeKey } from '../../db/announcements.repository.js';
import { nowIso } from '../../shared/clock.js';
import { NotFoundError, ValidationError } from '../../shared/errors.js';
import { FieldErrors } from '../common/validation.js';
import type { ChangesService } from './changes.service.js';

/** Change action "Announcement posted". */
const ANNOUNCEMENT_POSTED = 46;

export const SEVERITIES = ['info', 'warning', 'danger', 'success'] as const;

/** Where an announcement is shown; `project` is the owner of the component for component and translation scopes. */
export type AnnouncementScope =
  | { kind: 'project'; project: ProjectRow }
  | { kind: 'project-language'; project: ProjectRow; language: LanguageRow }
  | { kind: 'category'; project: ProjectRow; category: CategoryRow }
  | { kind: 'component'; project: ProjectRow; component: ComponentRow }
  | { kind: 'translation'; project: ProjectRow; component: ComponentRow; language: LanguageRow; translation: TranslationRow };

function keyOf(scope: AnnouncementScope): AnnouncementScopeKey {
  return {
    projectId: scope.project.id,
    categoryId: scope.kind === 'category' ? scope.category.id : null,
    componentId: scope.kind === 'component' || scope.kind === 'translation' ? scope.component.id : null,
    languageId: scope.kind === 'project-language' || scope.kind === 'translation' ? scope.language.id : null,
  };
}

/** DRF BooleanField spellings (form bodies send text). */
function asBool(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (v === 0 || v === 1) return v === 1;
  if (typeof v === 'string') {
    if (/^(true|yes|on|1|y|t)$/i.test(v)) return true;
    if (/^(false|no|off|0|n|f)$/i.test(v)) return false;
  }
  return undefined;
}

/** A calendar date YYYY-MM-DD that exists. */
function isDate(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

export interface AnnouncementInput {
  message: string;
  severity: (typeof SEVERITIES)[number];
  expiry: string | null;
  notify: boolean;
}

/** The body of a new announcement, with the reference's messages; unknown fields are ignored. */
export function parseAnnouncement(raw: unknown): AnnouncementInput {
  const body = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const errors = new FieldErrors();
  const { message, severity = 'info', expiry = null, notify = true } = body;
  if (message === undefined) errors.required('message');
  else if (message === null) errors.add('message', 'This field may not be null.', 'null');
  else if (typeof message !== 'string' && typeof message !== 'number') errors.add('message', 'Not a valid string.');
  else if (String(message).trim() === '') errors.add('message', 'This field may not be blank.', 'blank');
  if (typeof severity !== 'string' || !(SEVERITIES as readonly string[]).includes(severity)) errors.add('severity', `"${typeof severity === 'string' ? severity : JSON.stringify(severity)}" is not a valid choice.`, 'invalid_choice');
  if (expiry !== null && expiry !== '' && (typeof expiry !== 'string' || !isDate(expiry))) errors.add('expiry', 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.');
  const notifyValue = asBool(notify);
  if (notifyValue === undefined) errors.add('notify', 'Must be a valid boolean.');
  if (!errors.empty) throw new ValidationError(errors.list);
  return { message: String(message), severity: severity as AnnouncementInput['severity'], expiry: expiry === '' ? null : (expiry as string | null), notify: notifyValue! };
}

export class AnnouncementsService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
    private readonly changes: ChangesService,
  ) {}

  count(scope: AnnouncementScope): Promise<number> {
    return countAnnouncements(this.db, keyOf(scope));
  }

  /** A page of the announcements of exactly this scope (not those of the scopes inside or above it), oldest first. */
  page(scope: AnnouncementScope, limit: number, offset: number): Promise<AnnouncementRow[]> {
    return announcementsPage(this.db, keyOf(scope), limit, offset);
  }

  private languageOf(scope: AnnouncementScope): number | undefined {
    return scope.kind === 'project-language' || scope.kind === 'translation' ? scope.language.id : undefined;
  }

  /** Posts an announcement (`announcement.add` on the scope) and records "Announcement posted", in one transaction. */
  async create(actor: Actor, scope: AnnouncementScope, raw: unknown): Promise<AnnouncementRow> {
    this.access.require(actor, 'announcement.add', scope.project, 'You do not have permission to post announcements here.', this.languageOf(scope));
    const input = parseAnnouncement(raw);
    const key = keyOf(scope);
    return this.db.transaction().execute(async (tx) => {
      const row = await insertAnnouncement(tx, {
        message: input.message,
        severity: input.severity,
        expiry: input.expiry,
        notify: input.notify ? 1 : 0,
        project_id: key.projectId,
        category_id: key.categoryId,
        component_id: key.componentId,
        language_id: key.languageId,
        user_id: actor.user?.id ?? null,
        created: nowIso(),
      });
      await this.changes.record(tx, {
        action: ANNOUNCEMENT_POSTED,
        userId: actor.user?.id,
        projectId: key.projectId,
        componentId: key.componentId ?? undefined,
        languageId: key.languageId ?? undefined,
        translationId: scope.kind === 'translation' ? scope.translation.id : undefined,
        target: input.message,
      });
      return row;
    });
  }

  /** Removes an announcement of this scope (`announcement.delete`); 404 for ids of no announcement here. */
  async remove(actor: Actor, scope: AnnouncementScope, id: string): Promise<void> {
    if (!/^\d{1,15}$/.test(id)) throw new NotFoundError();
    const row = await announcementInScope(this.db, keyOf(scope), Number(id));
    if (!row) throw new NotFoundError();
    this.access.require(actor, 'announcement.delete', scope.project, 'You do not have permission to remove announcements here.', this.languageOf(scope));
    await deleteAnnouncement(this.db, row.id);
  }
}
