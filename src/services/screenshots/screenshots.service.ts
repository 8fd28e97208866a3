// Screenshots: images of a translation validated by content, kept in a ScreenshotStore, linked to source strings.
import type { Db, Executor } from '../../db/database.js';
import { msgid } from '../../shared/msgid.js';
import type { ScreenshotRow } from '../../db/schema.js';
import {
  countVisibleScreenshots,
  deleteScreenshot,
  insertScreenshot,
  isUnitLinked,
  linkUnit,
  screenshotById,
  storageKeysInUse,
  translationBySlugs,
  unitForLink,
  unitLinksOf,
  unlinkUnit,
  updateScreenshot,
  visibleScreenshotsPage,
  type ScreenshotPlaceRow,
} from '../../db/screenshots.repository.js';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import type { ObjectPermission } from '../../auth/permissions.js';
import { nowIso } from '../../shared/clock.js';
import { NotFoundError, ValidationError } from '../../shared/errors.js';
import type { ChangesService } from '../activity/changes.service.js';
import { componentPathSegment, splitComponentPath } from '../../domain/component-paths.js';
import { detectImage, type ImageType } from './image-types.js';
import { newScreenshotKey, type ScreenshotStore } from './screenshot-store.js';
import type { Upload } from '../common/upload.js';
import { charField, FieldErrors, lastValue } from '../common/validation.js';
import { Action } from '../../domain/change-actions.js';

const NAME_MAX = 200;
const NOT_FOUND = 'No Screenshot matches the given query.';
const TRANSLATION_NOT_FOUND = 'Translation not found.';

/** File name extensions of images. */
const IMAGE_EXTENSIONS = ['apng', 'avif', 'bmp', 'gif', 'jfif', 'jpe', 'jpeg', 'jpg', 'png', 'tif', 'tiff', 'webp'];

/** A screenshot with what its links and access checks need. */
export interface Screenshot {
  screenshot: ScreenshotRow;
  projectId: number;
  accessControl: number;
  projectSlug: string;
  componentId: number;
  /** Whether the component is restricted (1) or not (0). */
  componentRestricted: number;
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

  private async expand(db: Executor, rows: ScreenshotPlaceRow[]): Promise<Screenshot[]> {
    const ids = rows.map((r) => r.id);
    const links = ids.length ? await unitLinksOf(db, ids) : [];
    return rows.map(({ p_id, p_access, p_slug, c_id, c_restricted, c_slug, c_path, l_id, l_code, ...screenshot }) => ({
      screenshot,
      projectId: p_id,
      accessControl: p_access,
      projectSlug: p_slug,
      componentId: c_id,
      componentRestricted: Number(c_restricted),
      componentSlug: componentPathSegment({ slug: c_slug, category_path: c_path }),
      languageId: l_id,
      languageCode: l_code,
      unitIds: links.filter((l) => l.screenshot_id === screenshot.id).map((l) => l.unit_id),
    }));
  }

  /** Screenshots of every project and component the actor sees (or of one component it sees). */
  async count(actor: Actor, componentId?: number): Promise<number> {
    return countVisibleScreenshots(this.db, this.access.visibleProjects(actor), this.access.visibleComponents(actor), componentId);
  }

  async page(actor: Actor, limit: number, offset: number, componentId?: number): Promise<Screenshot[]> {
    return this.expand(this.db, await visibleScreenshotsPage(this.db, this.access.visibleProjects(actor), this.access.visibleComponents(actor), limit, offset, componentId));
  }

  private async load(id: number, db: Executor = this.db): Promise<Screenshot | undefined> {
    const row = await screenshotById(db, id);
    return row ? (await this.expand(db, [row]))[0] : undefined;
  }

  /** The screenshot if the actor sees its project and component; a malformed or unknown id is 404 as well. */
  async getVisible(actor: Actor, id: string): Promise<Screenshot> {
    const screenshotId = /^\d{1,15}$/.test(id) ? Number(id) : NaN;
    const s = Number.isSafeInteger(screenshotId) ? await this.load(screenshotId) : undefined;
    if (!s || !this.access.canViewComponent(actor, { id: s.projectId, access_control: s.accessControl }, { id: s.componentId, restricted: s.componentRestricted })) throw new NotFoundError(NOT_FOUND);
    return s;
  }

  private require(actor: Actor, permission: ObjectPermission, s: Pick<Screenshot, 'projectId' | 'accessControl' | 'componentId' | 'componentRestricted' | 'languageId'>): void {
    this.access.requireIn(actor, permission, { id: s.projectId, access_control: s.accessControl }, { id: s.componentId, restricted: s.componentRestricted }, undefined, s.languageId);
  }

  /** Size limit first, then the content (only well-formed PNG, JPEG and WebP images are kept), then the file name's extension, if it has one. */
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
    // A name with an extension must say image too: a file saved as page.html is not kept as a picture.
    const extension = /\.([^./\\]*)$/.exec(upload.filename)?.[1]?.toLowerCase();
    if (extension !== undefined && !IMAGE_EXTENSIONS.includes(extension)) {
      errors.add('image', `File extension “${extension}” is not allowed. Allowed extensions are: ${IMAGE_EXTENSIONS.join(', ')}.`, 'invalid_extension');
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
    const t = await translationBySlugs(this.db, slugs.project_slug!, path.categoryPath, path.slug, slugs.language_code!);
    if (!t || !this.access.canViewComponent(actor, { id: t.project_id, access_control: t.access_control }, { id: t.component_id, restricted: t.restricted })) {
      throw new ValidationError(['project_slug', 'component_slug', 'language_code'].map((attr) => ({ attr, detail: TRANSLATION_NOT_FOUND, code: 'invalid' })));
    }
    this.require(actor, 'screenshot.add', { projectId: t.project_id, accessControl: t.access_control, componentId: t.component_id, componentRestricted: t.restricted, languageId: t.language_id });

    const id = await this.storeThen(image!, async (tx, key) => {
      const screenshotId = await insertScreenshot(tx, {
        translation_id: t.id,
        name: name!,
        repository_filename: repositoryFilename ?? '',
        storage_key: key,
        content_type: image!.type.mimeType,
        size: image!.upload.data.length,
        user_id: actor.user?.id ?? null,
        timestamp: nowIso(),
      });
      await this.changes.record(tx, {
        action: Action.SCREENSHOT_UPLOADED,
        userId: actor.user?.id ?? null,
        projectId: t.project_id,
        componentId: t.component_id,
        translationId: t.id,
        languageId: t.language_id,
        target: name!,
        details: { screenshot: screenshotId },
      });
      return screenshotId;
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
    await updateScreenshot(this.db, s.screenshot.id, set);
    return (await this.load(s.screenshot.id))!;
  }

  /** Deletes the row (and its unit links), then the image. */
  async remove(actor: Actor, id: string): Promise<void> {
    const s = await this.getVisible(actor, id);
    this.require(actor, 'screenshot.delete', s);
    await this.db.transaction().execute(async (tx) => {
      await deleteScreenshot(tx, s.screenshot.id);
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
    if (!data) throw new NotFoundError(msgid('The screenshot image is missing.'));
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
      await updateScreenshot(tx, s.screenshot.id, { storage_key: key, content_type: image!.type.mimeType, size: image!.upload.data.length, user_id: actor.user?.id ?? null, timestamp: nowIso() });
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
    if (value === undefined || value === null || value === '') throw ValidationError.field('unit_id', msgid('This field is required.'), 'required');
    const unitId = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d{1,15}\s*$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(unitId)) throw ValidationError.field('unit_id', msgid('A valid integer is required.'));
    const unit = await unitForLink(this.db, unitId);
    const usable = unit && unit.component_id === s.componentId && (unit.is_source === 1 || unit.translation_id === s.screenshot.translation_id);
    if (!usable) throw ValidationError.field('unit_id', msgid('Unit not found.'));
    const sourceId = unit.source_unit_id ?? unit.id;
    await this.db.transaction().execute(async (tx) => {
      if (await isUnitLinked(tx, s.screenshot.id, sourceId)) return;
      await linkUnit(tx, s.screenshot.id, sourceId);
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
      const used = await storageKeysInUse(this.db, batch);
      for (const key of batch.filter((k) => !used.has(k))) {
        await this.store.delete(key);
        removed++;
      }
    }
    return removed;
  }

  /** Unlinks a string (by its source unit id, as `units` lists it), recording the removal; a string that is not linked is 404. */
  async removeUnit(actor: Actor, id: string, rawUnitId: string): Promise<void> {
    const s = await this.getVisible(actor, id);
    this.require(actor, 'screenshot.edit', s);
    const unitId = /^\d{1,15}$/.test(rawUnitId) ? Number(rawUnitId) : NaN;
    if (!Number.isSafeInteger(unitId) || !s.unitIds.includes(unitId)) throw new NotFoundError();
    await this.db.transaction().execute(async (tx) => {
      await unlinkUnit(tx, s.screenshot.id, unitId);
      await this.changes.record(tx, { ...this.refs(s), action: Action.SCREENSHOT_REMOVED, userId: actor.user?.id ?? null, unitId, target: s.screenshot.name, details: { screenshot: s.screenshot.id } });
    });
  }
}
