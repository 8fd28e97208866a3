// The project backup archive: its layout, and reading an uploaded one with every limit checked before anything is used.
//
//   parla-backup.json      the manifest: format and version, the project's settings, labels, categories, components
//   parla-memory.json      the project's translation memory
//   components/<n>.json    a component: settings, translations, units (with labels, comments, suggestions, checks), screenshots
//   screenshots/<n>        a screenshot's image
//   vcs/<n>/…              a component's repository checkout (working tree and .git), for components with their own
import type { Entry } from 'yauzl';
import { ValidationError } from '../../shared/errors.js';
import { checkEntryName, ZipError, ZipParts, type PartLimits } from '../../shared/safe-zip.js';

export const BACKUP_FORMAT = 'parla-project-backup';
export const BACKUP_VERSION = 1;
export const MANIFEST = 'parla-backup.json';
export const MEMORY = 'parla-memory.json';
export const componentFile = (n: number) => `components/${n}.json`;
export const screenshotFile = (n: number) => `screenshots/${n}`;
export const vcsPrefix = (n: number) => `vcs/${n}/`;

/** What an archive may hold: entries, the size of each once inflated, and the inflate ratio that marks a bomb. */
export const ARCHIVE_LIMITS: PartLimits = { maxEntries: 100_000, maxEntryBytes: 256 * 1024 * 1024, maxRatio: 200 };
/** All entries together, inflated. */
export const MAX_TOTAL_BYTES = 1024 * 1024 * 1024;
/** One JSON entry, inflated: JSON.parse holds it whole. */
export const MAX_JSON_BYTES = 128 * 1024 * 1024;
const MAX_NAME = 1024;

/** A row as it travels: column → text, number or null. */
export type BackupRow = Record<string, string | number | null>;

export interface ManifestCategory {
  key: number;
  parent: number | null;
  name: string;
  slug: string;
}

export interface ManifestComponent {
  file: string;
  vcs: string | null;
}

export interface Manifest {
  format: string;
  version: number;
  metadata: BackupRow;
  project: BackupRow;
  labels: BackupRow[];
  categories: ManifestCategory[];
  components: ManifestComponent[];
}

export interface BackupTranslation {
  key: number;
  row: BackupRow;
}

export interface BackupUnit {
  translation: number;
  row: BackupRow;
  labels: string[];
  comments: BackupRow[];
  suggestions: { row: BackupRow; votes: { user: string; value: number }[] }[];
  checks: { name: string; dismissed: number }[];
}

export interface BackupScreenshot {
  translation: number;
  file: string;
  row: BackupRow;
  units: { translation: number; id_hash: string }[];
}

export interface BackupComponent {
  row: BackupRow;
  category: number | null;
  translations: BackupTranslation[];
  units: BackupUnit[];
  screenshots: BackupScreenshot[];
}

/** A refusal of the archive: a 400 on `zipfile`, naming what is wrong. */
export function backupError(detail: string): ValidationError {
  return ValidationError.field('zipfile', detail, 'invalid');
}

// ------------------------------------------------------------------ shape checks

const KEY = /^[a-z][a-z0-9_]{0,63}$/;

class Shape {
  constructor(private readonly where: string) {}

  fail(what: string): never {
    throw backupError(`The backup is not valid: ${this.where}: ${what}.`);
  }
  at(where: string): Shape {
    return new Shape(`${this.where}.${where}`);
  }
  object(v: unknown): Record<string, unknown> {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) this.fail('expected an object');
    return v as Record<string, unknown>;
  }
  array(v: unknown, max = Number.MAX_SAFE_INTEGER): unknown[] {
    if (!Array.isArray(v)) this.fail('expected a list');
    if (v.length > max) this.fail(`more than ${max} items`);
    return v;
  }
  string(v: unknown, max = 100_000): string {
    if (typeof v !== 'string') this.fail('expected text');
    if (v.length > max) this.fail(`text longer than ${max} characters`);
    return v;
  }
  integer(v: unknown): number {
    if (typeof v !== 'number' || !Number.isSafeInteger(v)) this.fail('expected an integer');
    return v;
  }
  key(v: unknown): number | null {
    return v === null || v === undefined ? null : this.integer(v);
  }
  /** Scalar values under plain column names, nothing nested. */
  row(v: unknown, ...nested: string[]): BackupRow {
    const obj = this.object(v);
    const out: BackupRow = {};
    for (const [k, value] of Object.entries(obj)) {
      if (nested.includes(k)) continue;
      if (!KEY.test(k)) this.fail(`the name ${JSON.stringify(k.slice(0, 70))} is not a column name`);
      if (value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) out[k] = value;
      else this.fail(`${k}: expected text, a number or null`);
    }
    return out;
  }
}

export function parseManifest(data: unknown): Manifest {
  const s = new Shape(MANIFEST);
  const obj = s.object(data);
  if (obj.format !== BACKUP_FORMAT) s.fail(`this is not a Parla project backup (format ${JSON.stringify(obj.format ?? null)})`);
  const version = s.at('version').integer(obj.version);
  if (version < 1 || version > BACKUP_VERSION) s.fail(`format version ${version} is not supported (this server reads up to ${BACKUP_VERSION})`);
  return {
    format: BACKUP_FORMAT,
    version,
    metadata: s.at('metadata').row(obj.metadata ?? {}),
    project: s.at('project').row(obj.project),
    labels: s
      .at('labels')
      .array(obj.labels ?? [], 10_000)
      .map((l, i) => s.at(`labels[${i}]`).row(l)),
    categories: s
      .at('categories')
      .array(obj.categories ?? [], 10_000)
      .map((c, i) => {
        const at = s.at(`categories[${i}]`);
        const o = at.object(c);
        return { key: at.at('key').integer(o.key), parent: at.at('parent').key(o.parent), name: at.at('name').string(o.name, 200), slug: at.at('slug').string(o.slug, 200) };
      }),
    components: s
      .at('components')
      .array(obj.components ?? [], 10_000)
      .map((c, i) => {
        const at = s.at(`components[${i}]`);
        const o = at.object(c);
        const file = at.at('file').string(o.file, 100);
        if (!/^components\/\d{1,6}\.json$/.test(file)) at.at('file').fail('expected components/<n>.json');
        const vcs = o.vcs === null || o.vcs === undefined ? null : at.at('vcs').string(o.vcs, 100);
        if (vcs !== null && !/^vcs\/\d{1,6}\/$/.test(vcs)) at.at('vcs').fail('expected vcs/<n>/');
        return { file, vcs };
      }),
  };
}

export function parseMemory(data: unknown): BackupRow[] {
  const s = new Shape(MEMORY);
  return s.array(data, 5_000_000).map((m, i) => s.at(`[${i}]`).row(m));
}

export function parseComponent(name: string, data: unknown): BackupComponent {
  const s = new Shape(name);
  const obj = s.object(data);
  const comp = s.at('component');
  const componentObj = comp.object(obj.component);
  const translations = s
    .at('translations')
    .array(obj.translations ?? [], 10_000)
    .map((t, i) => {
      const at = s.at(`translations[${i}]`);
      const o = at.object(t);
      return { key: at.at('key').integer(o.key), row: at.row(o, 'key') };
    });
  const units = s
    .at('units')
    .array(obj.units ?? [], 10_000_000)
    .map((u, i) => {
      const at = s.at(`units[${i}]`);
      const o = at.object(u);
      return {
        translation: at.at('translation').integer(o.translation),
        row: at.row(o, 'translation', 'labels', 'comments', 'suggestions', 'checks'),
        labels: at
          .at('labels')
          .array(o.labels ?? [], 1000)
          .map((l, j) => at.at(`labels[${j}]`).string(l, 200)),
        comments: at
          .at('comments')
          .array(o.comments ?? [], 100_000)
          .map((c, j) => at.at(`comments[${j}]`).row(c)),
        suggestions: at
          .at('suggestions')
          .array(o.suggestions ?? [], 100_000)
          .map((g, j) => {
            const sg = at.at(`suggestions[${j}]`);
            const so = sg.object(g);
            return {
              row: sg.row(so, 'votes'),
              votes: sg
                .at('votes')
                .array(so.votes ?? [], 100_000)
                .map((v, k) => {
                  const vt = sg.at(`votes[${k}]`);
                  const vo = vt.object(v);
                  const value = vt.at('value').integer(vo.value);
                  if (value !== 1 && value !== -1) vt.at('value').fail('expected 1 or -1');
                  return { user: vt.at('user').string(vo.user, 200), value };
                }),
            };
          }),
        checks: at
          .at('checks')
          .array(o.checks ?? [], 1000)
          .map((c, j) => {
            const ck = at.at(`checks[${j}]`);
            const co = ck.object(c);
            return { name: ck.at('name').string(co.name, 100), dismissed: ck.at('dismissed').integer(co.dismissed ?? 0) ? 1 : 0 };
          }),
      };
    });
  const screenshots = s
    .at('screenshots')
    .array(obj.screenshots ?? [], 100_000)
    .map((sc, i) => {
      const at = s.at(`screenshots[${i}]`);
      const o = at.object(sc);
      const file = at.at('file').string(o.file, 100);
      if (!/^screenshots\/\d{1,7}$/.test(file)) at.at('file').fail('expected screenshots/<n>');
      return {
        translation: at.at('translation').integer(o.translation),
        file,
        row: at.row(o, 'translation', 'file', 'units'),
        units: at
          .at('units')
          .array(o.units ?? [], 100_000)
          .map((u, j) => {
            const su = at.at(`units[${j}]`);
            const uo = su.object(u);
            return { translation: su.at('translation').integer(uo.translation), id_hash: su.at('id_hash').string(uo.id_hash, 100) };
          }),
      };
    });
  return { row: comp.row(componentObj, 'category'), category: comp.at('category').key(componentObj.category), translations, units, screenshots };
}

// ------------------------------------------------------------------ reading the archive

function isSymlink(entry: Entry): boolean {
  return ((entry.externalFileAttributes >>> 16) & 0o170000) === 0o120000;
}

/** The layout's names: the manifest, the memory, components/<n>.json, screenshots/<n> and files under vcs/<n>/. */
const ALLOWED = /^(?:parla-backup\.json|parla-memory\.json|components\/\d{1,6}\.json|screenshots\/\d{1,7}|vcs\/\d{1,6}\/.+)$/;

/** An uploaded archive, checked: every entry's name, type, size and ratio, before anything is inflated. */
export class BackupArchive {
  private constructor(
    private readonly zip: ZipParts,
    readonly names: ReadonlySet<string>,
  ) {}

  static open(bytes: Uint8Array): BackupArchive {
    let zip: ZipParts;
    try {
      zip = ZipParts.open(bytes, ARCHIVE_LIMITS);
    } catch (e) {
      throw backupError(e instanceof ZipError ? e.message : 'The file is not a ZIP archive.');
    }
    let total = 0;
    const names = new Set<string>();
    for (const [name, entry] of zip.entries) {
      if (name.length > MAX_NAME) throw backupError('The ZIP file holds a name that is too long.');
      try {
        checkEntryName(name);
        zip.check(entry);
      } catch (e) {
        throw backupError(e instanceof ZipError ? e.message : String(e));
      }
      const segments = name.split('/');
      if (name.includes('\\') || segments.some((seg, i) => seg === '.' || (seg === '' && i < segments.length - 1))) {
        throw backupError(`The ZIP file contains an unsafe path: ${name}`);
      }
      if (isSymlink(entry)) throw backupError(`The ZIP file contains a symbolic link: ${name}`);
      // Directories are implied by the files in them.
      if (name.endsWith('/')) {
        if (!name.startsWith('vcs/')) throw backupError(`The backup holds an unexpected entry: ${name}`);
        continue;
      }
      if (!ALLOWED.test(name)) throw backupError(`The backup holds an unexpected entry: ${name}`);
      total += entry.uncompressedSize;
      if (total > MAX_TOTAL_BYTES) throw backupError('The ZIP file expands to too much data.');
      names.add(name);
    }
    if (!names.has(MANIFEST)) throw backupError(`The ZIP file is not a project backup: it has no ${MANIFEST}.`);
    return new BackupArchive(zip, names);
  }

  /** An entry's bytes (inflated, size and CRC checked). */
  read(name: string): Buffer {
    const entry = this.zip.entries.get(name);
    if (!entry || !this.names.has(name)) throw backupError(`The backup has no ${name}.`);
    try {
      return this.zip.read(entry);
    } catch (e) {
      throw backupError(e instanceof ZipError ? e.message : String(e));
    }
  }

  /** An entry parsed as JSON (at most MAX_JSON_BYTES). */
  json(name: string): unknown {
    const entry = this.zip.entries.get(name);
    if (entry && entry.uncompressedSize > MAX_JSON_BYTES) throw backupError(`The backup's ${name} is too large.`);
    const text = this.read(name).toString('utf8');
    try {
      return JSON.parse(text) as unknown;
    } catch (e) {
      // A syntax error, or a nesting too deep for the parser (RangeError).
      throw backupError(`The backup's ${name} is not valid JSON: ${(e as Error).message.slice(0, 200)}`);
    }
  }

  /** The files under a prefix, with their paths below it. */
  filesUnder(prefix: string): { name: string; rel: string }[] {
    return [...this.names].filter((n) => n.startsWith(prefix)).map((name) => ({ name, rel: name.slice(prefix.length) }));
  }
}
