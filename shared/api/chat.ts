import { z } from 'zod';
import { answer, component, field, idParam, route } from './contract';
import { requiredString } from './schema-helpers';

/*
 * The club's chat (DECISIONS.md "Chat and webhooks"): club events posted to a Matrix room, and outgoing
 * webhooks that admins add for Discord, Slack or a bot of their own.
 */

/** The club events a chat or a webhook hears of. */
export const CHAT_EVENTS = [
  'roundStarted',
  'discussionClosed',
  'pollClosed',
  'bookChosen',
  'meetingScheduled',
  'meetingChanged',
  'meetingCancelled',
  'reviewAdded',
] as const;
export type ChatEvent = (typeof CHAT_EVENTS)[number];

export const WEBHOOK_FORMATS = ['json', 'discord', 'slack'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/** The signature header of a delivery: `sha256=<hex HMAC-SHA256 of the body with the hook's secret>`. */
export const SIGNATURE_HEADER = 'X-Bookclub-Signature';
/** A delivery's id: the same across its retries, so a receiver can take it once. */
export const DELIVERY_HEADER = 'X-Bookclub-Delivery';
export const WEBHOOK_URL_MAX = 2_000;
/** An evening's worth of receivers; more is a mistake or an abuse. */
export const WEBHOOKS_MAX = 20;

export const deliveryStatusSchema = component(
  'DeliveryStatus',
  "A receiver's deliveries: how the last try went and what waits.",
  z.object({
    lastStatus: z.number().int().nullable().describe("The receiver's HTTP status at the last try; null before any, or when it could not be reached."),
    lastError: z.string().nullable().describe('Why the last try failed (no secret or token in it); null when it went through.'),
    lastTriedOn: field.dateTime().nullable(),
    lastDeliveredOn: field.dateTime().nullable(),
    pending: z.number().int().describe('Deliveries still to make (the oldest is retried first; none is skipped).'),
  }),
);
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

export const webhookSchema = component(
  'Webhook',
  'An outgoing webhook: where club events go, which ones, and in what shape.',
  z.object({
    webhookId: field.id('webhook'),
    url: z.string(),
    events: z.array(z.enum(CHAT_EVENTS)),
    format: z
      .enum(WEBHOOK_FORMATS)
      .describe('json: `{ event, occurredOn, club, data, links }`; discord: `{ content }`; slack: `{ text }`. Every one is signed.'),
    secret: z.string().nullable().describe(`The key of its ${SIGNATURE_HEADER}; only in the answer that made the hook.`),
    createdOn: field.dateTime(),
    deliveries: deliveryStatusSchema,
  }),
);
export type Webhook = z.infer<typeof webhookSchema>;

export const newWebhookSchema = z.object({
  url: requiredString('validation:webhookUrlInvalid').trim().max(WEBHOOK_URL_MAX, { error: 'validation:tooLong' }),
  events: z
    .array(z.enum(CHAT_EVENTS, { error: 'validation:webhookEventsInvalid' }), { error: 'validation:webhookEventsInvalid' })
    .min(1, { error: 'validation:webhookEventsInvalid' })
    .max(CHAT_EVENTS.length * 2, { error: 'validation:webhookEventsInvalid' }),
  format: z.enum(WEBHOOK_FORMATS, { error: 'validation:webhookFormatInvalid' }).optional(),
});
export type NewWebhook = z.output<typeof newWebhookSchema>;

export const matrixSettingsSchema = component(
  'MatrixSettings',
  "The club's Matrix room: where it is, whether a token is set (never the token), and how deliveries go.",
  z.object({
    homeserver: z.string().nullable(),
    roomId: z.string().nullable(),
    hasAccessToken: z.boolean(),
    from: z.enum(['settings', 'admin']).nullable().describe('settings: MATRIX_* on the server (an admin cannot change them); admin: entered here; null: none.'),
    deliveries: deliveryStatusSchema,
  }),
);
export type MatrixSettings = z.infer<typeof matrixSettingsSchema>;

export const newMatrixSettingsSchema = z.object({
  homeserver: requiredString('validation:matrixHomeserverInvalid').trim().max(WEBHOOK_URL_MAX, { error: 'validation:tooLong' }),
  roomId: requiredString('validation:matrixRoomInvalid')
    .trim()
    .regex(/^![^:\s]+:[^\s]+$/, { error: 'validation:matrixRoomInvalid' })
    .max(255, { error: 'validation:tooLong' }),
  accessToken: requiredString('validation:matrixTokenRequired')
    .trim()
    .min(1, { error: 'validation:matrixTokenRequired' })
    .max(2_000, { error: 'validation:tooLong' })
    .regex(/^[\x21-\x7e]+$/, { error: 'validation:matrixTokenRequired' }),
});
export type NewMatrixSettings = z.output<typeof newMatrixSettingsSchema>;

const webhookId = idParam('webhook', 'webhookNotFound');

export const chatApi = {
  webhooks: route({
    operationId: 'listWebhooks',
    method: 'get',
    path: '/api/admin/webhooks',
    tag: 'Chat and webhooks',
    summary: 'The outgoing webhooks, with how their deliveries go (never their secrets).',
    who: 'admin',
    answer: answer.list(webhookSchema, 'Every webhook, oldest first.'),
  }),
  addWebhook: route({
    operationId: 'addWebhook',
    method: 'post',
    path: '/api/admin/webhooks',
    tag: 'Chat and webhooks',
    summary: 'Add a webhook; its secret is in this answer only.',
    description: `An address that is not http(s), has a password in it, or is the club's own is a 400. At most ${WEBHOOKS_MAX} hooks.`,
    who: 'admin',
    body: newWebhookSchema,
    answer: answer.one(webhookSchema, 'The new hook with its secret.'),
    errors: { 400: ['validation:webhookUrlInvalid', 'validation:webhookUrlIsClub', 'validation:webhookEventsInvalid'], 409: ['tooManyWebhooks'] },
  }),
  removeWebhook: route({
    operationId: 'removeWebhook',
    method: 'delete',
    path: '/api/admin/webhooks/{webhookId}',
    tag: 'Chat and webhooks',
    summary: 'Remove a webhook; what it had still to deliver is dropped.',
    who: 'admin',
    params: { webhookId },
    answer: answer.list(webhookSchema, 'The webhooks left.'),
    errors: { 404: ['webhookNotFound'] },
  }),
  matrix: route({
    operationId: 'getMatrix',
    method: 'get',
    path: '/api/admin/matrix',
    tag: 'Chat and webhooks',
    summary: "The club's Matrix room and how its messages go (never the access token).",
    who: 'admin',
    answer: answer.one(matrixSettingsSchema, 'The Matrix settings.'),
  }),
  setMatrix: route({
    operationId: 'setMatrix',
    method: 'put',
    path: '/api/admin/matrix',
    tag: 'Chat and webhooks',
    summary: 'Post club events to this Matrix room from now on (unless the server has MATRIX_* settings, which win: 409).',
    who: 'admin',
    body: newMatrixSettingsSchema,
    answer: answer.one(matrixSettingsSchema, 'The Matrix settings.'),
    errors: { 400: ['validation:matrixHomeserverInvalid', 'validation:matrixRoomInvalid', 'validation:matrixTokenRequired'], 409: ['matrixFromSettings'] },
  }),
  removeMatrix: route({
    operationId: 'removeMatrix',
    method: 'delete',
    path: '/api/admin/matrix',
    tag: 'Chat and webhooks',
    summary: 'Stop posting to the Matrix room an admin entered; what it had still to deliver is dropped.',
    who: 'admin',
    answer: answer.one(matrixSettingsSchema, 'The Matrix settings, empty.'),
    errors: { 409: ['matrixFromSettings'] },
  }),
};
