// The search AST: boolean nodes over terms whose values are already typed per field (pure data, no SQL).

/** Comparison of a typed term; `:` and `:=` are '=' for numbers and dates. */
export type Cmp = '=' | '<' | '<=' | '>' | '>=';

/** A bound of a date interval as an ISO 8601 UTC string, comparable with the stored timestamps. */
export interface DateBound {
  iso: string;
  inclusive: boolean;
}

export type TermValue =
  | { kind: 'text'; match: 'substring' | 'exact'; text: string }
  | { kind: 'regex'; pattern: string }
  | { kind: 'number'; cmp: Cmp; value: number }
  | { kind: 'numbers'; values: number[] }
  | { kind: 'range'; from: number; to: number }
  | { kind: 'date'; lower: DateBound | null; upper: DateBound | null }
  | { kind: 'bool'; value: boolean }
  /** has:/is: lookups, by canonical name. */
  | { kind: 'flag'; name: string }
  /** path:project/component/language; unresolvable paths keep their segments and match nothing. */
  | { kind: 'path'; segments: string[] };

export interface TermNode {
  type: 'term';
  /** Canonical field name; null for a bare word (source OR target OR context). */
  field: string | null;
  value: TermValue;
  /** Offset of the term in the query. */
  pos: number;
}

export interface AndNode {
  type: 'and';
  children: Node[];
}
export interface OrNode {
  type: 'or';
  children: Node[];
}
export interface NotNode {
  type: 'not';
  child: Node;
}

export type Node = TermNode | AndNode | OrNode | NotNode;
