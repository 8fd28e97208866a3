// A machine translation setting (MachinerySettingInfo with its url) and its write bodies.
import { Type } from 'typebox';
import { Paginated, Url, body, readOnly } from './common.js';

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

/** /api/projects/<p>/machinery_settings/: every configured service by id, its configuration (secrets masked). */
export const ServiceMapSchema = Type.Record(Type.String(), Configuration('The service\'s settings; secrets are masked.'), {
  title: 'ProjectMachinerySettings',
  description: 'The configured machine translation services of the project, by service id.',
});

/** The answer of a machinery_settings write. */
export const ServiceMessageSchema = Type.Object({ message: Type.String({ examples: ['Service installed: DeepL'] }) }, { title: 'MachineryServiceMessage' });

/** POST and PATCH of machinery_settings: one service; the service checks both fields itself. */
export const ServiceConfigBody = Type.Object({ service: Type.Optional(Type.Unknown()), configuration: Type.Optional(Type.Unknown()) });
export const ServiceConfigWriteBody = Type.Object(
  {
    service: Type.String({ description: 'The service id, e.g. deepl.' }),
    configuration: Type.Optional(
      Type.Union([Configuration('The service\'s settings (or their JSON text); on PATCH an empty object removes the service.'), Type.String()]),
    ),
  },
  { title: 'SingleServiceConfig' },
);
/** PUT of machinery_settings: every service of the project, by id. */
export const ServiceMapWriteBody = Type.Record(Type.String(), Configuration('The service\'s settings.'), { title: 'ProjectMachinerySettingsWrite', description: 'Replaces every configured service.' });

/** One engine Parla has, with its configuration fields and whether this scope configures it. */
export const MachineryEngineSchema = Type.Object(
  {
    id: Type.String({ description: 'The engine id, e.g. openai.' }),
    name: Type.String(),
    aliases: Type.Array(Type.String(), { description: 'Other ids accepted for the engine.' }),
    configured: Type.Boolean({ description: 'Whether a setting of this scope configures it.' }),
    works_unconfigured: Type.Boolean({ description: 'Whether it answers without any setting (the translation memory).' }),
    fields: Type.Array(
      Type.Object({
        name: Type.String(),
        type: Type.Union([Type.Literal('string'), Type.Literal('url'), Type.Literal('integer')]),
        label: Type.String(),
        required: Type.Boolean(),
        secret: Type.Boolean(),
        default: Type.Optional(Type.Union([Type.String(), Type.Number()])),
        min: Type.Optional(Type.Number()),
        max: Type.Optional(Type.Number()),
      }),
    ),
  },
  { title: 'MachineryEngine' },
);

/** The settings of a scope, and every engine Parla has, configured or not. */
export const MachinerySettingListSchema = Type.Object(
  { ...Paginated(MachinerySettingSchema).properties, engines: Type.Array(MachineryEngineSchema, { description: 'Every engine Parla has, configured here or not.' }) },
  { title: 'MachinerySettingList' },
);
