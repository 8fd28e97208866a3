// The language object (serializeLanguage) and its write body.
import { Type } from 'typebox';
import { Int, Str, Url, body, documentedRequired, readOnly } from './common.js';

export const LanguagePluralSchema = Type.Object({
  id: Type.Integer(),
  source: Type.Integer(),
  number: Type.Integer(),
  formula: Type.String(),
  type: Type.Integer(),
});

export const LanguageSchema = Type.Object(
  {
    id: Type.Integer(),
    code: Type.String(),
    name: Type.String(),
    plural: LanguagePluralSchema,
    aliases: Type.Array(Type.String()),
    direction: Type.String({ examples: ['ltr'] }),
    population: Type.Integer(),
    web_url: Url(),
    url: Url(),
    statistics_url: Url(),
  },
  { title: 'Language' },
);

const PluralBody = Type.Object({ number: Int(), formula: Str(400), id: Type.Optional(Type.Unknown({ readOnly: true })), source: Int(), type: Int() }, { additionalProperties: false });

/**
 * POST/PUT/PATCH /api/languages/. Every field is optional for the validation: LanguagesService reports missing ones
 * with its own messages (code, name and plural on POST; name and plural on PUT, which keeps the code it has).
 */
export const LanguageBody = body({
  code: Str(50),
  name: Str(100),
  direction: Str(),
  population: Int(),
  plural: Type.Optional(PluralBody),
  ...readOnly('id', 'aliases', 'url', 'web_url', 'statistics_url'),
});

/** LanguageBody of POST and PUT as documented: their plural needs its number and formula (the routes say which fields each requires). */
export const LanguageWriteBody = body({
  ...LanguageBody.properties,
  plural: Type.Optional(documentedRequired(PluralBody, ['number', 'formula'])),
});
