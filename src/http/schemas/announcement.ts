// The announcement object and the body that posts one (checked by the service, with the reference's messages).
import { Type } from 'typebox';
import { Nullable } from './common.js';

const Severity = Type.Union([Type.Literal('info'), Type.Literal('warning'), Type.Literal('danger'), Type.Literal('success')], { description: 'How the message is shown.' });

export const AnnouncementSchema = Type.Object(
  {
    id: Type.Integer(),
    message: Type.String({ description: 'The text (Markdown).' }),
    severity: Severity,
    expiry: Nullable(Type.String({ format: 'date', description: 'The last day it is shown, or null.' })),
    notify: Type.Boolean({ description: 'Whether watchers were to be notified.' }),
  },
  { title: 'Announcement' },
);

export const AnnouncementCreateBody = Type.Object(
  {
    message: Type.String({ minLength: 1 }),
    severity: Type.Optional({ ...Severity, default: 'info' }),
    expiry: Type.Optional(Nullable(Type.String({ format: 'date' }))),
    notify: Type.Optional(Type.Boolean({ default: true })),
  },
  { required: ['message'] },
);
