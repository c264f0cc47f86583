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
  'datePollOpened',
  'partDue',
] as const;
export type ChatEvent = (typeof CHAT_EVENTS)[number];

export const WEBHOOK_FORMATS = ['json', 'discord', 'slack'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/**
 * The signature header of a delivery: `sha256=<hex HMAC-SHA256 of the body with the hook's key>`. Every delivery
 * is signed the Standard Webhooks way too (webhook-id, webhook-timestamp, webhook-signature), with the same key.
 */
export const SIGNATURE_HEADER = 'X-Bookclub-Signature';
/** A delivery's id: the same across its retries, so a receiver can take it once. */
export const DELIVERY_HEADER = 'X-Bookclub-Delivery';
export const WEBHOOK_URL_MAX = 2_000;
/** An evening's worth of receivers; more is a mistake or an abuse. */
export const WEBHOOKS_MAX = 20;

/**
 * A receiver's state: nothing sent yet; the last delivery went through; something waits (failing, or only just
 * queued); or it needs an admin: refused (401, 403, 404) five times running, and from then on tried daily.
 */
export const DELIVERY_STATES = ['none', 'delivered', 'waiting', 'needsAttention'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export const deliveryStatusSchema = component(
  'DeliveryStatus',
  "A receiver's deliveries: how the last try went and what waits.",
  z.object({
    state: z
      .enum(DELIVERY_STATES)
      .describe('none: nothing sent yet; delivered: nothing waits; waiting: something waits; needsAttention: refused five times running, tried daily.'),
    lastStatus: z.number().int().nullable().describe("The receiver's HTTP status at the last try; null before any, or when it could not be reached."),
    lastError: z
      .string()
      .nullable()
      .describe(
        "Why the last try failed, in the receiver's own words where it gave some (Matrix's errcode and error); no secret or token in it; null when it went through.",
      ),
    nextAttemptOn: field.dateTime().nullable().describe('When what waits is tried next; null when nothing waits.'),
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
    url: z.string().describe("Where it goes, its secret parts masked (a Discord or Slack hook's address is its token)."),
    events: z.array(z.enum(CHAT_EVENTS)),
    format: z
      .enum(WEBHOOK_FORMATS)
      .describe('json: `{ event, occurredOn, club, data, links }`; discord: `{ content }`; slack: `{ text }`. Every one is signed.'),
    secret: z
      .string()
      .nullable()
      .describe(
        `whsec_<base64 of its key>, for ${SIGNATURE_HEADER} and Standard Webhooks alike; only in the answer that made the hook or gave it a new secret.`,
      ),
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

/** A hook changed: what is given changes; an empty or absent address keeps the one it has. */
export const webhookChangesSchema = z.object({
  url: newWebhookSchema.shape.url.optional().transform((url) => url || undefined),
  events: newWebhookSchema.shape.events.optional(),
  format: newWebhookSchema.shape.format,
});
export type WebhookChanges = z.output<typeof webhookChangesSchema>;

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
const ADDRESS_ERRORS = ['validation:webhookUrlInvalid', 'validation:webhookUrlIsClub', 'validation:receiverLinkLocal'];
const MATRIX_CHECKS = ['matrixUnreachable', 'matrixTokenRefused', 'matrixNotJoined', 'validation:matrixHomeserverIsClub'];

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
    description: `An address that is not http(s), has a password in it, is the club's own (however spelt) or link-local is a 400. At most ${WEBHOOKS_MAX} hooks.`,
    who: 'admin',
    body: newWebhookSchema,
    answer: answer.one(webhookSchema, 'The new hook with its secret.'),
    errors: { 400: [...ADDRESS_ERRORS, 'validation:webhookEventsInvalid'], 409: ['tooManyWebhooks'] },
  }),
  changeWebhook: route({
    operationId: 'changeWebhook',
    method: 'patch',
    path: '/api/admin/webhooks/{webhookId}',
    tag: 'Chat and webhooks',
    summary: 'Change a hook’s address, events or shape; what waits is kept (in the new shape) and tried at once.',
    who: 'admin',
    params: { webhookId },
    body: webhookChangesSchema,
    answer: answer.one(webhookSchema, 'The hook as it is now (no secret).'),
    errors: { 400: [...ADDRESS_ERRORS, 'validation:webhookEventsInvalid'], 404: ['webhookNotFound'] },
  }),
  newWebhookSecret: route({
    operationId: 'newWebhookSecret',
    method: 'post',
    path: '/api/admin/webhooks/{webhookId}/secret',
    tag: 'Chat and webhooks',
    summary: 'Give a hook a new secret, in this answer only; the old one signs nothing more, and what waits is signed with the new one.',
    who: 'admin',
    params: { webhookId },
    answer: answer.one(webhookSchema, 'The hook with its new secret.'),
    errors: { 404: ['webhookNotFound'] },
  }),
  retryWebhook: route({
    operationId: 'retryWebhook',
    method: 'post',
    path: '/api/admin/webhooks/{webhookId}/retry',
    tag: 'Chat and webhooks',
    summary: 'Try what waits for this hook now, without waiting out its pause.',
    who: 'admin',
    params: { webhookId },
    answer: answer.one(webhookSchema, 'The hook.'),
    errors: { 404: ['webhookNotFound'] },
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
    description:
      'The homeserver is asked first whose the token is (`/account/whoami`) and whether that account has joined the room; a 400 names what is wrong. What waited is tried at once.',
    who: 'admin',
    body: newMatrixSettingsSchema,
    answer: answer.one(matrixSettingsSchema, 'The Matrix settings.'),
    errors: {
      400: [
        'validation:matrixHomeserverInvalid',
        'validation:matrixRoomInvalid',
        'validation:matrixTokenRequired',
        'validation:receiverLinkLocal',
        ...MATRIX_CHECKS,
      ],
      409: ['matrixFromSettings'],
    },
  }),
  retryMatrix: route({
    operationId: 'retryMatrix',
    method: 'post',
    path: '/api/admin/matrix/retry',
    tag: 'Chat and webhooks',
    summary: 'Try what waits for the Matrix room now, without waiting out its pause.',
    who: 'admin',
    answer: answer.one(matrixSettingsSchema, 'The Matrix settings.'),
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
