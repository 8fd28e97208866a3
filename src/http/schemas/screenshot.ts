// The screenshot object (serializeScreenshot), its image, and its write bodies.
import { Type } from 'typebox';
import { Url, readOnly } from './common.js';

export const ScreenshotSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    repository_filename: Type.String(),
    translation: Url(),
    file_url: Url(),
    units: Type.Array(Url(), { description: 'The source units the screenshot shows.' }),
    url: Url(),
  },
  { title: 'Screenshot' },
);

/** GET …/file/: the image as uploaded. */
export const ScreenshotImage = Type.String({ format: 'binary', contentMediaType: 'image/*', description: 'The image (PNG, JPEG or WebP).' });

/** POST and PUT …/file/. */
export const ScreenshotFileResult = Type.Object({ result: Type.Boolean() });

const READ_ONLY = ['id', 'translation', 'file_url', 'units', 'url'];
const strict = { additionalProperties: false } as const;

// Validated. Values are checked by the service (form fields are strings, repeated ones lists); `image` arrives in request.uploads.
export const ScreenshotCreateBody = Type.Object(
  {
    name: Type.Optional(Type.Unknown()),
    repository_filename: Type.Optional(Type.Unknown()),
    project_slug: Type.Optional(Type.Unknown()),
    component_slug: Type.Optional(Type.Unknown()),
    language_code: Type.Optional(Type.Unknown()),
    image: Type.Optional(Type.Unknown()),
    ...readOnly(...READ_ONLY),
  },
  strict,
);
export const ScreenshotEditBody = Type.Object(
  { name: Type.Optional(Type.Unknown()), repository_filename: Type.Optional(Type.Unknown()), ...readOnly(...READ_ONLY, 'image') },
  strict,
);
export const ScreenshotFileBody = Type.Object({ image: Type.Optional(Type.Unknown()) }, strict);
export const ScreenshotUnitBody = Type.Object({ unit_id: Type.Optional(Type.Unknown()) }, strict);

const Name = () => Type.String({ maxLength: 200 });
const Slug = (max: number) => Type.String({ maxLength: max });

/** The same bodies as the document shows them; the image travels as a multipart file. */
export const ScreenshotCreateWriteBody = Type.Object(
  {
    name: Name(),
    repository_filename: Type.Optional(Name()),
    project_slug: Slug(100),
    component_slug: Slug(100),
    language_code: Slug(50),
    ...readOnly(...READ_ONLY),
  },
  strict,
);
export const ScreenshotEditWriteBody = Type.Object({ name: Type.Optional(Name()), repository_filename: Type.Optional(Name()), ...readOnly(...READ_ONLY, 'image') }, strict);
export const ScreenshotUnitWriteBody = Type.Object({ unit_id: Type.Integer({ description: 'A unit of the screenshot\'s component, in its source or its own language.' }) }, strict);
