import crypto from 'node:crypto';
import type { DataSource } from 'typeorm';
import {
  CHAT_EVENTS,
  WEBHOOKS_MAX,
  type ChatEvent,
  type DeliveryStatus,
  type MatrixSettings,
  type NewMatrixSettings,
  type NewWebhook,
  type Webhook,
  type WebhookChanges,
  type WebhookFormat,
} from '../../../shared/api/chat';
import { sqliteOf } from '../../db/data-source';
import { countRows, deleteRows, findRow, findRows, insertRow, statement, updateRows, upsertRow } from '../../db/table';
import { writeTransaction } from '../../db/write-transaction';
import { Conflict, Invalid, NotFound } from '../../http/errors';
import type { User } from '../accounts';
import type { ClubEvent, ClubEvents } from '../newsletters';
import { chatMessage, matrixBody, webhookBody, type ChatMessage, type ChatSettings } from './chat-messages';
import { ChatOutbox, MATRIX_RECEIVER, REFUSALS_FOR_ATTENTION, webhookReceiver, type MatrixTarget } from './chat-outbox';
import { newSecret, shownSecret } from './chat-signatures';
import { chatDeliveryTable, matrixRoomTable, webhookTable, type WebhookRow } from './chat.entity';
import { maskedAddress } from './masked-address';
import { checkMatrixRoom } from './matrix-check';
import { refusedUrl } from './receiver-addresses';

export interface ChatDeps {
  /** The club's name, language, link base and time zone, as messages are written now. */
  settings(): ChatSettings;
  /** MATRIX_HOMESERVER, MATRIX_ROOM_ID and MATRIX_ACCESS_TOKEN, when the host set them: they win over an admin's room. */
  matrixFromSettings: MatrixTarget | null;
  /** The addresses the club answers at: a webhook may not point at the club itself. */
  clubAddresses(): string[];
  log(message: string): void;
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
  /** The pause of a receiver that needs an admin's attention (a day). */
  attentionDelayMs?: number;
}

const deliveries = chatDeliveryTable;
/** Delivered rows are kept this long (the admin screen's "last delivered"), then forgotten. */
const DELIVERED_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The club's chat (DECISIONS.md "Chat and webhooks"): each club event the chat hears of becomes, in the same
 * moment, one delivery for the Matrix room and one for each webhook that asked for it, written in the
 * club's language; ChatOutbox sends them. Publishing never waits for a receiver and never fails the
 * request that caused the event.
 */
export class ChatService implements ClubEvents {
  readonly outbox: ChatOutbox;

  constructor(
    private readonly db: DataSource,
    private readonly deps: ChatDeps,
  ) {
    this.outbox = new ChatOutbox(db, {
      matrix: () => this.matrixTarget(),
      log: deps.log,
      retryDelaysMs: deps.retryDelaysMs,
      timeoutMs: deps.timeoutMs,
      attentionDelayMs: deps.attentionDelayMs,
      clubAddresses: deps.clubAddresses,
    });
  }

  publish(event: ClubEvent): void {
    try {
      const settings = this.deps.settings();
      const message = chatMessage(event, settings);
      if (!message) return;
      const occurredOn = new Date().toISOString();
      const rows: { receiver: string; body: string; message: string }[] = [];
      const told = JSON.stringify(message);
      if (this.matrixTarget()) rows.push({ receiver: MATRIX_RECEIVER, body: matrixBody(message), message: told });
      for (const hook of findRows(sqliteOf(this.db), webhookTable, 'all', { orderBy: 'id' })) {
        if (eventsOf(hook).includes(message.event))
          rows.push({ receiver: webhookReceiver(hook.id), body: webhookBody(message, hook.format, settings, occurredOn), message: told });
      }
      if (rows.length === 0) return;
      writeTransaction(this.db, (sql) => {
        for (const row of rows) {
          insertRow(sql, deliveries, {
            ...row,
            deliveryId: crypto.randomUUID(),
            event: message.event,
            createdOn: occurredOn,
            attempts: 0,
            nextAttemptOn: occurredOn,
          });
        }
      });
      this.outbox.wake();
    } catch (error) {
      this.deps.log(`The chat could not queue ${event.kind}: ${(error as Error).message}`);
    }
  }

  webhooks(): Webhook[] {
    return findRows(sqliteOf(this.db), webhookTable, 'all', { orderBy: 'id' }).map((hook) => this.toWebhook(hook, null));
  }

  async addWebhook(admin: User, input: NewWebhook): Promise<Webhook> {
    const url = await this.receiverUrl(input.url, 'url');
    const secret = newSecret();
    const events = CHAT_EVENTS.filter((event) => input.events.includes(event));
    const id = writeTransaction(this.db, (sql) => {
      if (countRows(sql, webhookTable, 'all') >= WEBHOOKS_MAX) throw new Conflict('tooManyWebhooks');
      return insertRow(sql, webhookTable, {
        url: url.href,
        events: JSON.stringify(events),
        format: input.format ?? 'json',
        secret,
        createdOn: new Date().toISOString(),
        createdBy: admin.id,
      });
    });
    return this.toWebhook(findRow(sqliteOf(this.db), webhookTable, { id })!, secret);
  }

  /** A hook's address, events or shape changed; what waits stays, in the new shape, and is tried at once. */
  async changeWebhook(webhookId: number, changes: WebhookChanges): Promise<Webhook> {
    this.hook(webhookId);
    const url = changes.url === undefined ? undefined : (await this.receiverUrl(changes.url, 'url')).href;
    const settings = this.deps.settings();
    writeTransaction(this.db, (sql) => {
      const hook = findRow(sql, webhookTable, { id: webhookId });
      if (!hook) throw new NotFound('webhookNotFound');
      const events = changes.events && JSON.stringify(CHAT_EVENTS.filter((event) => changes.events!.includes(event)));
      const set = { ...(url && { url }), ...(events && { events }), ...(changes.format && { format: changes.format }) };
      if (Object.keys(set).length > 0) updateRows(sql, webhookTable, { id: webhookId }, set);
      if (changes.format && changes.format !== hook.format) this.reshapeWaiting(sql, webhookId, changes.format, settings);
    });
    this.outbox.retryNow(webhookReceiver(webhookId));
    return this.toWebhook(this.hook(webhookId), null);
  }

  /** A new secret for a hook, shown in this answer only; what waits is signed with it from now on. */
  newWebhookSecret(webhookId: number): Webhook {
    const secret = newSecret();
    writeTransaction(this.db, (sql) => {
      if (updateRows(sql, webhookTable, { id: webhookId }, { secret }) === 0) throw new NotFound('webhookNotFound');
    });
    return this.toWebhook(this.hook(webhookId), secret);
  }

  /** "Try again now": what waits for the hook is sent without waiting out its pause. */
  retryWebhook(webhookId: number): Webhook {
    this.hook(webhookId);
    this.outbox.retryNow(webhookReceiver(webhookId));
    return this.toWebhook(this.hook(webhookId), null);
  }

  retryMatrix(): MatrixSettings {
    this.outbox.retryNow(MATRIX_RECEIVER);
    return this.matrix();
  }

  removeWebhook(webhookId: number): Webhook[] {
    writeTransaction(this.db, (sql) => {
      if (deleteRows(sql, webhookTable, { id: webhookId }) === 0) throw new NotFound('webhookNotFound');
      deleteRows(sql, deliveries, { receiver: webhookReceiver(webhookId), deliveredOn: null });
    });
    return this.webhooks();
  }

  matrix(): MatrixSettings {
    const fromSettings = this.deps.matrixFromSettings;
    const entered = fromSettings ? undefined : findRow(sqliteOf(this.db), matrixRoomTable, { id: 1 });
    const target = fromSettings ?? entered ?? null;
    return {
      homeserver: target?.homeserver ?? null,
      roomId: target?.roomId ?? null,
      hasAccessToken: !!target?.accessToken,
      from: fromSettings ? 'settings' : entered ? 'admin' : null,
      deliveries: this.statusOf(MATRIX_RECEIVER),
    };
  }

  /** A room an admin entered, once its homeserver says the token is good and its account has joined the room. */
  async setMatrix(admin: User, input: NewMatrixSettings): Promise<MatrixSettings> {
    if (this.deps.matrixFromSettings) throw new Conflict('matrixFromSettings');
    const url = await this.receiverUrl(input.homeserver, 'homeserver');
    // The homeserver's address keeps its path: some are served under one (https://example.org/matrix).
    const homeserver = url.origin + url.pathname.replace(/\/+$/, '');
    await checkMatrixRoom(
      { homeserver, roomId: input.roomId, accessToken: input.accessToken },
      {
        timeoutMs: this.deps.timeoutMs ?? 10_000,
        clubAddresses: this.deps.clubAddresses(),
      },
    );
    if (this.deps.matrixFromSettings) throw new Conflict('matrixFromSettings');
    const room = {
      id: 1,
      homeserver,
      roomId: input.roomId,
      accessToken: input.accessToken,
      createdOn: new Date().toISOString(),
      createdBy: admin.id,
    };
    writeTransaction(this.db, (sql) => upsertRow(sql, matrixRoomTable, room, ['id'], ['homeserver', 'roomId', 'accessToken', 'createdOn', 'createdBy']));
    // A room mended (the bot invited, a new token) is tried at once: what waited goes now.
    this.outbox.retryNow(MATRIX_RECEIVER);
    return this.matrix();
  }

  removeMatrix(): MatrixSettings {
    if (this.deps.matrixFromSettings) throw new Conflict('matrixFromSettings');
    writeTransaction(this.db, (sql) => {
      deleteRows(sql, matrixRoomTable, { id: 1 });
      deleteRows(sql, deliveries, { receiver: MATRIX_RECEIVER, deliveredOn: null });
    });
    return this.matrix();
  }

  /** Forgets deliveries made over a week ago (the housekeeping's chore). */
  pruneDelivered(now: Date): number {
    const before = new Date(now.getTime() - DELIVERED_KEPT_MS).toISOString();
    return writeTransaction(
      this.db,
      (sql) =>
        statement(sql, `DELETE FROM ${deliveries.name} WHERE ${deliveries.column('deliveredOn')} IS NOT NULL AND ${deliveries.column('deliveredOn')} < ?`).run(
          before,
        ).changes,
    );
  }

  private matrixTarget(): MatrixTarget | null {
    return this.deps.matrixFromSettings ?? findRow(sqliteOf(this.db), matrixRoomTable, { id: 1 }) ?? null;
  }

  /**
   * An http(s) address with a host and no password in it, that is neither the club itself (however spelt, or
   * whatever the name resolves to) nor link-local; anything else is a 400 naming the field.
   */
  private async receiverUrl(text: string, field: 'url' | 'homeserver'): Promise<URL> {
    const refuse = (key: string) => new Invalid(key, {}, { [field]: [key] });
    const invalid = field === 'url' ? 'validation:webhookUrlInvalid' : 'validation:matrixHomeserverInvalid';
    if (!URL.canParse(text)) throw refuse(invalid);
    const url = new URL(text);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password) throw refuse(invalid);
    const refusal = await refusedUrl(url, this.deps.clubAddresses());
    if (refusal === 'club') throw refuse(field === 'url' ? 'validation:webhookUrlIsClub' : 'validation:matrixHomeserverIsClub');
    if (refusal === 'linkLocal') throw refuse('validation:receiverLinkLocal');
    return url;
  }

  private hook(webhookId: number): WebhookRow {
    const hook = findRow(sqliteOf(this.db), webhookTable, { id: webhookId });
    if (!hook) throw new NotFound('webhookNotFound');
    return hook;
  }

  /** A hook's waiting deliveries told again in its new shape, with the same ids. */
  private reshapeWaiting(sql: ReturnType<typeof sqliteOf>, webhookId: number, format: WebhookFormat, settings: ChatSettings): void {
    for (const row of findRows(sql, deliveries, { receiver: webhookReceiver(webhookId), deliveredOn: null })) {
      if (!row.message) continue;
      const message = JSON.parse(row.message) as ChatMessage;
      updateRows(sql, deliveries, { id: row.id }, { body: webhookBody(message, format, settings, row.createdOn) });
    }
  }

  private toWebhook(hook: WebhookRow, secret: string | null): Webhook {
    return {
      webhookId: hook.id,
      url: maskedAddress(hook.url, hook.format),
      events: eventsOf(hook),
      format: hook.format,
      secret: secret && shownSecret(secret),
      createdOn: hook.createdOn,
      deliveries: this.statusOf(webhookReceiver(hook.id)),
    };
  }

  private statusOf(receiver: string): DeliveryStatus {
    const sql = sqliteOf(this.db);
    const [last] = findRows(
      sql,
      deliveries,
      { receiver },
      {
        orderBy: [
          ['lastTriedOn', 'DESC'],
          ['id', 'DESC'],
        ],
        limit: 1,
        select: ['lastStatus', 'lastError', 'lastTriedOn'],
      },
    );
    const [delivered] = findRows(sql, deliveries, { receiver }, { orderBy: [['deliveredOn', 'DESC']], limit: 1, select: ['deliveredOn'] });
    const [head] = findRows(sql, deliveries, { receiver, deliveredOn: null }, { orderBy: 'id', limit: 1, select: ['nextAttemptOn', 'refusals'] });
    const pending = countRows(sql, deliveries, { receiver, deliveredOn: null });
    return {
      state: head ? (head.refusals >= REFUSALS_FOR_ATTENTION ? 'needsAttention' : 'waiting') : delivered?.deliveredOn ? 'delivered' : 'none',
      lastStatus: last?.lastTriedOn ? last.lastStatus : null,
      lastError: last?.lastTriedOn ? last.lastError : null,
      lastTriedOn: last?.lastTriedOn ?? null,
      lastDeliveredOn: delivered?.deliveredOn ?? null,
      nextAttemptOn: head?.nextAttemptOn ?? null,
      pending,
    };
  }
}

function eventsOf(hook: WebhookRow): ChatEvent[] {
  const events = JSON.parse(hook.events) as unknown;
  return Array.isArray(events) ? CHAT_EVENTS.filter((event) => events.includes(event)) : [];
}
