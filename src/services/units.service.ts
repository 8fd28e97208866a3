// Units: one indexed query per page or per unit, joined with the slugs their links need.
import type { Db } from '../db/database.js';
import type { UnitRow } from '../db/schema.js';
import type { Actor } from '../auth/actor.js';
import type { AccessControl } from '../auth/access.js';
import { NotFoundError } from '../shared/errors.js';

export interface UnitWithRefs {
  unit: UnitRow;
  projectSlug: string;
  componentSlug: string;
  languageCode: string;
}

export class UnitsService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
  ) {}

  private joined() {
    return this.db
      .selectFrom('units')
      .innerJoin('translations', 'translations.id', 'units.translation_id')
      .innerJoin('components', 'components.id', 'translations.component_id')
      .innerJoin('projects', 'projects.id', 'components.project_id')
      .innerJoin('languages', 'languages.id', 'translations.language_id');
  }

  private static split(row: UnitRow & { p_slug: string; c_slug: string; l_code: string }): UnitWithRefs {
    const { p_slug, c_slug, l_code, ...unit } = row;
    return { unit, projectSlug: p_slug, componentSlug: c_slug, languageCode: l_code };
  }

  async getVisible(actor: Actor, id: number): Promise<UnitWithRefs> {
    const row = await this.joined()
      .selectAll('units')
      .select(['projects.slug as p_slug', 'components.slug as c_slug', 'languages.code as l_code', 'projects.access_control', 'projects.id as project_id'])
      .where('units.id', '=', id)
      .executeTakeFirst();
    if (!row || !this.access.canView(actor, { id: row.project_id, access_control: row.access_control })) throw new NotFoundError();
    const { access_control: _a, project_id: _p, ...rest } = row;
    return UnitsService.split(rest);
  }

  async countInTranslation(translationId: number): Promise<number> {
    const r = await this.db.selectFrom('units').select((eb) => eb.fn.countAll<number>().as('n')).where('translation_id', '=', translationId).executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  async pageInTranslation(translationId: number, limit: number, offset: number): Promise<UnitRow[]> {
    return this.db.selectFrom('units').selectAll().where('translation_id', '=', translationId).orderBy('position').orderBy('id').limit(limit).offset(offset).execute();
  }

  async countVisible(actor: Actor): Promise<number> {
    const filter = this.access.visibleProjects(actor);
    if (!filter) {
      const r = await this.db.selectFrom('units').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      return Number(r?.n ?? 0);
    }
    const r = await this.joined().where(filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  async pageVisible(actor: Actor, limit: number, offset: number): Promise<UnitWithRefs[]> {
    const filter = this.access.visibleProjects(actor);
    let q = this.joined().selectAll('units').select(['projects.slug as p_slug', 'components.slug as c_slug', 'languages.code as l_code']);
    if (filter) q = q.where(filter);
    const rows = await q.orderBy('units.id').limit(limit).offset(offset).execute();
    return rows.map(UnitsService.split);
  }
}
