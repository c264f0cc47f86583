import { column, defineTable, type RowOf } from '../../db/table';
import type { WebhookFormat } from '../../../shared/api/chat';

/** An outgoing webhook; `events` is a JSON list of the chat events it hears of. */
export const webhookTable = defineTable('webhook', {
  id: column.generatedId(),
  url: column.varchar(2000),
  events: column.text(),
  format: column.varchar<WebhookFormat>(10),
  /** The key of its deliveries' signatures (it must be kept to sign; it is shown only once): chat-signatures.ts. */
  secret: column.varchar(64),
  createdOn: column.varchar(30),
  createdBy: column.varchar(36),
});
export type WebhookRow = RowOf<typeof webhookTable>;

/** The Matrix room an admin entered (`id` is always 1); MATRIX_* settings on the server win over it. */
export const matrixRoomTable = defineTable('matrix_room', {
  id: column.integer().primary(),
  homeserver: column.varchar(2000),
  roomId: column.varchar(255),
  accessToken: column.varchar(2000),
  createdOn: column.varchar(30),
  createdBy: column.varchar(36),
});

/**
 * One club event to one receiver (`matrix`, or `hook:<id>`), in the order they happened: a receiver gets its
 * oldest first, and the next only once that one went through.
 */
export const chatDeliveryTable = defineTable('chat_delivery', {
  id: column.generatedId(),
  receiver: column.varchar(20),
  /** Stays the same across retries: the webhook's X-Bookclub-Delivery, Matrix's transaction id. */
  deliveryId: column.varchar(36),
  event: column.varchar(30),
  /** The request body, exactly as sent (and signed) every time. */
  body: column.text(),
  createdOn: column.varchar(30),
  attempts: column.integer(),
  nextAttemptOn: column.varchar(30),
  lastTriedOn: column.varchar(30).nullable(),
  lastStatus: column.integer().nullable(),
  lastError: column.varchar(500).nullable(),
  /** Its last tries that the receiver refused (401, 403, 404) in a row; added by 1732402000000-chat-refusals. */
  refusals: column.integer(),
  /** The ChatMessage it tells, as JSON: a hook whose shape changes gets it in the new one (same migration). */
  message: column.text().nullable(),
  deliveredOn: column.varchar(30).nullable(),
});
export type ChatDeliveryRow = RowOf<typeof chatDeliveryTable>;
