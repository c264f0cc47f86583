import crypto from 'node:crypto';
import type { DataSource } from 'typeorm';
import { DELIVERY_HEADER, SIGNATURE_HEADER } from '../../../shared/api/chat';
import { sqliteOf } from '../../db/data-source';
import { deleteRows, findRow, statement, updateRows } from '../../db/table';
import { writeTransaction } from '../../db/write-transaction';
import { chatDeliveryTable, webhookTable, type ChatDeliveryRow } from './chat.entity';

/** Where Matrix messages go: the homeserver's base address, the room, and the token sent in a header. */
export interface MatrixTarget {
  homeserver: string;
  roomId: string;
  accessToken: string;
}

export interface ChatOutboxOptions {
  /** The Matrix room now (MATRIX_* settings, else an admin's), or null. */
  matrix(): MatrixTarget | null;
  log(message: string): void;
  /** Wait after the 1st, 2nd... failed try of a delivery; the last repeats: a delivery is never given up on. */
  retryDelaysMs?: readonly number[];
  /** How long a receiver has to answer. */
  timeoutMs?: number;
}

const DEFAULT_RETRY_DELAYS_MS = [10_000, 60_000, 5 * 60_000, 30 * 60_000, 60 * 60_000];
const DEFAULT_TIMEOUT_MS = 10_000;
/** What a failure's note keeps (the column's width). */
const ERROR_MAX = 500;

const deliveries = chatDeliveryTable;
const d = deliveries.qualified;
/** Each receiver's oldest delivery still to make: the only one of it that may be sent. */
const HEADS = `SELECT ${deliveries.columns()} FROM ${deliveries.name}
  WHERE ${d('id')} IN (SELECT MIN(${deliveries.column('id')}) FROM ${deliveries.name} WHERE ${deliveries.column('deliveredOn')} IS NULL GROUP BY ${deliveries.column('receiver')})`;

/**
 * Sends the chat's deliveries in the background, one receiver's in the order of their events: a receiver's
 * next delivery waits until the one before went through, however often that one fails (retried with growing
 * pauses, forever, as mail is). Receivers do not wait for each other. The table is the queue: a restart, even
 * a kill -9, sends what was left, with the same body and delivery id (a receiver that took it before the
 * crash recognises it). Nothing here writes a token, a secret or a webhook's address into a log or a row.
 */
export class ChatOutbox {
  private stopped = true;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly retryDelaysMs: readonly number[];
  private readonly timeoutMs: number;

  constructor(
    private readonly db: DataSource,
    private readonly options: ChatOutboxOptions,
  ) {
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  start(): void {
    this.stopped = false;
    this.wake();
  }

  /** Stops after the sends under way (each ends within the timeout). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Something new to send, or sooner: a pass now (or right after the one under way). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.pass()
      .catch((error: unknown) => this.options.log(`Chat deliveries failed: ${(error as Error).message}`))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.wake();
        } else {
          this.waitForNext();
        }
      });
  }

  private async pass(): Promise<void> {
    const now = Date.now();
    const due = this.heads().filter((row) => Date.parse(row.nextAttemptOn) <= now);
    await Promise.all(due.map((row) => this.send(row)));
  }

  private heads(): ChatDeliveryRow[] {
    return (statement(sqliteOf(this.db), HEADS).all() as Record<string, unknown>[]).map((raw) => deliveries.fromSql(raw));
  }

  private waitForNext(): void {
    if (this.stopped) return;
    const next = Math.min(...this.heads().map((row) => Date.parse(row.nextAttemptOn)));
    if (!Number.isFinite(next)) return;
    this.timer = setTimeout(() => this.wake(), Math.max(0, Math.min(next - Date.now(), 2 ** 31 - 1)));
    this.timer.unref();
  }

  private async send(row: ChatDeliveryRow): Promise<void> {
    const request = this.requestFor(row);
    if (!request) {
      // Its receiver is gone (a hook removed, the Matrix room taken away): nothing of it is to be sent.
      writeTransaction(this.db, (sql) => deleteRows(sql, deliveries, { receiver: row.receiver, deliveredOn: null }));
      return;
    }
    let status: number | null = null;
    let error: string | null = null;
    let retryAfterMs = 0;
    try {
      const answer = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: row.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = answer.status;
      if (status < 200 || status > 299) {
        error = `HTTP ${status}`;
        retryAfterMs = await retryAfter(answer);
      }
      await answer.body?.cancel();
    } catch (failure) {
      // fetch's own error says only "fetch failed"; its cause says why (ECONNREFUSED, a timeout, a bad port).
      const cause = (failure as { cause?: { code?: string; message?: string } }).cause;
      error = cause?.code ?? cause?.message ?? ((failure as Error).name === 'TimeoutError' ? 'timeout' : (failure as Error).message || 'unreachable');
    }
    const triedOn = new Date().toISOString();
    writeTransaction(this.db, (sql) => {
      if (!error) {
        updateRows(
          sql,
          deliveries,
          { id: row.id },
          { deliveredOn: triedOn, lastTriedOn: triedOn, lastStatus: status, lastError: null, attempts: row.attempts + 1 },
        );
        return;
      }
      const delay = Math.max(this.retryDelaysMs[Math.min(row.attempts, this.retryDelaysMs.length - 1)]!, retryAfterMs);
      const nextAttemptOn = new Date(Date.now() + delay).toISOString();
      updateRows(
        sql,
        deliveries,
        { id: row.id },
        { attempts: row.attempts + 1, lastTriedOn: triedOn, lastStatus: status, lastError: error.slice(0, ERROR_MAX), nextAttemptOn },
      );
    });
    if (error) this.options.log(`Chat delivery ${row.deliveryId} (${row.event}) to ${receiverName(row.receiver)} failed: ${error}; it will be tried again.`);
  }

  private requestFor(row: ChatDeliveryRow): { url: string; method: string; headers: Record<string, string> } | null {
    if (row.receiver === MATRIX_RECEIVER) {
      const matrix = this.options.matrix();
      if (!matrix) return null;
      const room = encodeURIComponent(matrix.roomId);
      return {
        url: `${matrix.homeserver.replace(/\/+$/, '')}/_matrix/client/v3/rooms/${room}/send/m.room.message/${encodeURIComponent(row.deliveryId)}`,
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${matrix.accessToken}` },
      };
    }
    const hook = findRow(sqliteOf(this.db), webhookTable, { id: webhookIdOf(row.receiver) });
    if (!hook) return null;
    const signature = crypto.createHmac('sha256', hook.secret).update(row.body).digest('hex');
    return {
      url: hook.url,
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'Bookclub-Webhook/1',
        [DELIVERY_HEADER]: row.deliveryId,
        'X-Bookclub-Event': row.event,
        [SIGNATURE_HEADER]: `sha256=${signature}`,
      },
    };
  }
}

export const MATRIX_RECEIVER = 'matrix';
export const webhookReceiver = (webhookId: number) => `hook:${webhookId}`;
const webhookIdOf = (receiver: string) => Number(receiver.slice('hook:'.length));
/** How a log names a receiver: never by its address, which may hold a token (Discord's do). */
const receiverName = (receiver: string) => (receiver === MATRIX_RECEIVER ? 'the Matrix room' : `webhook ${webhookIdOf(receiver)}`);

/** A 429's wish: Retry-After (seconds) or Matrix's retry_after_ms; 0 when it says nothing. */
async function retryAfter(answer: Response): Promise<number> {
  if (answer.status !== 429) return 0;
  const header = Number(answer.headers.get('retry-after'));
  if (Number.isFinite(header) && header > 0) return Math.min(header * 1000, 60 * 60_000);
  try {
    const body = (await answer.clone().json()) as { retry_after_ms?: unknown };
    if (typeof body.retry_after_ms === 'number') return Math.min(Math.max(0, body.retry_after_ms), 60 * 60_000);
  } catch {
    // Not JSON: no wish.
  }
  return 0;
}
