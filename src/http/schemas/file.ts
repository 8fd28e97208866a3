// File transfer: download queries, the raw file answers, the upload body and its result.
import { Type } from 'typebox';
import { UPLOAD_METHODS } from '../../services/repository/uploads.service.js';
import { Str } from './common.js';

/** A raw file answer: its bytes, in `contentType` ('*' parts when it depends on the file). */
export const FileBody = (contentType: string, description: string) => Type.String({ format: 'binary', contentMediaType: contentType, description });

/** The translation file as stored, or converted (`format`): its type is the format's. */
export const TranslationFile = FileBody('*/*', 'The file, in the format asked for.');
export const ZipFile = FileBody('application/zip', 'A ZIP of the files, or of their conversions (format=zip:<conversion>).');

const Format = (description: string) => Type.Optional(Type.String({ maxLength: 200, description }));
const Q = Type.Optional(Type.String({ maxLength: 10000, description: 'Only these strings, in the search query language; needs `format`.' }));

export const FileQuery = Type.Object({ format: Format('A conversion (e.g. po, xliff, csv, json); the file as stored when absent.'), q: Q });
export const ZipQuery = Type.Object({
  format: Format('zip (the default) or zip:<conversion>.'),
  language_code: Type.Optional(Type.String({ maxLength: 50, description: 'Only this language.' })),
  q: Q,
});

const UPLOAD_FIELDS = {
  method: Str(20),
  conflicts: Str(30),
  conflict: Str(30),
  overwrite: Str(10),
  fuzzy: Str(20),
  author_name: Str(200),
  author_email: Str(254),
  // Older spellings of author_name and author_email.
  author: Str(200),
  email: Str(254),
};

/** Validated; the service checks the choices. The file itself arrives in request.uploads: a text field named "file" means no file was sent. */
export const UploadBody = Type.Object({ ...UPLOAD_FIELDS, file: Type.Optional(Type.Unknown()) }, { additionalProperties: false });

const choice = (values: readonly string[], description: string) => Type.Optional(Type.Union(values.map((v) => Type.Literal(v)), { description }));

/** The same body as the document shows it; the file travels as a multipart file. */
export const UploadWriteBody = Type.Object(
  {
    ...UPLOAD_FIELDS,
    method: choice(UPLOAD_METHODS, 'How the file\'s strings are merged; translate by default.'),
    conflicts: choice(['', 'ignore', 'replace-translated', 'replace-approved'], 'Which existing translations the file may replace.'),
    conflict: choice(['', 'ignore', 'replace-translated', 'replace-approved'], 'Older spelling of `conflicts`.'),
    overwrite: Type.Optional(Type.String({ maxLength: 10, description: 'yes: the same as conflicts=replace-translated.' })),
    fuzzy: choice(['', 'process', 'approve'], 'What becomes of strings marked fuzzy in the file.'),
  },
  { additionalProperties: false },
);

export const UploadResultSchema = Type.Object(
  {
    not_found: Type.Integer(),
    skipped: Type.Integer(),
    accepted: Type.Integer(),
    total: Type.Integer(),
    result: Type.Boolean({ description: 'Whether any string was accepted.' }),
    count: Type.Integer({ description: 'The same as total.' }),
  },
  { title: 'UploadResult' },
);
