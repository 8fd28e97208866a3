// Project labels and the labels of source strings, recorded as changes 86/87 (label added/removed).
import type { Db, Executor } from '../../db/database.js';
import { msgid } from '../../shared/msgid.js';
import type { LabelRow, ProjectRow, UnitRow } from '../../db/schema.js';
import { duplicateError, isUniqueViolation } from '../../db/unique-violation.js';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import { NotFoundError, ValidationError } from '../../shared/errors.js';
import type { ChangesService } from '../activity/changes.service.js';
import { charField, FieldErrors, pyType } from '../common/validation.js';
import { Action } from '../../domain/change-actions.js';
import {
  addUnitLabels,
  countLabelsOfProject,
  deleteLabel,
  insertLabel,
  labelIdsOfProject,
  labelNames,
  labelNameTaken,
  labelOfProject,
  labelsOfProjectPage,
  labelsOfUnit,
  labelsOfUnits,
  removeUnitLabels,
  updateLabel,
} from '../../db/labels.repository.js';

/** The reference's colour choices, in its order. */
export const LABEL_COLORS = ['navy', 'blue', 'aqua', 'teal', 'olive', 'green', 'lime', 'yellow', 'orange', 'red', 'maroon', 'fuchsia', 'purple', 'black', 'gray', 'silver'] as const;

const NAME_MAX = 190;
const DESCRIPTION_MAX = 250;

/** A label as units and the labels API show it. */
export interface LabelRef {
  id: number;
  name: string;
  description: string;
  color: string;
}

/** A unit row with the labels of its source string (what serializeUnit shows). */
export type LabeledUnit = UnitRow & { labels?: readonly LabelRef[] };

export interface LabelInput {
  name?: unknown;
  description?: unknown;
  color?: unknown;
}

export const labelRef = (l: LabelRow): LabelRef => ({ id: l.id, name: l.name, description: l.description, color: l.color });

/** The labels of each unit's source string, attached as `labels` (one query for the whole page). */
export async function withLabels<T extends UnitRow>(db: Executor, units: readonly T[]): Promise<(T & { labels: LabelRef[] })[]> {
  const sourceIds = [...new Set(units.map((u) => u.source_unit_id ?? u.id))];
  const bySource = new Map<number, LabelRef[]>();
  for (let i = 0; i < sourceIds.length; i += 5000) {
    const rows = await labelsOfUnits(db, sourceIds.slice(i, i + 5000));
    for (const { unit_id, ...label } of rows) {
      const list = bySource.get(unit_id);
      if (list) list.push(label);
      else bySource.set(unit_id, [label]);
    }
  }
  return units.map((u) => ({ ...u, labels: bySource.get(u.source_unit_id ?? u.id) ?? [] }));
}

/** Label ids of a unit write must name labels of the unit's project: the first bad one is reported. */
export async function checkLabelIds(db: Executor, projectId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = new Set(await labelIdsOfProject(db, projectId, [...new Set(ids)]));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw ValidationError.field('labels', `Invalid pk "${missing}" - object does not exist.`, 'does_not_exist');
}

export interface LabelPlace {
  projectId: number;
  componentId: number;
  translationId: number;
  languageId: number;
}

/** Sets the labels of a source unit to exactly `ids`, with a "Label added"/"Label removed" change per difference. */
export async function setUnitLabels(tx: Executor, changes: ChangesService, place: LabelPlace, unitId: number, ids: readonly number[], userId: number | null): Promise<void> {
  const wanted = new Set(ids);
  const current = await labelsOfUnit(tx, unitId);
  const have = new Set(current.map((l) => l.id));
  const removed = current.filter((l) => !wanted.has(l.id));
  const added = [...wanted].filter((id) => !have.has(id));
  if (removed.length) await removeUnitLabels(tx, unitId, removed.map((l) => l.id));
  if (added.length) await addUnitLabels(tx, unitId, added);
  const names = added.length ? await labelNames(tx, added) : [];
  const nameOf = new Map(names.map((l) => [l.id, l.name]));
  await changes.recordMany(tx, [
    ...added.map((id) => ({ ...place, action: Action.LABEL_ADDED, userId, unitId, target: `Added label ${nameOf.get(id) ?? id}`, details: { label: id } })),
    ...removed.map((l) => ({ ...place, action: Action.LABEL_REMOVED, userId, unitId, target: `Removed label ${l.name}`, details: { label: l.id } })),
  ]);
}

const DUPLICATE = () => duplicateError('labels', 'name');

export class LabelsService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
  ) {}

  count(project: ProjectRow): Promise<number> {
    return countLabelsOfProject(this.db, project.id);
  }

  page(project: ProjectRow, limit: number, offset: number): Promise<LabelRow[]> {
    return labelsOfProjectPage(this.db, project.id, limit, offset);
  }

  /** A label of the project (which the caller already sees); any other id is 404. */
  async get(project: ProjectRow, id: string, db: Executor = this.db): Promise<LabelRow> {
    const labelId = /^\d{1,15}$/.test(id) ? Number(id) : NaN;
    const row = Number.isSafeInteger(labelId) ? await labelOfProject(db, project.id, labelId) : undefined;
    if (!row) throw new NotFoundError(msgid('No Label matches the given query.'));
    return row;
  }

  private validate(input: LabelInput, partial: boolean): { name?: string; description?: string; color?: string } {
    const errors = new FieldErrors();
    const out = {
      name: charField(errors, 'name', input.name, { required: !partial, max: NAME_MAX, blank: false }),
      description: charField(errors, 'description', input.description, { required: false, max: DESCRIPTION_MAX, blank: true }),
      color: undefined as string | undefined,
    };
    if (input.color === undefined) {
      if (!partial) errors.required('color');
    } else if (typeof input.color !== 'string' || !(LABEL_COLORS as readonly string[]).includes(input.color)) {
      const shown = typeof input.color === 'string' ? input.color : input.color === null ? 'None' : `${JSON.stringify(input.color)} (${pyType(input.color)})`;
      errors.add('color', `"${shown}" is not a valid choice.`, 'invalid_choice');
    } else out.color = input.color;
    if (!errors.empty) throw new ValidationError(errors.list);
    return out;
  }

  async create(actor: Actor, project: ProjectRow, input: LabelInput): Promise<LabelRow> {
    this.access.require(actor, 'project.edit', project);
    const v = this.validate(input, false);
    try {
      return await this.db.transaction().execute(async (tx) => {
        if (await labelNameTaken(tx, project.id, v.name!)) throw DUPLICATE();
        const id = await insertLabel(tx, { project_id: project.id, name: v.name!, description: v.description ?? '', color: v.color! });
        return this.get(project, String(id), tx);
      });
    } catch (e) {
      throw isUniqueViolation(e) ? DUPLICATE() : e;
    }
  }

  /** PUT (name and color required) or PATCH (`partial`); as in DRF, a field left out keeps its value either way. */
  async update(actor: Actor, project: ProjectRow, id: string, input: LabelInput, partial: boolean): Promise<LabelRow> {
    this.access.require(actor, 'project.edit', project);
    const current = await this.get(project, id);
    const v = this.validate(input, partial);
    const set = { name: v.name ?? current.name, description: v.description ?? current.description, color: v.color ?? current.color };
    try {
      return await this.db.transaction().execute(async (tx) => {
        if (await labelNameTaken(tx, project.id, set.name, current.id)) throw DUPLICATE();
        await updateLabel(tx, current.id, set);
        return this.get(project, id, tx);
      });
    } catch (e) {
      throw isUniqueViolation(e) ? DUPLICATE() : e;
    }
  }

  /** Removes the label from the project and from every string that carries it. */
  async remove(actor: Actor, project: ProjectRow, id: string): Promise<void> {
    this.access.require(actor, 'project.edit', project);
    const current = await this.get(project, id);
    await this.db.transaction().execute((tx) => deleteLabel(tx, current.id));
  }
}
