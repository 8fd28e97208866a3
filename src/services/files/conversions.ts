// Download conversions: a translation's units written in another file format.
import type { UnitRow } from '../../db/schema.js';
import type { FormatUnit, TranslationFormat } from '../../formats/format.js';
import type { Exporter } from '../../formats/exporters/exporter.js';
import type { FormatRegistry } from '../../formats/registry.js';
import { splitPlurals } from '../../domain/plurals.js';
import { STATE_APPROVED, STATE_FUZZY } from '../../domain/unit-states.js';

export interface ConversionMeta {
  project: string;
  component: string;
  sourceLanguage: string;
  language: string;
  pluralForms: { number: number; formula: string };
  /** CLDR name of each plural form of the translation. */
  pluralCategories: readonly string[];
  /** The component's own units are keyed (monolingual format). */
  monolingual: boolean;
  /** The component's own format id (mo only converts gettext PO). */
  componentFormat: string;
}

export interface Conversion {
  id: string;
  mimeType: string;
  extension: string;
  /** Why this translation cannot be converted, or null. */
  incompatible(meta: ConversionMeta): string | null;
  convert(units: readonly UnitRow[], meta: ConversionMeta): Buffer;
}

export const INCOMPATIBLE = 'File format is not compatible with this translation';

/** DB rows as format units (keys for keyed formats come from the unit's context). */
export function formatUnitsOf(units: readonly UnitRow[]): FormatUnit[] {
  return units.map((u) => ({
    key: u.context,
    context: u.context,
    source: splitPlurals(u.source),
    target: splitPlurals(u.target),
    fuzzy: u.state === STATE_FUZZY,
    approved: u.state === STATE_APPROVED,
    note: u.note,
    comment: '',
    location: u.location,
    flags: u.flags,
    previousSource: u.previous_source,
    obsolete: false,
  }));
}

function viaFormat(id: string, format: TranslationFormat, mimeType: string, extension: string, monolingualOnly: boolean): Conversion {
  return {
    id,
    mimeType,
    extension,
    incompatible: (meta) => (monolingualOnly && !meta.monolingual ? INCOMPATIBLE : null),
    convert(units, meta) {
      const store = format.create({
        language: meta.language,
        pluralForms: meta.pluralForms,
        pluralCategories: meta.pluralCategories,
      });
      for (const u of formatUnitsOf(units)) {
        // Keyed formats hold what is translated; bilingual ones list every string.
        if (format.monolingual && u.target.every((t) => t === '')) continue;
        store.addUnit(format.monolingual ? u : { ...u, key: u.context });
      }
      return Buffer.from(store.serialize());
    },
  };
}

function viaExporter(exporter: Exporter, onlyFormats?: readonly string[]): Conversion {
  return {
    id: exporter.id,
    mimeType: exporter.mimeType,
    extension: exporter.extension,
    incompatible: (meta) => (onlyFormats && !onlyFormats.includes(meta.componentFormat) ? INCOMPATIBLE : null),
    convert: (units, meta) =>
      exporter.export(formatUnitsOf(units), { sourceLanguage: meta.sourceLanguage, language: meta.language, pluralForms: meta.pluralForms, project: meta.project, component: meta.component }),
  };
}

/** The reference's conversion ids whose implementation is available, by id. */
export function buildConversions(formats: FormatRegistry, exporters: readonly Exporter[]): Map<string, Conversion> {
  const out = new Map<string, Conversion>();
  const spec: [id: string, formatId: string, mime: string, ext: string, monolingualOnly: boolean][] = [
    ['po', 'po', 'text/x-po', 'po', false],
    ['xliff', 'xliff', 'application/x-xliff+xml', 'xlf', false],
    ['xliff11', 'xliff11', 'application/x-xliff+xml', 'xlf', false],
    ['tbx', 'tbx', 'application/x-tbx', 'tbx', false],
    ['csv', 'csv', 'text/csv', 'csv', false],
    ['xlsx', 'xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx', false],
    ['json', 'json', 'application/json', 'json', true],
    ['json-nested', 'json-nested', 'application/json', 'json', true],
    ['aresource', 'aresource', 'application/xml', 'xml', true],
    ['strings', 'strings', 'text/plain', 'strings', true],
  ];
  for (const [id, formatId, mime, ext, mono] of spec) {
    const format = formats.get(formatId);
    if (format) out.set(id, viaFormat(id, format, mime, ext, mono));
  }
  for (const exporter of exporters) out.set(exporter.id, viaExporter(exporter, exporter.id === 'mo' ? ['po', 'po-mono'] : undefined));
  return out;
}
