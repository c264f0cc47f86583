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
} from '../../../shared/api/chat';
import { sqliteOf } from '../../db/data-source';
import { countRows, deleteRows, findRow, findRows, insertRow, statement, upsertRow } from '../../db/table';
import { writeTransaction } from '../../db/write-transaction';
import { Conflict, Invalid, NotFound } from '../../http/errors';
import type { User } from '../accounts';
import type { ClubEvent, ClubEvents } from '../newsletters';
import { chatMessage, matrixBody, webhookBody, type ChatSettings } from './chat-messages';
import { ChatOutbox, MATRIX_RECEIVER, webhookReceiver, type MatrixTarget } from './chat-outbox';
import { chatDeliveryTable, matrixRoomTable, webhookTable, type WebhookRow } from './chat.entity';

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
}

const deliveries = chatDeliveryTable;
const SECRET_BYTES = 32;
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
    this.outbox = new ChatOutbox(db, { matrix: () => this.matrixTarget(), log: deps.log, retryDelaysMs: deps.retryDelaysMs, timeoutMs: deps.timeoutMs });
  }

  publish(event: ClubEvent): void {
    try {
      const settings = this.deps.settings();
      const message = chatMessage(event, settings);
      if (!message) return;
      const occurredOn = new Date().toISOString();
      const rows: { receiver: string; body: string }[] = [];
      if (this.matrixTarget()) rows.push({ receiver: MATRIX_RECEIVER, body: matrixBody(message) });
      for (const hook of findRows(sqliteOf(this.db), webhookTable, 'all', { orderBy: 'id' })) {
        if (eventsOf(hook).includes(message.event))
          rows.push({ receiver: webhookReceiver(hook.id), body: webhookBody(message, hook.format, settings, occurredOn) });
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

  addWebhook(admin: User, input: NewWebhook): Webhook {
    const url = this.checkedUrl(input.url, 'validation:webhookUrlInvalid');
    if (this.isClubItself(url)) throw new Invalid('validation:webhookUrlIsClub', {}, { url: ['validation:webhookUrlIsClub'] });
    const secret = crypto.randomBytes(SECRET_BYTES).toString('hex');
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

  setMatrix(admin: User, input: NewMatrixSettings): MatrixSettings {
    if (this.deps.matrixFromSettings) throw new Conflict('matrixFromSettings');
    const homeserver = this.checkedUrl(input.homeserver, 'validation:matrixHomeserverInvalid');
    const room = {
      id: 1,
      homeserver: homeserver.origin,
      roomId: input.roomId,
      accessToken: input.accessToken,
      createdOn: new Date().toISOString(),
      createdBy: admin.id,
    };
    writeTransaction(this.db, (sql) => upsertRow(sql, matrixRoomTable, room, ['id'], ['homeserver', 'roomId', 'accessToken', 'createdOn', 'createdBy']));
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

  /** An http(s) address with a host and no password in it; anything else is a 400 naming the field. */
  private checkedUrl(text: string, key: string): URL {
    const field = key === 'validation:webhookUrlInvalid' ? 'url' : 'homeserver';
    const refuse = () => new Invalid(key, {}, { [field]: [key] });
    if (!URL.canParse(text)) throw refuse();
    const url = new URL(text);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password) throw refuse();
    return url;
  }

  /** Whether `url` reaches this club: one of its addresses, or a loopback name on its port. */
  private isClubItself(url: URL): boolean {
    const port = (u: URL) => u.port || (u.protocol === 'https:' ? '443' : '80');
    const loopback = (host: string) => host === 'localhost' || host.startsWith('127.') || host === '[::1]' || host === '0.0.0.0' || host === '[::]';
    return this.deps.clubAddresses().some((address) => {
      if (!URL.canParse(address)) return false;
      const own = new URL(address);
      if (port(own) !== port(url)) return false;
      return own.hostname === url.hostname || loopback(url.hostname);
    });
  }

  private toWebhook(hook: WebhookRow, secret: string | null): Webhook {
    return {
      webhookId: hook.id,
      url: hook.url,
      events: eventsOf(hook),
      format: hook.format,
      secret,
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
    return {
      lastStatus: last?.lastTriedOn ? last.lastStatus : null,
      lastError: last?.lastTriedOn ? last.lastError : null,
      lastTriedOn: last?.lastTriedOn ?? null,
      lastDeliveredOn: delivered?.deliveredOn ?? null,
      pending: countRows(sql, deliveries, { receiver, deliveredOn: null }),
    };
  }
}

function eventsOf(hook: WebhookRow): ChatEvent[] {
  const events = JSON.parse(hook.events) as unknown;
  return Array.isArray(events) ? CHAT_EVENTS.filter((event) => events.includes(event)) : [];
}
