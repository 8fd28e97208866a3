// The language object (serializeLanguage) and its write body.
import { Type } from 'typebox';
import { Int, Str, Url, body, readOnly } from './common.js';

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

export const LanguageBody = body({
  code: Str(50),
  name: Str(100),
  direction: Str(),
  population: Int(),
  plural: Type.Optional(PluralBody),
  ...readOnly('id', 'aliases', 'url', 'web_url', 'statistics_url'),
});
