// docs/formats.md lists every registered format id, each with the file_format_params that apply to it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FILE_FORMAT_PARAMS } from './file-format-params.js';
import { formats } from './registry.js';

const DOCS = fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/formats.md'), 'utf8');

/** The rows of the "Every format id" table: id → its options cell. */
function documentedFormats(): Map<string, string> {
  const start = DOCS.indexOf('### Every format id');
  expect(start, 'docs/formats.md has an "Every format id" section').toBeGreaterThan(0);
  const section = DOCS.slice(start, DOCS.indexOf('\n## ', start));
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    const m = /^\| `([^`]+)` \|[^|]*\|([^|]*)\|/.exec(line);
    if (m && m[1] !== 'file_format') rows.set(m[1]!, m[2]!.trim());
  }
  return rows;
}

describe('docs/formats.md', () => {
  it('lists every registered format id, and only those', () => {
    const rows = documentedFormats();
    expect([...rows.keys()].sort()).toEqual(formats.list().map((f) => f.id).sort());
  });

  it("names each format's options (file_format_params), or none", () => {
    const rows = documentedFormats();
    for (const format of formats.list()) {
      const wanted = FILE_FORMAT_PARAMS.filter((p) => !p.formats.includes('*') && p.formats.includes(format.id)).map((p) => p.name);
      const cell = rows.get(format.id)!;
      const listed = cell === 'none' ? [] : [...cell.matchAll(/`([a-z0-9_]+)`/g)].map((m) => m[1]);
      expect(listed.sort(), `options of ${format.id}`).toEqual(wanted.sort());
    }
  });

  it('gives each format a sample', () => {
    const section = DOCS.slice(DOCS.indexOf('### Every format id'));
    for (const format of formats.list()) {
      const row = section.split('\n').find((line) => line.startsWith(`| \`${format.id}\` |`))!;
      expect(row.split('|')[4]!.trim(), `sample of ${format.id}`).not.toBe('');
    }
  });
});
