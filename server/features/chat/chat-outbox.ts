import type { DataSource } from 'typeorm';
import { sqliteOf } from '../../db/data-source';
import { deleteRows, findRow, statement, updateRows } from '../../db/table';
import { writeTransaction } from '../../db/write-transaction';
import { sendToReceiver, type ReceiverAnswer } from './chat-request';
import { signatureHeaders } from './chat-signatures';
import { chatDeliveryTable, webhookTable, type ChatDeliveryRow } from './chat.entity';
import { clubEndpoints } from './receiver-addresses';

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
  /** The pause of a receiver that needs an admin's attention (REFUSALS_FOR_ATTENTION refusals running): a day. */
  attentionDelayMs?: number;
  /** The club's own addresses: nothing is sent there (receiver-addresses.ts). */
  clubAddresses(): string[];
}

const DEFAULT_RETRY_DELAYS_MS = [10_000, 60_000, 5 * 60_000, 30 * 60_000, 60 * 60_000];
const DEFAULT_TIMEOUT_MS = 10_000;
/** What a failure's note keeps (the column's width). */
const ERROR_MAX = 500;
/** What a failure's note keeps of the receiver's own words. */
const REASON_MAX = 300;
const DAY_MS = 24 * 60 * 60_000;
/** Answers that say the receiver will not take it as it is set up (a bad token, a bot not in the room, a removed hook). */
const REFUSALS = new Set([401, 403, 404]);
/** Refusals running that make a receiver need an admin's attention: tried daily after that. */
export const REFUSALS_FOR_ATTENTION = 5;

const deliveries = chatDeliveryTable;
const d = deliveries.qualified;
/** Each receiver's oldest delivery still to make: the only one of it that may be sent. */
const HEADS = `SELECT ${deliveries.columns()} FROM ${deliveries.name}
  WHERE ${d('id')} IN (SELECT MIN(${deliveries.column('id')}) FROM ${deliveries.name} WHERE ${deliveries.column('deliveredOn')} IS NULL GROUP BY ${deliveries.column('receiver')})`;

/**
 * Sends the chat's deliveries in the background, one receiver's in the order of their events: a receiver's
 * next delivery waits until the one before went through, however often that one fails (retried with growing
 * pauses, forever, as mail is). Each receiver has a lane of its own: a send under way, even one that hangs
 * until its timeout, holds up only its own receiver. The table is the queue: a restart, even a kill -9, sends
 * what was left, with the same body and delivery id (a receiver that took it before the crash recognises it).
 * Nothing here writes a token, a secret or a webhook's address into a log or a row.
 */
export class ChatOutbox {
  private stopped = true;
  /** Each receiver's send under way. */
  private readonly lanes = new Map<string, Promise<void>>();
  /** Receivers an admin asked to try again while their send was under way: its failure waits no pause. */
  private readonly retryAsked = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private readonly retryDelaysMs: readonly number[];
  private readonly timeoutMs: number;
  private readonly attentionDelayMs: number;

  constructor(
    private readonly db: DataSource,
    private readonly options: ChatOutboxOptions,
  ) {
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.attentionDelayMs = options.attentionDelayMs ?? DAY_MS;
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
    await Promise.all(this.lanes.values());
  }

  /** Something new to send, or sooner: every receiver whose lane is free sends its due delivery now. */
  wake(): void {
    try {
      this.startDue();
    } catch (error) {
      // Called from a lane's end too, where a throw would be an unhandled rejection: logged; the next event wakes it.
      this.options.log(`Chat deliveries failed: ${(error as Error).message}`);
    }
  }

  private startDue(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const now = Date.now();
    let next = Infinity;
    for (const row of this.heads()) {
      if (this.lanes.has(row.receiver)) continue;
      const due = Date.parse(row.nextAttemptOn);
      if (due > now) {
        next = Math.min(next, due);
        continue;
      }
      const lane = this.send(row)
        .catch((error: unknown) => this.options.log(`Chat deliveries failed: ${(error as Error).message}`))
        .finally(() => {
          this.lanes.delete(row.receiver);
          this.wake();
        });
      this.lanes.set(row.receiver, lane);
    }
    if (!Number.isFinite(next)) return;
    this.timer = setTimeout(() => this.wake(), Math.max(0, Math.min(next - now, 2 ** 31 - 1)));
    this.timer.unref();
  }

  /** A receiver's waiting deliveries are due now (an admin's "Try again now", or a mended receiver). */
  retryNow(receiver: string): void {
    const now = new Date().toISOString();
    writeTransaction(this.db, (sql) => updateRows(sql, deliveries, { receiver, deliveredOn: null }, { nextAttemptOn: now }));
    if (this.lanes.has(receiver)) this.retryAsked.add(receiver);
    this.wake();
  }

  private heads(): ChatDeliveryRow[] {
    return (statement(sqliteOf(this.db), HEADS).all() as Record<string, unknown>[]).map((raw) => deliveries.fromSql(raw));
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
      const answer = await sendToReceiver({ ...request, body: row.body, timeoutMs: this.timeoutMs, club: clubEndpoints(this.options.clubAddresses()) });
      status = answer.status;
      if (status < 200 || status > 299) {
        error = [`HTTP ${status}`, reasonOf(answer.text, request.secrets)].filter(Boolean).join(' ');
        retryAfterMs = retryAfter(answer);
      }
    } catch (failure) {
      error = (failure as Error).message || 'unreachable';
    }
    const triedOn = new Date().toISOString();
    const refusals = status !== null && REFUSALS.has(status) ? row.refusals + 1 : 0;
    writeTransaction(this.db, (sql) => {
      if (!error) {
        updateRows(
          sql,
          deliveries,
          { id: row.id },
          { deliveredOn: triedOn, lastTriedOn: triedOn, lastStatus: status, lastError: null, attempts: row.attempts + 1, refusals: 0 },
        );
        return;
      }
      const pause = refusals >= REFUSALS_FOR_ATTENTION ? this.attentionDelayMs : this.retryDelaysMs[Math.min(row.attempts, this.retryDelaysMs.length - 1)]!;
      const delay = this.retryAsked.delete(row.receiver) ? 0 : Math.max(pause, retryAfterMs);
      const nextAttemptOn = new Date(Date.now() + delay).toISOString();
      updateRows(
        sql,
        deliveries,
        { id: row.id },
        { attempts: row.attempts + 1, lastTriedOn: triedOn, lastStatus: status, lastError: error.slice(0, ERROR_MAX), nextAttemptOn, refusals },
      );
    });
    if (error) this.options.log(`Chat delivery ${row.deliveryId} (${row.event}) to ${receiverName(row.receiver)} failed: ${error}; it will be tried again.`);
  }

  private requestFor(row: ChatDeliveryRow): { url: string; method: string; headers: Record<string, string>; secrets: string[] } | null {
    if (row.receiver === MATRIX_RECEIVER) {
      const matrix = this.options.matrix();
      if (!matrix) return null;
      return {
        url: matrixUrl(matrix.homeserver, `/rooms/${encodeURIComponent(matrix.roomId)}/send/m.room.message/${encodeURIComponent(row.deliveryId)}`),
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${matrix.accessToken}` },
        secrets: [matrix.accessToken],
      };
    }
    const hook = findRow(sqliteOf(this.db), webhookTable, { id: webhookIdOf(row.receiver) });
    if (!hook) return null;
    return {
      url: hook.url,
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'Bookclub-Webhook/1',
        'X-Bookclub-Event': row.event,
        ...signatureHeaders(hook.secret, row.deliveryId, row.body, new Date()),
      },
      secrets: [hook.secret, hook.url],
    };
  }
}

export const MATRIX_RECEIVER = 'matrix';
export const webhookReceiver = (webhookId: number) => `hook:${webhookId}`;
export const webhookIdOf = (receiver: string) => Number(receiver.slice('hook:'.length));
/** A Matrix client-server API address under a homeserver's base address, which may have a path of its own. */
export const matrixUrl = (homeserver: string, path: string) => `${homeserver.replace(/\/+$/, '')}/_matrix/client/v3${path}`;
/** How a log names a receiver: never by its address, which may hold a token (Discord's do). */
const receiverName = (receiver: string) => (receiver === MATRIX_RECEIVER ? 'the Matrix room' : `webhook ${webhookIdOf(receiver)}`);

/** A 429's wish: Retry-After (seconds) or Matrix's retry_after_ms; 0 when it says nothing. */
function retryAfter(answer: ReceiverAnswer): number {
  if (answer.status !== 429) return 0;
  const header = Number(answer.headers['retry-after']);
  if (Number.isFinite(header) && header > 0) return Math.min(header * 1000, 60 * 60_000);
  const wish = jsonOf(answer.text)?.retry_after_ms;
  return typeof wish === 'number' ? Math.min(Math.max(0, wish), 60 * 60_000) : 0;
}

function jsonOf(text: string | null): Record<string, unknown> | null {
  try {
    const value = JSON.parse(text ?? '') as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The receiver's own reason for a refusal, short and on one line: Matrix's `errcode: error`, Discord's or
 * Slack's `message` / `error`, or the start of a plain-text answer. A token or secret it might echo is cut out.
 */
export function reasonOf(text: string | null, secrets: string[] = []): string {
  const json = jsonOf(text);
  const said = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
  let reason = json
    ? [said(json.errcode), said(json.error) || said(json.message) || said(json.detail) || said(json.title)].filter(Boolean).join(': ')
    : /^\s*</.test(text ?? '')
      ? ''
      : (text ?? '');
  for (const secret of secrets) if (secret) reason = reason.split(secret).join('…');
  // eslint-disable-next-line no-control-regex
  reason = reason.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
  return reason.length > REASON_MAX ? `${reason.slice(0, REASON_MAX - 1)}…` : reason;
}
