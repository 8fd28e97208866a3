// Screenshots: images of a translation validated by content, kept in a ScreenshotStore, linked to source strings.
import type { Db, Executor } from '../db/database.js';
import type { ScreenshotRow } from '../db/schema.js';
import type { Actor } from '../auth/actor.js';
import type { AccessControl } from '../auth/access.js';
import type { ObjectPermission } from '../auth/permissions.js';
import { nowIso } from '../shared/clock.js';
import { NotFoundError, ValidationError } from '../shared/errors.js';
import type { ChangesService } from './changes.service.js';
import { componentPathSegment, splitComponentPath } from './categories.service.js';
import { detectImage, type ImageType } from './image-types.js';
import { newScreenshotKey, type ScreenshotStore } from './screenshot-store.js';
import type { Upload } from './uploads.js';
import { charField, FieldErrors, lastValue } from './validation.js';
import { Action } from '../domain/change-actions.js';

const NAME_MAX = 200;
const NOT_FOUND = 'No Screenshot matches the given query.';
const TRANSLATION_NOT_FOUND = 'Translation not found.';

/** A screenshot with what its links and access checks need. */
export interface Screenshot {
  screenshot: ScreenshotRow;
  projectId: number;
  accessControl: number;
  projectSlug: string;
  componentId: number;
  /** The component's API path segment (category path and slug). */
  componentSlug: string;
  languageId: number;
  languageCode: string;
  /** The source units it shows. */
  unitIds: number[];
}

export interface ScreenshotInput {
  name?: unknown;
  repository_filename?: unknown;
  project_slug?: unknown;
  component_slug?: unknown;
  language_code?: unknown;
}

export interface ScreenshotFile {
  data: Buffer;
  contentType: string;
  filename: string;
}

export class ScreenshotsService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
    private readonly changes: ChangesService,
    private readonly store: ScreenshotStore,
    private readonly maxSize: number,
  ) {}

  private select(db: Executor = this.db) {
    return db
      .selectFrom('screenshots')
      .innerJoin('translations', 'translations.id', 'screenshots.translation_id')
      .innerJoin('components', 'components.id', 'translations.component_id')
      .innerJoin('projects', 'projects.id', 'components.project_id')
      .innerJoin('languages', 'languages.id', 'translations.language_id')
      .selectAll('screenshots')
      .select([
        'projects.id as p_id',
        'projects.access_control as p_access',
        'projects.slug as p_slug',
        'components.id as c_id',
        'components.slug as c_slug',
        'components.category_path as c_path',
        'languages.id as l_id',
        'languages.code as l_code',
      ]);
  }

  private async expand(db: Executor, rows: Awaited<ReturnType<ReturnType<ScreenshotsService['select']>['execute']>>): Promise<Screenshot[]> {
    const ids = rows.map((r) => r.id);
    const links = ids.length
      ? await db.selectFrom('screenshot_units').select(['screenshot_id', 'unit_id']).where('screenshot_id', 'in', ids).orderBy('unit_id').execute()
      : [];
    return rows.map(({ p_id, p_access, p_slug, c_id, c_slug, c_path, l_id, l_code, ...screenshot }) => ({
      screenshot,
      projectId: p_id,
      accessControl: p_access,
      projectSlug: p_slug,
      componentId: c_id,
      componentSlug: componentPathSegment({ slug: c_slug, category_path: c_path }),
      languageId: l_id,
      languageCode: l_code,
      unitIds: links.filter((l) => l.screenshot_id === screenshot.id).map((l) => l.unit_id),
    }));
  }

  private visible(actor: Actor, componentId?: number) {
    const filter = this.access.visibleProjects(actor);
    let q = this.select();
    if (filter) q = q.where(filter);
    if (componentId !== undefined) q = q.where('components.id', '=', componentId);
    return q;
  }

  /** Screenshots of every project the actor sees (or of one component it sees). */
  async count(actor: Actor, componentId?: number): Promise<number> {
    const q = this.visible(actor, componentId).clearSelect().select((eb) => eb.fn.countAll<number>().as('n'));
    return Number((await q.executeTakeFirstOrThrow()).n);
  }

  async page(actor: Actor, limit: number, offset: number, componentId?: number): Promise<Screenshot[]> {
    return this.expand(this.db, await this.visible(actor, componentId).orderBy('screenshots.id').limit(limit).offset(offset).execute());
  }

  private async load(id: number, db: Executor = this.db): Promise<Screenshot | undefined> {
    const row = await this.select(db).where('screenshots.id', '=', id).executeTakeFirst();
    return row ? (await this.expand(db, [row]))[0] : undefined;
  }

  /** The screenshot if the actor sees its project; a malformed or unknown id is 404 as well. */
  async getVisible(actor: Actor, id: string): Promise<Screenshot> {
    const screenshotId = /^\d{1,15}$/.test(id) ? Number(id) : NaN;
    const s = Number.isSafeInteger(screenshotId) ? await this.load(screenshotId) : undefined;
    if (!s || !this.access.canView(actor, { id: s.projectId, access_control: s.accessControl })) throw new NotFoundError(NOT_FOUND);
    return s;
  }

  private require(actor: Actor, permission: ObjectPermission, s: Pick<Screenshot, 'projectId' | 'accessControl' | 'languageId'>): void {
    this.access.require(actor, permission, { id: s.projectId, access_control: s.accessControl }, undefined, s.languageId);
  }

  /** Size limit first, then the content: only well-formed PNG, JPEG and WebP images are kept. */
  private image(errors: FieldErrors, upload: Upload | undefined): { upload: Upload; type: ImageType } | undefined {
    if (!upload) {
      errors.add('image', 'No file was submitted.', 'required');
      return undefined;
    }
    if (upload.data.length === 0) {
      errors.add('image', 'The submitted file is empty.', 'empty');
      return undefined;
    }
    if (upload.data.length > this.maxSize) {
      errors.add('image', `Uploaded image is too big (the limit is ${this.maxSize} bytes).`, 'too_large');
      return undefined;
    }
    const type = detectImage(upload.data);
    if (!type) {
      errors.add('image', 'Upload a valid image. The file you uploaded was either not an image or a corrupted image.', 'invalid_image');
      return undefined;
    }
    return { upload, type };
  }

  /** Stores the image, then runs `write` in a transaction; when the transaction fails the stored file goes again. */
  private async storeThen<T>(image: { upload: Upload; type: ImageType }, write: (tx: Executor, key: string) => Promise<T>): Promise<T> {
    const key = newScreenshotKey(image.type.extension);
    await this.store.put(key, image.upload.data);
    try {
      return await this.db.transaction().execute((tx) => write(tx, key));
    } catch (e) {
      await this.store.delete(key).catch(() => undefined);
      throw e;
    }
  }

  async create(actor: Actor, input: ScreenshotInput, upload: Upload | undefined): Promise<Screenshot> {
    const errors = new FieldErrors();
    const name = charField(errors, 'name', lastValue(input.name), { required: true, blank: false, max: NAME_MAX });
    const repositoryFilename = charField(errors, 'repository_filename', lastValue(input.repository_filename), { required: false, blank: true, max: NAME_MAX });
    const slugs = {
      project_slug: charField(errors, 'project_slug', lastValue(input.project_slug), { required: true, blank: false, max: 100 }),
      component_slug: charField(errors, 'component_slug', lastValue(input.component_slug), { required: true, blank: false, max: 100 }),
      language_code: charField(errors, 'language_code', lastValue(input.language_code), { required: true, blank: false, max: 50 }),
    };
    const image = this.image(errors, upload);
    if (!errors.empty) throw new ValidationError(errors.list);

    // A translation of a project the caller cannot see is reported like a missing one. A component in a
    // category is named by its path (`cat/app` or `cat%2Fapp`); a bare slug prefers the uncategorized one.
    const path = splitComponentPath(slugs.component_slug!);
    let q = this.db
      .selectFrom('translations')
      .innerJoin('components', 'components.id', 'translations.component_id')
      .innerJoin('projects', 'projects.id', 'components.project_id')
      .innerJoin('languages', 'languages.id', 'translations.language_id')
      .select(['translations.id', 'translations.language_id', 'components.id as component_id', 'projects.id as project_id', 'projects.access_control'])
      .where('projects.slug', '=', slugs.project_slug!)
      .where('components.slug', '=', path.slug)
      .where('languages.code', '=', slugs.language_code!);
    if (path.categoryPath) q = q.where('components.category_path', '=', path.categoryPath);
    const t = await q.orderBy('components.category_path').executeTakeFirst();
    if (!t || !this.access.canView(actor, { id: t.project_id, access_control: t.access_control })) {
      throw new ValidationError(['project_slug', 'component_slug', 'language_code'].map((attr) => ({ attr, detail: TRANSLATION_NOT_FOUND, code: 'invalid' })));
    }
    this.require(actor, 'screenshot.add', { projectId: t.project_id, accessControl: t.access_control, languageId: t.language_id });

    const id = await this.storeThen(image!, async (tx, key) => {
      const row = await tx
        .insertInto('screenshots')
        .values({
          translation_id: t.id,
          name: name!,
          repository_filename: repositoryFilename ?? '',
          storage_key: key,
          content_type: image!.type.mimeType,
          size: image!.upload.data.length,
          user_id: actor.user?.id ?? null,
          timestamp: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.changes.record(tx, {
        action: Action.SCREENSHOT_UPLOADED,
        userId: actor.user?.id ?? null,
        projectId: t.project_id,
        componentId: t.component_id,
        translationId: t.id,
        languageId: t.language_id,
        target: name!,
        details: { screenshot: row.id },
      });
      return row.id;
    });
    return (await this.load(id))!;
  }

  /** PUT (name required) or PATCH: the name and the repository file name (kept when left out); the translation stays. */
  async update(actor: Actor, id: string, input: ScreenshotInput, partial: boolean): Promise<Screenshot> {
    const s = await this.getVisible(actor, id);
    this.require(actor, 'screenshot.edit', s);
    const errors = new FieldErrors();
    const name = charField(errors, 'name', lastValue(input.name), { required: !partial, blank: false, max: NAME_MAX });
    const repositoryFilename = charField(errors, 'repository_filename', lastValue(input.repository_filename), { required: false, blank: true, max: NAME_MAX });
    if (!errors.empty) throw new ValidationError(errors.list);
    const set = { name: name ?? s.screenshot.name, repository_filename: repositoryFilename ?? s.screenshot.repository_filename };
    await this.db.updateTable('screenshots').set(set).where('id', '=', s.screenshot.id).execute();
    return (await this.load(s.screenshot.id))!;
  }

  /** Deletes the row (and its unit links), then the image. */
  async remove(actor: Actor, id: string): Promise<void> {
    const s = await this.getVisible(actor, id);
    this.require(actor, 'screenshot.delete', s);
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('screenshot_units').where('screenshot_id', '=', s.screenshot.id).execute();
      await tx.deleteFrom('screenshots').where('id', '=', s.screenshot.id).execute();
      await this.changes.record(tx, { ...this.refs(s), action: Action.SCREENSHOT_REMOVED, userId: actor.user?.id ?? null, target: s.screenshot.name, details: { screenshot: s.screenshot.id } });
    });
    await this.store.delete(s.screenshot.storage_key);
  }

  private refs(s: Screenshot) {
    return { projectId: s.projectId, componentId: s.componentId, translationId: s.screenshot.translation_id, languageId: s.languageId };
  }

  async file(actor: Actor, id: string): Promise<ScreenshotFile> {
    const s = await this.getVisible(actor, id);
    const data = await this.store.get(s.screenshot.storage_key);
    if (!data) throw new NotFoundError('The screenshot image is missing.');
    return { data, contentType: s.screenshot.content_type, filename: s.screenshot.storage_key };
  }

  /** Replaces the image; the old file is removed once the new one is recorded. */
  async replaceFile(actor: Actor, id: string, upload: Upload | undefined): Promise<void> {
    const s = await this.getVisible(actor, id);
    this.require(actor, 'screenshot.edit', s);
    const errors = new FieldErrors();
    const image = this.image(errors, upload);
    if (!errors.empty) throw new ValidationError(errors.list);
    await this.storeThen(image!, async (tx, key) => {
      await tx
        .updateTable('screenshots')
        .set({ storage_key: key, content_type: image!.type.mimeType, size: image!.upload.data.length, user_id: actor.user?.id ?? null, timestamp: nowIso() })
        .where('id', '=', s.screenshot.id)
        .execute();
      await this.changes.record(tx, { ...this.refs(s), action: Action.SCREENSHOT_UPLOADED, userId: actor.user?.id ?? null, target: s.screenshot.name, details: { screenshot: s.screenshot.id } });
    });
    await this.store.delete(s.screenshot.storage_key);
  }

  /**
   * Links a string: `unit_id` names a source unit of the screenshot's component or a unit of its
   * translation; the source unit is what is stored (every translation of the string shares it).
   */
  async addUnit(actor: Actor, id: string, rawUnitId: unknown): Promise<Screenshot> {
    const s = await this.getVisible(actor, id);
    this.require(actor, 'screenshot.edit', s);
    const value = lastValue(rawUnitId);
    if (value === undefined || value === null || value === '') throw ValidationError.field('unit_id', 'This field is required.', 'required');
    const unitId = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d{1,15}\s*$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(unitId)) throw ValidationError.field('unit_id', 'A valid integer is required.');
    const unit = await this.db
      .selectFrom('units')
      .innerJoin('translations', 'translations.id', 'units.translation_id')
      .select(['units.id', 'units.source_unit_id', 'units.translation_id', 'translations.component_id', 'translations.is_source'])
      .where('units.id', '=', unitId)
      .executeTakeFirst();
    const usable = unit && unit.component_id === s.componentId && (unit.is_source === 1 || unit.translation_id === s.screenshot.translation_id);
    if (!usable) throw ValidationError.field('unit_id', 'Unit not found.');
    const sourceId = unit.source_unit_id ?? unit.id;
    await this.db.transaction().execute(async (tx) => {
      const linked = await tx.selectFrom('screenshot_units').select('unit_id').where('screenshot_id', '=', s.screenshot.id).where('unit_id', '=', sourceId).executeTakeFirst();
      if (linked) return;
      await tx.insertInto('screenshot_units').values({ screenshot_id: s.screenshot.id, unit_id: sourceId }).execute();
      await this.changes.record(tx, { ...this.refs(s), action: Action.SCREENSHOT_ADDED, userId: actor.user?.id ?? null, unitId: sourceId, target: s.screenshot.name, details: { screenshot: s.screenshot.id } });
    });
    return (await this.load(s.screenshot.id))!;
  }

  /**
   * Removes stored images that no screenshot refers to: those of translations, components and projects
   * deleted since (their rows go by cascade). Images younger than `minAgeMs` are kept, as an upload
   * stores its image just before its row commits.
   */
  async sweep(minAgeMs = 3600_000): Promise<number> {
    const cutoff = Date.now() - minAgeMs;
    const candidates: string[] = [];
    for await (const { key, modified } of this.store.list()) if (modified.getTime() <= cutoff) candidates.push(key);
    let removed = 0;
    for (let i = 0; i < candidates.length; i += 500) {
      const batch = candidates.slice(i, i + 500);
      const used = new Set((await this.db.selectFrom('screenshots').select('storage_key').where('storage_key', 'in', batch).execute()).map((r) => r.storage_key));
      for (const key of batch.filter((k) => !used.has(k))) {
        await this.store.delete(key);
        removed++;
      }
    }
    return removed;
  }

  /** Unlinks a string (by its source unit id, as `units` lists it); a string that is not linked is 404. */
  async removeUnit(actor: Actor, id: string, rawUnitId: string): Promise<void> {
    const s = await this.getVisible(actor, id);
    this.require(actor, 'screenshot.edit', s);
    const unitId = /^\d{1,15}$/.test(rawUnitId) ? Number(rawUnitId) : NaN;
    if (!Number.isSafeInteger(unitId) || !s.unitIds.includes(unitId)) throw new NotFoundError();
    await this.db.deleteFrom('screenshot_units').where('screenshot_id', '=', s.screenshot.id).where('unit_id', '=', unitId).execute();
  }
}
