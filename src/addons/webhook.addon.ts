// weblate.webhook.webhook: every recorded change (optionally only some actions) POSTed as signed JSON from the task queue.
import type { ChangeRow } from '../db/schema.js';
import { addonById, changeById, insertAddonLog, markAddonRun } from '../db/addons.repository.js';
import { ACTION_NAMES } from '../domain/change-actions.js';
import { nowIso } from '../shared/clock.js';
import { OutboundGuard } from '../shared/outbound-guard.js';
import type { TaskContext } from '../tasks/task-queue.js';
import { ConfigErrors, configObject, rejectUnknown, stringOption } from './config.js';
import { decodeSecret, WebhookSecretError } from './standard-webhooks.js';
import type { AddonDefinition, AddonServices } from './types.js';
import { noteOption } from './options.js';
import { deliver, DEFAULT_POLICY, type DeliveryPolicy } from './webhook-delivery.js';

export const WEBHOOK_ADDON = 'weblate.webhook.webhook';
export const WEBHOOK_TASK = 'addon-webhook-delivery';

export interface WebhookConfig {
  webhook_url: string;
  /** whsec_<base64>; empty: messages go unsigned. */
  secret: string;
  /** Change action codes to send; empty: every change. */
  events: number[];
}

/** The retry policy deliveries use; tests may shorten it. */
export const webhookPolicy: DeliveryPolicy = { ...DEFAULT_POLICY };

const MAX_URL_LENGTH = 500;

export function validateWebhookConfig(raw: unknown): WebhookConfig {
  const obj = configObject(raw);
  const errors = new ConfigErrors();
  rejectUnknown(obj, ['webhook_url', 'secret', 'events'], errors);
  const url = stringOption(obj, 'webhook_url', '', errors, { required: true, maxLength: MAX_URL_LENGTH }).trim();
  if (url) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(url);
    } catch {
      // reported below
    }
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || !parsed.hostname) errors.add('webhook_url', 'Enter a valid URL.');
  }
  const secret = stringOption(obj, 'secret', '', errors, { maxLength: 200 }).trim();
  if (secret) {
    try {
      decodeSecret(secret);
    } catch (e) {
      if (!(e instanceof WebhookSecretError)) throw e;
      errors.add('secret', e.message);
    }
  }
  // Change action codes, checked by hand below: a list of values in a form.
  noteOption({ name: 'events', kind: 'list', default: '' });
  const events: number[] = [];
  const rawEvents = obj.events;
  if (rawEvents !== undefined && rawEvents !== null && rawEvents !== '') {
    if (!Array.isArray(rawEvents)) errors.add('events', 'Enter a list of values.', 'invalid_list');
    else {
      for (const v of rawEvents) {
        const code = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : NaN;
        if (!Number.isInteger(code) || ACTION_NAMES[code] === undefined) {
          errors.add('events', `Select a valid choice. ${String(v)} is not one of the available choices.`, 'invalid_choice');
        } else if (!events.includes(code)) events.push(code);
      }
    }
  }
  errors.throwIfAny();
  return { webhook_url: url, secret, events: events.sort((a, b) => a - b) };
}

/**
 * The message: the change API object plus `change_id` and the project's URL, as the
 * reference's webhook payload carries both.
 */
export async function webhookPayload(services: AddonServices, change: ChangeRow): Promise<Record<string, unknown>> {
  const serialized = await services.serializeChange(change);
  return { change_id: change.id, ...serialized.change, project: serialized.projectUrl };
}

/** Without a configured guard nothing internal is reachable: the safe default. */
const STRICT_GUARD = new OutboundGuard();

function guardOf(services: AddonServices): OutboundGuard {
  return services.outbound ?? STRICT_GUARD;
}

/** Refuses a webhook URL whose host is, or resolves to, an internal address (SSRF), unless allowed. */
export async function verifyWebhookConfig(config: WebhookConfig, services: AddonServices): Promise<void> {
  const refusal = await guardOf(services).refusalForUrl(config.webhook_url);
  if (!refusal) return;
  const errors = new ConfigErrors();
  errors.add('webhook_url', refusal);
  errors.throwIfAny();
}

interface DeliveryTaskPayload {
  addonId: number;
  changeId: number;
}

/** Runs one delivery: loads the add-on (it may have been removed or reconfigured since) and the change, then sends. */
async function runDelivery(services: AddonServices, payload: DeliveryTaskPayload, task: TaskContext): Promise<unknown> {
  const { db } = services;
  const addon = await addonById(db, payload.addonId);
  if (!addon) {
    await task.log('The add-on was uninstalled; nothing sent.');
    return { delivered: false, skipped: 'uninstalled' };
  }
  const change = await changeById(db, payload.changeId);
  if (!change) {
    await task.log(`Change ${payload.changeId} no longer exists; nothing sent.`);
    return { delivered: false, skipped: 'missing change' };
  }
  let config: WebhookConfig;
  try {
    config = validateWebhookConfig(JSON.parse(addon.configuration));
  } catch (e) {
    await task.log(`Invalid configuration: ${(e as Error).message}`);
    return { delivered: false, skipped: 'invalid configuration' };
  }
  const body = JSON.stringify(await webhookPayload(services, change));
  const logAttempt = async (line: string) => {
    await task.log(line);
    if (!line.startsWith('Attempt')) return;
    const success = / → 2\d\d$/.test(line) ? 1 : 0;
    await insertAddonLog(db, { addon_id: addon.id, component_id: change.component_id, event: 'change', success, message: line, timestamp: nowIso() });
  };
  const result = await deliver({ url: config.webhook_url, body, messageId: `msg_${addon.id}_${change.id}`, secret: config.secret || null }, webhookPolicy, { log: logAttempt, outbound: guardOf(services) });
  const lastError = result.delivered ? null : `Webhook delivery of change ${change.id} failed: ${result.status ?? result.attempts.at(-1)?.error ?? 'unknown error'}`;
  await markAddonRun(db, addon.id, nowIso(), lastError);
  if (!result.delivered) throw new Error(lastError!);
  return { delivered: true, status: result.status, attempts: result.attempts.length };
}

export const webhookAddon: AddonDefinition<WebhookConfig> = {
  name: WEBHOOK_ADDON,
  verbose: 'Webhooks',
  description: 'Sends notifications about changes to an external URL, signed with the Standard Webhooks scheme.',
  events: ['change'],
  scope: ['component', 'project', 'site'],
  multiple: true,
  validate: validateWebhookConfig,
  verify: verifyWebhookConfig,
  handlers: {
    /** Only queues the delivery, so the request that made the change never waits for the receiver. */
    async change(ctx) {
      const change = ctx.change;
      const tasks = ctx.services.tasks;
      if (!change) return;
      if (ctx.addon.configuration.events.length && !ctx.addon.configuration.events.includes(change.action)) return;
      if (!tasks) {
        ctx.log.warn('No task queue available; webhook not sent.');
        return;
      }
      const payload: DeliveryTaskPayload = { addonId: ctx.addon.id, changeId: change.id };
      await tasks.enqueue(WEBHOOK_TASK, payload as unknown as Record<string, unknown>, { projectId: change.project_id, componentId: change.component_id });
    },
  },
  tasks: {
    [WEBHOOK_TASK]: (services, payload, task) => runDelivery(services, payload as unknown as DeliveryTaskPayload, task),
  },
};
