// Stand-ins for the two ends of Electron's utility-process channel, shared by the desktop shell's tests.
import { EventEmitter } from 'node:events';
import type { ServerConfig } from '../../server/settings';
import type { MainMessage, ServerMessage } from '../messages';
import type { ServerChild } from '../server-host';
import type { ParentPortLike } from '../server-runner';

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    dataDir: '/tmp/bookclub-test/data',
    port: 8080,
    host: '0.0.0.0',
    siteName: 'Bookclub',
    defaultLanguage: 'en',
    matrixRoomLink: null,
    smtpUrl: null,
    rendererDir: null,
    quiet: true,
    ...overrides,
  };
}

/** The main side's view of the utility process, as UtilityProcess behaves: kill() is followed by "exit". */
export class FakeChild extends EventEmitter implements ServerChild {
  readonly posted: MainMessage[] = [];
  killed = false;

  postMessage(message: MainMessage): void {
    this.posted.push(message);
  }

  kill(): boolean {
    if (this.killed) return false;
    this.killed = true;
    queueMicrotask(() => this.emit('exit', 15));
    return true;
  }

  /** What the server process would post. */
  answer(message: ServerMessage | Record<string, unknown>): void {
    this.emit('message', message);
  }
}

/** The server side's view of the main process. */
export class FakeParentPort extends EventEmitter implements ParentPortLike {
  readonly posted: ServerMessage[] = [];

  postMessage(message: ServerMessage): void {
    this.posted.push(message);
    this.emit('posted', message);
  }

  /** What the main process would send; Electron wraps it in a MessageEvent. */
  send(message: MainMessage | Record<string, unknown>): void {
    this.emit('message', { data: message });
  }

  /** Resolves with the next message of this type the server side posts. */
  next<T extends ServerMessage['type']>(type: T): Promise<Extract<ServerMessage, { type: T }>> {
    return new Promise((resolve) => {
      const listener = (message: ServerMessage) => {
        if (message.type !== type) return;
        this.off('posted', listener);
        resolve(message as Extract<ServerMessage, { type: T }>);
      };
      this.on('posted', listener);
    });
  }
}
