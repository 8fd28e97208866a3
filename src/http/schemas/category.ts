// The category object (serializeCategory) and its write body.
import { Type } from 'typebox';
import { Nullable, Str, Url, body, messageTemplates, readOnly } from './common.js';
import { EFFECTIVE_FIELDS, settingsBody, settingsTriplets } from './settings.js';

export const CategorySchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    slug: Type.String(),
    project: Url(),
    category: Nullable(Url('The parent category, or null at the top of the project.')),
    url: Url(),
    statistics_url: Url(),
    announcements_url: Url(),
    reports_url: Url(),
    check_flags: Type.String(),
    ...settingsTriplets(),
  },
  { title: 'Category' },
);

const READ_ONLY = readOnly('id', 'url', 'statistics_url', 'announcements_url', 'reports_url', ...EFFECTIVE_FIELDS);

/** The settings components below inherit, and whether the category inherits each from above. */
const SETTINGS = {
  check_flags: Str(),
  license: Str(150),
  agreement: Str(),
  new_lang: Str(),
  language_code_style: Str(),
  ...messageTemplates(Str),
  ...settingsBody(),
};

/** Validated. Links are checked by the service, so that bad ones get the reference's hyperlink messages per field. */
export const CategoryBody = body({
  name: Type.Optional(Type.String()),
  slug: Type.Optional(Type.String()),
  project: Type.Optional(Type.Unknown()),
  category: Type.Optional(Type.Unknown()),
  // The reference's category settings: accepted, not yet stored (the reference documents no content for it).
  configuration: Type.Optional(Type.Unknown()),
  ...SETTINGS,
  ...READ_ONLY,
});

/** The same body as the document shows it. A category never moves to another project. */
export const CategoryWriteBody = body({
  name: Str(100),
  slug: Str(100),
  project: Type.Optional(Type.String({ description: "The project's API URL (or its slug)." })),
  category: Type.Optional(Nullable(Type.String({ description: "The parent category's API URL; null or empty for the top of the project." }))),
  configuration: Type.Optional(Type.Unknown({ description: 'Accepted and ignored.' })),
  ...SETTINGS,
  ...READ_ONLY,
});
