// A machine translation setting (MachinerySettingInfo with its url) and its write bodies.
import { Type } from 'typebox';
import { Url, body, readOnly } from './common.js';

const Configuration = (description: string) => Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]), { description });

export const MachinerySettingSchema = Type.Object(
  {
    engine: Type.String({ description: 'The engine id, e.g. deepl.' }),
    name: Type.String(),
    scope: Type.Union([Type.Literal('project'), Type.Literal('site')]),
    configuration: Configuration('The engine\'s settings; secrets are masked.'),
    created: Type.String({ format: 'date-time' }),
    updated: Type.String({ format: 'date-time' }),
    url: Url(),
  },
  { title: 'MachinerySetting' },
);

const READ_ONLY = readOnly('name', 'scope', 'created', 'updated', 'url');

/** Validated; the service checks the configuration against the engine's fields. */
export const MachineryCreateBody = body({ engine: Type.Optional(Type.String({ maxLength: 100 })), configuration: Type.Optional(Type.Unknown()), ...READ_ONLY });
export const MachineryUpdateBody = body({ engine: Type.Optional(Type.Unknown()), configuration: Type.Optional(Type.Unknown()), ...READ_ONLY });

/** The same bodies as the document shows them. */
export const MachineryCreateWriteBody = body({
  engine: Type.String({ maxLength: 100 }),
  configuration: Type.Optional(Configuration('The engine\'s settings.')),
  ...READ_ONLY,
});
export const MachineryUpdateWriteBody = body({
  engine: Type.Optional(Type.String({ description: 'Cannot change: the engine of the setting, if sent.' })),
  configuration: Type.Optional(
    Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Null()]), { description: 'Fields to change: null removes one, a masked secret sent back keeps it.' }),
  ),
  ...READ_ONLY,
});
