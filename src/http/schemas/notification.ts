// The notification subscription object (serializeSubscription) and its write body.
import { Type } from 'typebox';
import { FREQUENCY, NOTIFICATIONS, SCOPE } from '../../services/activity/notifications.service.js';
import { Nullable, Url, body, documentedRequired, readOnly } from './common.js';

const Notification = Type.Union(
  NOTIFICATIONS.map((n) => Type.Literal(n)),
  { description: 'The notification, by its class name (some keep the historical spelling "Notificaton").' },
);
const Scope = Type.Integer({ enum: Object.values(SCOPE), description: '0 all, 10 watched, 20 administered, 30 one project, 40 one component.' });
const Frequency = Type.Integer({ enum: Object.values(FREQUENCY), description: '0 none, 1 instant, 2 daily, 3 weekly, 4 monthly.' });

export const SubscriptionSchema = Type.Object(
  {
    notification: Notification,
    id: Type.Integer(),
    scope: Scope,
    frequency: Frequency,
    project: Nullable(Url('The project of a project subscription (scope 30).')),
    component: Nullable(Url('The component of a component subscription (scope 40).')),
  },
  { title: 'Subscription' },
);

// Choices are checked by the service, so that form values ("10") and bad ones get DRF's messages.
export const SubscriptionBody = body({
  notification: Type.Optional(Type.Unknown()),
  scope: Type.Optional(Type.Unknown()),
  frequency: Type.Optional(Type.Unknown()),
  ...readOnly('id', 'project', 'component'),
});

/** Documented only: the choices SubscriptionBody leaves to the service. */
const SubscriptionFields = body({
  notification: Type.Optional(Notification),
  scope: Type.Optional(Scope),
  frequency: Type.Optional(Frequency),
  ...readOnly('id', 'project', 'component'),
});

/** PATCH: any of the fields. */
export const SubscriptionPatch = SubscriptionFields;

/** POST and PUT: every field. */
export const SubscriptionWrite = documentedRequired(SubscriptionFields, ['notification', 'scope', 'frequency']);
