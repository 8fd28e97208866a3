// The add-on object (serializeAddon) and its write body.
import { Type } from 'typebox';
import { Nullable, Url, body, documentedRequired, readOnly } from './common.js';

export const AddonSchema = Type.Object(
  {
    component: Nullable(Url('The component it is installed on; null for a project add-on.')),
    project: Nullable(Url('The project it is installed on; null for a component add-on.')),
    name: Type.String({ examples: ['weblate.cleanup.generic'] }),
    id: Type.Integer(),
    configuration: Type.Record(Type.String(), Type.Unknown()),
    url: Url(),
  },
  { title: 'Addon' },
);

// Values are checked by the service, so that wrong types get the reference's messages.
export const AddonBody = body({
  name: Type.Optional(Type.Unknown()),
  configuration: Type.Optional(Type.Unknown()),
  ...readOnly('id', 'component', 'project', 'url'),
});

/** Documented only: the types AddonBody leaves to the service. */
const AddonFields = body({
  name: Type.Optional(Type.String({ description: 'The add-on; cannot change once installed.' })),
  configuration: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'Settings of the add-on, by name.' })),
  ...readOnly('id', 'component', 'project', 'url'),
});

/** PATCH: any field. */
export const AddonPatch = AddonFields;
/** POST (installing): the add-on's name. */
export const AddonInstall = documentedRequired(AddonFields, ['name']);
/** PUT: the whole configuration. */
export const AddonReplace = documentedRequired(AddonFields, ['configuration']);
