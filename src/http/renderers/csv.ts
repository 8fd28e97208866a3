// The CSV renderer of API answers: a paginated list becomes one row per result, any other object one row.
// Nested objects and lists are flattened into dotted column names (`source_language.code`, `aliases.0`).

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Flattens one value into `out` under `prefix` (the empty prefix stands for the value itself). */
function flatten(value: Json, prefix: string, out: Map<string, string>): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => flatten(item, prefix === '' ? String(index) : `${prefix}.${index}`, out));
    return;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) flatten(item, prefix === '' ? key : `${prefix}.${key}`, out);
    return;
  }
  out.set(prefix, cell(value));
}

/** Booleans are written True/False and null as an empty cell, as the reference's renderer writes them. */
function cell(value: null | boolean | number | string): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return String(value);
}

/** Quotes a field when it holds a separator, a quote or a line break (RFC 4180). */
function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The rows an answer stands for: the `results` of a paginated list, the items of an array, else the answer itself. */
export function csvRows(data: unknown): Json[] {
  if (data === null || data === undefined) return [];
  if (Array.isArray(data)) return data as Json[];
  if (typeof data === 'object' && Array.isArray((data as { results?: unknown }).results)) return (data as { results: Json[] }).results;
  return [data as Json];
}

/**
 * Renders an answer as CSV: a header of every column any row has (sorted), then one line per row, CRLF line
 * ends. An empty list renders as an empty body.
 */
export function renderCsv(data: unknown): string {
  const rows = csvRows(data).map((row) => {
    const out = new Map<string, string>();
    flatten(row, '', out);
    return out;
  });
  if (rows.length === 0) return '';
  const columns = [...new Set(rows.flatMap((r) => [...r.keys()]))].sort();
  const lines = [columns.map((c) => field(c === '' ? '' : c)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => field(row.get(c) ?? '')).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
