// Languages: the built-in CLDR-derived database plus administrator-defined ones; lookup by code or alias.
import type { Db, Executor } from '../../db/database.js';
import { ReadCache } from '../../db/read-cache.js';
import { msgid } from '../../shared/msgid.js';
import type { LanguageRow } from '../../db/schema.js';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import { normalizeLanguageCode, findBuiltinLanguage } from '../../languages/catalog.js';
import { validatePluralFormula } from '../../languages/plural-formula.js';
import { NotFoundError, ValidationError, type FieldError } from '../../shared/errors.js';
import {
  countListedLanguages,
  deleteLanguage,
  insertLanguage,
  languageByCode,
  languageHasTranslations,
  languageIdByCode,
  languageIsSourceOfComponents,
  listedLanguagesPage,
  updateLanguage,
} from '../../db/languages.repository.js';

export interface LanguageInput {
  code?: string;
  name?: string;
  direction?: string;
  population?: number;
  plural?: { number?: number; formula?: string; source?: number; type?: number };
}

const CODE_PATTERN = /^[^\s/@][^\s/]*[^\s/@]$|^[^\s/@]$/;

export class LanguagesService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
    /** Languages by code with whether any translation is in them: the lookup of every language page and statistics read. */
    private readonly byCode: ReadCache<string, { row: LanguageRow; used: boolean } | null> = ReadCache.none(),
  ) {}

  canEdit(actor: Actor): boolean {
    return this.access.canGlobal(actor, 'language.edit');
  }

  /** Exact code first, then the normalised form, then aliases of built-in languages. */
  async resolve(code: string, db: Executor = this.db): Promise<LanguageRow | undefined> {
    const exact = await languageByCode(db, code);
    if (exact) return exact;
    const normalized = normalizeLanguageCode(code);
    if (normalized !== code) {
      const row = await languageByCode(db, normalized);
      if (row) return row;
    }
    const builtin = findBuiltinLanguage(code);
    if (builtin) return languageByCode(db, builtin.code);
    return undefined;
  }

  async getVisible(actor: Actor, code: string): Promise<LanguageRow> {
    const found = await this.byCode.get(code, async () => {
      const row = await languageByCode(this.db, code);
      return row ? { row, used: await languageHasTranslations(this.db, row.id) } : null;
    });
    if (!found || (!found.used && !this.canEdit(actor))) throw new NotFoundError();
    return found.row;
  }

  /** How many languages the actor sees: editors every language, everybody else only languages that have translations. */
  count(actor: Actor): Promise<number> {
    return countListedLanguages(this.db, !this.canEdit(actor));
  }

  /** A page of the languages the actor sees, in id order. */
  page(actor: Actor, limit: number, offset: number): Promise<LanguageRow[]> {
    return listedLanguagesPage(this.db, !this.canEdit(actor), limit, offset);
  }

  private validate(input: LanguageInput, partial: boolean): FieldError[] {
    const errors: FieldError[] = [];
    const req = (attr: string) => errors.push({ code: 'required', detail: msgid('This field is required.'), attr });
    if (!partial || input.code !== undefined) {
      if (!input.code) req('code');
      else if (!CODE_PATTERN.test(input.code) || input.code.length > 50) errors.push({ code: 'invalid', detail: msgid('Enter a valid language code.'), attr: 'code' });
    }
    if (!partial || input.name !== undefined) {
      if (!input.name) req('name');
      else if (input.name.length > 100) errors.push({ code: 'max_length', detail: msgid('Ensure this field has no more than 100 characters.'), attr: 'name' });
    }
    if (input.direction !== undefined && !['', 'ltr', 'rtl'].includes(input.direction)) {
      errors.push({ code: 'invalid_choice', detail: `"${input.direction}" is not a valid choice.`, attr: 'direction' });
    }
    if (!partial || input.plural !== undefined) {
      const p = input.plural;
      if (!p) req('plural');
      else {
        if (p.number === undefined) req('plural.number');
        else if (!Number.isInteger(p.number) || p.number < 1 || p.number > 10) errors.push({ code: 'invalid', detail: msgid('Number of plurals must be between 1 and 10.'), attr: 'plural.number' });
        if (!p.formula) req('plural.formula');
        else if (p.number !== undefined) {
          const problem = validatePluralFormula(p.formula, p.number);
          if (problem) errors.push({ code: 'invalid', detail: problem, attr: 'plural.formula' });
        }
      }
    }
    return errors;
  }

  async create(actor: Actor, input: LanguageInput): Promise<LanguageRow> {
    this.access.requireGlobal(actor, 'language.edit');
    const errors = this.validate(input, false);
    if (!errors.length && (await languageIdByCode(this.db, input.code!))) {
      errors.push({ code: 'unique', detail: msgid('Language with this Language code already exists.'), attr: 'code' });
    }
    if (errors.length) throw new ValidationError(errors);
    return insertLanguage(this.db, {
      code: input.code!,
      name: input.name!,
      direction: input.direction || 'ltr',
      population: input.population ?? 0,
      plural_number: input.plural!.number!,
      plural_formula: input.plural!.formula!,
      plural_type: input.plural!.type ?? 666,
      plural_source: 2,
      aliases: '[]',
    });
  }

  async update(actor: Actor, language: LanguageRow, input: LanguageInput, partial: boolean): Promise<LanguageRow> {
    this.access.requireGlobal(actor, 'language.edit');
    const merged: LanguageInput = partial ? input : { ...input, code: input.code ?? language.code };
    if (merged.plural && partial) {
      merged.plural = { number: merged.plural.number ?? language.plural_number, formula: merged.plural.formula ?? language.plural_formula };
    }
    const errors = this.validate(merged, partial);
    if (input.code !== undefined && input.code !== language.code && !errors.length) {
      if (await languageIdByCode(this.db, input.code)) {
        errors.push({ code: 'unique', detail: msgid('Language with this Language code already exists.'), attr: 'code' });
      }
    }
    if (errors.length) throw new ValidationError(errors);
    return updateLanguage(this.db, language.id, {
      ...(merged.code !== undefined ? { code: merged.code } : {}),
      ...(merged.name !== undefined ? { name: merged.name } : {}),
      ...(merged.direction !== undefined ? { direction: merged.direction || 'ltr' } : {}),
      ...(merged.population !== undefined ? { population: merged.population } : {}),
      ...(merged.plural ? { plural_number: merged.plural.number!, plural_formula: merged.plural.formula!, plural_source: 2 } : {}),
    });
  }

  async remove(actor: Actor, language: LanguageRow): Promise<void> {
    this.access.requireGlobal(actor, 'language.edit');
    const used = await languageHasTranslations(this.db, language.id);
    const source = await languageIsSourceOfComponents(this.db, language.id);
    if (used || source) throw ValidationError.field(null, 'The language is in use by translations or components and cannot be deleted.', 'protected');
    await deleteLanguage(this.db, language.id);
  }
}
