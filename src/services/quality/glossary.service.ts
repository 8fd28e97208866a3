// Glossaries: the terms of a project's glossary components, indexed once per glossary and language and cached.
import type { Db, Executor } from '../../db/database.js';
import { glossaryComponentsOf, glossarySourceUnits, glossaryTargetUnits, glossaryUnitsVersion, languagesOfTranslation } from '../../db/glossary.repository.js';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import { mergeFlags } from '../../checks/flags.js';
import { NotFoundError } from '../../shared/errors.js';
import { GlossaryIndex } from '../../domain/glossary-matcher.js';
import { splitPlurals } from '../../domain/plurals.js';
import type { UnitRow } from '../../db/schema.js';
import { STATE_TRANSLATED } from '../../domain/unit-states.js';

/** One term of one glossary in one language. */
export interface GlossaryEntry {
  source: string;
  /** The term in the language asked for; '' while untranslated (or only needing editing). */
  target: string;
  context: string;
  explanation: string;
  /** The glossary unit in that language (the source unit when the glossary has no such translation). */
  unitId: number;
  projectSlug: string;
  componentSlug: string;
  /** Flags of the term: `forbidden` (must not be used), `read-only` (kept untranslated). */
  forbidden: boolean;
  readOnly: boolean;
}

interface GlossaryComponent {
  id: number;
  slug: string;
  projectSlug: string;
  sourceLanguageId: number;
  created: string;
  restricted: number;
}

interface CacheEntry {
  version: string;
  index: GlossaryIndex<GlossaryEntry>;
}

const CACHE_LIMIT = 200;
/**
 * Built indexes, keyed by glossary component (with its creation time, so that two databases in one
 * process do not share entries) and language. An entry is reused while the version stamp of the
 * glossary's units (count, last change, highest id) is unchanged: editing, adding or removing a
 * term moves it.
 */
const cache = new Map<string, CacheEntry>();

/** Glossary components that apply to a project: its own and those shared (linked) into it, in the same source language. */
async function glossariesOf(db: Executor, projectId: number, sourceLanguageId: number): Promise<GlossaryComponent[]> {
  const rows = await glossaryComponentsOf(db, projectId, sourceLanguageId);
  return rows.map((r) => ({ id: r.id, slug: r.slug, projectSlug: r.project_slug, sourceLanguageId: r.source_language_id, created: String(r.created), restricted: Number(r.restricted) }));
}

async function versionOf(db: Executor, componentId: number, languageId: number): Promise<string> {
  const row = await glossaryUnitsVersion(db, componentId, languageId);
  return `${Number(row?.n ?? 0)}:${String(row?.changed ?? '')}:${Number(row?.top ?? 0)}`;
}

async function loadEntries(db: Executor, glossary: GlossaryComponent, languageId: number): Promise<GlossaryEntry[]> {
  const sources = await glossarySourceUnits(db, glossary.id);
  const inSource = languageId === glossary.sourceLanguageId;
  const targets = inSource ? [] : await glossaryTargetUnits(db, glossary.id, languageId);
  const bySource = new Map(targets.map((t) => [t.source_unit_id, t]));
  return sources.map((s) => {
    const t = bySource.get(s.id);
    const flags = mergeFlags(s.flags, s.extra_flags);
    const source = splitPlurals(s.source)[0] ?? '';
    const target = inSource ? source : t && t.state >= STATE_TRANSLATED ? (splitPlurals(t.target)[0] ?? '') : '';
    return {
      source,
      target,
      context: s.context,
      explanation: s.explanation || t?.explanation || '',
      unitId: t?.id ?? s.id,
      projectSlug: glossary.projectSlug,
      componentSlug: glossary.slug,
      forbidden: flags.has('forbidden'),
      readOnly: flags.has('read-only'),
    };
  });
}

async function indexOf(db: Executor, glossary: GlossaryComponent, languageId: number): Promise<GlossaryIndex<GlossaryEntry>> {
  const key = `${glossary.id}:${glossary.created}:${languageId}`;
  const version = await versionOf(db, glossary.id, languageId);
  const hit = cache.get(key);
  if (hit && hit.version === version) {
    cache.delete(key); // most recently used last
    cache.set(key, hit);
    return hit.index;
  }
  const index = new GlossaryIndex(await loadEntries(db, glossary, languageId));
  cache.delete(key);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, { version, index });
  return index;
}

/** Finds terms in texts of one project and language; undefined when the project has no glossary. */
export interface GlossaryLookup {
  match(text: string): GlossaryEntry[];
}

/**
 * The glossaries of a project for one language, ready to match texts (one query when the project
 * has none; otherwise one version query per glossary, and a load only when it changed). `keep`
 * leaves glossaries out (restricted ones a reader may not see).
 */
export async function loadGlossary(
  db: Executor,
  projectId: number,
  sourceLanguageId: number,
  languageId: number,
  keep: (glossary: { id: number; restricted: number }) => boolean = () => true,
): Promise<GlossaryLookup | undefined> {
  const glossaries = (await glossariesOf(db, projectId, sourceLanguageId)).filter(keep);
  if (glossaries.length === 0) return undefined;
  const indexes: GlossaryIndex<GlossaryEntry>[] = [];
  for (const g of glossaries) indexes.push(await indexOf(db, g, languageId));
  return {
    match: (text) => (indexes.length === 1 ? indexes[0]!.match(text) : indexes.flatMap((i) => i.match(text))),
  };
}

/** How the glossary finds a unit the actor may see (the units service). */
export interface VisibleUnitLookup {
  getVisible(actor: Actor, unitId: number): Promise<{ unit: UnitRow }>;
}

export class GlossaryService {
  constructor(
    private readonly db: Db,
    private readonly units: VisibleUnitLookup,
    /** Restricted glossary components count only for those who see them. */
    private readonly access: Pick<AccessControl, 'seesRestriction'>,
  ) {}

  /** The glossary terms found in the source of a unit the actor may see, in the unit's language (from the glossaries it sees). */
  async forUnit(actor: Actor, unitId: number): Promise<GlossaryEntry[]> {
    const { unit } = await this.units.getVisible(actor, unitId);
    const where = await languagesOfTranslation(this.db, unit.translation_id);
    if (!where) throw new NotFoundError();
    const keep = (g: { id: number; restricted: number }) => this.access.seesRestriction(actor, g);
    const glossary = await loadGlossary(this.db, where.project_id, where.source_language_id, where.language_id, keep);
    if (!glossary) return [];
    const seen = new Set<GlossaryEntry>();
    const out: GlossaryEntry[] = [];
    for (const form of splitPlurals(unit.source)) {
      for (const entry of glossary.match(form)) {
        if (seen.has(entry)) continue;
        seen.add(entry);
        out.push(entry);
      }
    }
    return out;
  }
}
