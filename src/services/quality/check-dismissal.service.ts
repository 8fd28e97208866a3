// Dismissing and restoring a unit's failing quality checks (unit.check), and what the registry says about each stored check.
import type { Db } from '../../db/database.js';
import type { AccessControl } from '../../auth/access.js';
import type { Actor } from '../../auth/actor.js';
import type { ComponentRow } from '../../db/schema.js';
import { getCheck, isEnforced } from '../../checks/registry.js';
import { setCheckDismissed } from '../../db/checks.repository.js';
import { checksOfUnitByName, unitWithPlace } from '../../db/unit-lists.repository.js';
import { lockUnit, setUnitsCheckOutcome } from '../../db/units.repository.js';
import { NotAuthenticatedError, NotFoundError, PermissionDeniedError, ValidationError } from '../../shared/errors.js';
import { applyCounterDelta, unitDelta } from '../common/statistics-counters.js';
import { parseEnforced } from './unit-checks.js';
import { msgid } from '../../shared/msgid.js';

/** A stored check of a unit as the editor shows it: the registry's texts (English msgids), dismissed or not, enforced or not. */
export interface CheckView {
  /** The check id as stored ("end_stop"). */
  name: string;
  /** Display name ("Mismatched full stop"); the id itself for a check the registry no longer knows. */
  title: string;
  /** The one-line description of the failure. */
  description: string;
  /** What the check looks for and what to do when it fails. */
  explanation: string;
  dismissed: boolean;
  /** The component enforces it: it cannot be dismissed. */
  enforced: boolean;
}

const MSG = {
  denied: msgid('You do not have permission to dismiss checks of this string.'),
  enforced: msgid('The component enforces this check: fix the translation instead of dismissing the check.'),
  notFailing: msgid('This check does not fail on this string.'),
} as const;

export class CheckDismissalService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
  ) {}

  /** The registry's texts for a unit's stored checks, in the order given. */
  describe(checks: readonly { name: string; dismissed: boolean }[], component: Pick<ComponentRow, 'enforced_checks'>): CheckView[] {
    const enforced = parseEnforced(component.enforced_checks);
    return checks.map((c) => {
      const check = getCheck(c.name);
      return {
        name: c.name,
        title: check?.name ?? c.name,
        description: check?.description ?? '',
        explanation: check?.explanation ?? '',
        dismissed: c.dismissed,
        enforced: isEnforced(c.name, enforced),
      };
    });
  }

  /** Whether the actor may dismiss and restore the checks of strings in this translation (the editor shows the buttons then). */
  canDismiss(actor: Actor, place: { project: Parameters<AccessControl['canIn']>[2]; component: Parameters<AccessControl['canIn']>[3]; languageId: number }): boolean {
    return actor.authenticated && this.access.canIn(actor, 'unit.check', place.project, place.component, place.languageId);
  }

  /**
   * Dismisses (`dismissed` true) or restores one failing check of a unit. A dismissed check stops counting as failing:
   * the unit's has_failing_check and the translation's `failing` counters move with it in the same transaction.
   * 404 for a unit the actor cannot see, 401/403 without unit.check, 400 for an enforced check or one that does not fail.
   */
  async setDismissed(actor: Actor, unitId: number, checkName: string, dismissed: boolean): Promise<{ has_failing_check: boolean }> {
    const p = await unitWithPlace(this.db, unitId);
    if (!p || !this.access.canViewComponent(actor, p.project, p.component)) throw new NotFoundError();
    if (!this.access.canIn(actor, 'unit.check', p.project, p.component, p.translation.language_id)) {
      if (!actor.authenticated) throw new NotAuthenticatedError();
      throw new PermissionDeniedError(MSG.denied);
    }
    if (dismissed && isEnforced(checkName, parseEnforced(p.component.enforced_checks))) throw ValidationError.field('check', MSG.enforced);
    return this.db.transaction().execute(async (tx) => {
      const before = await lockUnit(tx, unitId);
      if (!before) throw new NotFoundError();
      if ((await setCheckDismissed(tx, unitId, checkName, dismissed ? 1 : 0)) === 0) throw ValidationError.field('check', MSG.notFailing);
      const rows = await checksOfUnitByName(tx, unitId);
      const failing = rows.some((r) => Number(r.dismissed) === 0) ? 1 : 0;
      if (failing !== Number(before.has_failing_check)) {
        await setUnitsCheckOutcome(tx, [unitId], { has_failing_check: failing });
        await applyCounterDelta(tx, p.translation.id, unitDelta(before, { ...before, has_failing_check: failing }));
      }
      return { has_failing_check: failing === 1 };
    });
  }
}
