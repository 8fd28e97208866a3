// A source string's translations: the units in the component's other languages that share the source unit.
import type { Db } from '../../db/database.js';
import type { Actor } from '../../auth/actor.js';
import { translationUnitIdsOf } from '../../db/unit-translations.repository.js';
import { unitsWithSlugsByIds } from '../../db/unit-lists.repository.js';
import { AppError } from '../../shared/errors.js';
import type { UnitsService, UnitWithRefs } from './units.service.js';

export const NOT_A_SOURCE_UNIT = 'Specified unit id is not a translation source unit.';

export class UnitTranslationsService {
  constructor(
    private readonly db: Db,
    private readonly units: UnitsService,
  ) {}

  /**
   * The other units of the source unit `id` (404 when the caller may not see it, 400 `not-a-source-unit`
   * for a unit of a translation), in id order.
   */
  async list(actor: Actor, id: number): Promise<UnitWithRefs[]> {
    const refs = await this.units.getVisible(actor, id);
    if (refs.unit.source_unit_id !== null && refs.unit.source_unit_id !== refs.unit.id) throw new AppError('not-a-source-unit', NOT_A_SOURCE_UNIT);
    const rows = await unitsWithSlugsByIds(this.db, await translationUnitIdsOf(this.db, id));
    return rows.map(({ p_slug, c_slug, l_code, ...unit }) => ({ unit, projectSlug: p_slug, componentSlug: c_slug, languageCode: l_code }));
  }
}
