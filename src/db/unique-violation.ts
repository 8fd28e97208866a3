// Unique-constraint violations of both engines, and the field a violated constraint belongs to.
import { ValidationError } from '../shared/errors.js';

export interface UniqueViolation {
  /** The index or constraint: PostgreSQL always names it, SQLite only for indexes on expressions. */
  constraint: string | null;
  table: string | null;
  columns: string[];
}

/**
 * The violated unique constraint of a database error, or null for any other error. SQLite names the
 * columns in its message ("UNIQUE constraint failed: t.a, t.b") or the index ("... index 'name'");
 * PostgreSQL (23505) names the constraint and table, and the plain columns in its detail.
 */
export function uniqueViolation(e: unknown): UniqueViolation | null {
  const err = e as { code?: unknown; message?: unknown; constraint?: unknown; table?: unknown; detail?: unknown } | null;
  if (!err || typeof err !== 'object') return null;
  if (err.code === '23505') {
    const columns = /^Key \(([\w", ]+)\)=/.exec(typeof err.detail === 'string' ? err.detail : '');
    return {
      constraint: typeof err.constraint === 'string' ? err.constraint : null,
      table: typeof err.table === 'string' ? err.table : null,
      columns: columns ? columns[1].split(',').map((c) => c.trim().replace(/"/g, '')) : [],
    };
  }
  if (err.code !== 'SQLITE_CONSTRAINT_UNIQUE' && err.code !== 'SQLITE_CONSTRAINT_PRIMARYKEY') return null;
  const message = typeof err.message === 'string' ? err.message : '';
  const index = /UNIQUE constraint failed: index '([^']+)'/.exec(message);
  if (index) return { constraint: index[1], table: null, columns: [] };
  const list = /UNIQUE constraint failed: (.+)$/.exec(message)?.[1].split(',').map((c) => c.trim()) ?? [];
  return {
    constraint: null,
    table: list[0]?.split('.')[0] ?? null,
    columns: list.map((c) => c.slice(c.indexOf('.') + 1)),
  };
}

export function isUniqueViolation(e: unknown): boolean {
  return uniqueViolation(e) !== null;
}

interface UniqueField {
  table: string;
  /** The column that tells this constraint from the table's others (a scope column such as project_id does not). */
  column: string;
  /** Index names for constraints on expressions, whose columns neither engine reports. */
  indexes?: string[];
  attr: string | null;
  detail: string;
}

/** The messages are the ones the services give when their own check finds the duplicate first. */
const UNIQUE_FIELDS: UniqueField[] = [
  { table: 'users', column: 'username', attr: 'username', detail: 'A user with that username already exists.' },
  { table: 'projects', column: 'name', attr: 'name', detail: 'Project with this Project name already exists.' },
  { table: 'projects', column: 'slug', attr: 'slug', detail: 'Project with this URL slug already exists.' },
  { table: 'components', column: 'name', attr: 'name', detail: 'Component with this Component name already exists.' },
  { table: 'components', column: 'slug', attr: 'slug', detail: 'Component with this URL slug already exists.' },
  { table: 'categories', column: 'name', indexes: ['categories_parent_name'], attr: 'name', detail: 'Category with this Name already exists.' },
  { table: 'categories', column: 'slug', indexes: ['categories_parent_slug'], attr: 'slug', detail: 'Category with this URL slug already exists.' },
  { table: 'component_lists', column: 'slug', attr: 'slug', detail: 'Component list with this Slug already exists.' },
  { table: 'roles', column: 'name', attr: 'name', detail: 'Role with this name already exists.' },
  { table: 'groups', column: 'name', indexes: ['groups_name_scope'], attr: 'name', detail: 'A team with this name already exists.' },
  { table: 'labels', column: 'name', attr: 'name', detail: 'Label with this name already exists in the project.' },
  { table: 'languages', column: 'code', attr: 'code', detail: 'Language with this Language code already exists.' },
  { table: 'subscriptions', column: 'notification', indexes: ['subscriptions_unique'], attr: null, detail: 'Subscription with this Notification, Scope, Project and Component already exists.' },
];

/** The field's message for a duplicate in `table`.`column`: services that check first answer with the same words. */
export function duplicateError(table: string, column: string): ValidationError {
  const field = UNIQUE_FIELDS.find((f) => f.table === table && f.column === column);
  if (!field) throw new Error(`no unique field ${table}.${column}`);
  return ValidationError.field(field.attr, field.detail, 'unique');
}

/**
 * A unique violation as the 400 on the field it concerns, or null for other errors. Two requests that
 * both passed a service's "is this name taken?" check race to the insert, and the loser hits the
 * constraint: it gets the answer a later, sequential request gets.
 */
export function uniqueFieldError(e: unknown): ValidationError | null {
  const v = uniqueViolation(e);
  if (!v) return null;
  const field = UNIQUE_FIELDS.find(
    (f) => (v.constraint !== null && f.indexes?.includes(v.constraint)) || (f.table === v.table && v.columns.includes(f.column)),
  );
  if (field) return ValidationError.field(field.attr, field.detail, 'unique');
  const column = v.columns.at(-1);
  return ValidationError.field(column ?? null, column ? 'An object with this value already exists.' : 'An object with these values already exists.', 'unique');
}
