import { EventEmitter } from 'node:events';
import type { Socket } from 'socket.io-client';
import { describe, expect, it, vi } from 'vitest';
import type { DeltaEventPayloads } from '../../shared/events';
import { createLiveUpdates } from './live-updates';

class FakeSocket extends EventEmitter {
  disconnected = false;
  disconnect() {
    this.disconnected = true;
    return this;
  }
}

/** The browser's window, as far as the connection listens to it. */
function fakePage() {
  const page = new EventTarget();
  return { page, fire: (event: 'beforeunload' | 'pagehide' | 'pageshow') => page.dispatchEvent(new Event(event)) };
}

function connected(page: EventTarget | null = null) {
  const sockets: FakeSocket[] = [];
  const logged: string[] = [];
  const updates = createLiveUpdates({
    connect: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket as unknown as Socket;
    },
    log: (message) => logged.push(message),
    page,
  });
  return { updates, sockets, logged };
}

const added = { discussionId: 3, version: 1, post: { postId: 5 } } as DeltaEventPayloads['PostAdded'];

describe('live updates', () => {
  it('hand a push to every listener of its event', () => {
    const { updates, sockets } = connected();
    const heard: string[] = [];
    updates.on('PostAdded', (d) => heard.push(`rounds ${d.discussionId}`));
    updates.on('PostAdded', (d) => heard.push(`home ${d.discussionId}`));
    updates.start('token');
    sockets[0]!.emit('PostAdded', added);
    expect(heard).toEqual(['rounds 3', 'home 3']);
  });

  it('stop telling a listener that unsubscribed', () => {
    const { updates } = connected();
    const heard: number[] = [];
    const unsubscribe = updates.on('PostAdded', (d) => heard.push(d.discussionId));
    updates.emit('PostAdded', added);
    unsubscribe();
    updates.emit('PostAdded', added);
    expect(heard).toEqual([3]);
  });

  it('still reach the other listeners when one fails, and log the failure', () => {
    const { updates, logged } = connected();
    const heard: number[] = [];
    updates.on('PostAdded', () => {
      throw new Error('broken listener');
    });
    updates.on('PostAdded', (d) => heard.push(d.discussionId));
    updates.emit('PostAdded', added);
    expect(heard).toEqual([3]);
    expect(logged).toEqual(['A PostAdded listener failed']);
  });

  it('tell whoever listens when the connection is back after a drop', () => {
    const { updates, sockets } = connected();
    let told = 0;
    updates.onReconnected(() => told++);
    updates.start('token');
    sockets[0]!.emit('connect');
    sockets[0]!.emit('disconnect', 'ping timeout');
    return vi.waitFor(() => {
      sockets[1]!.emit('connect');
      expect(told).toBe(1);
    });
  });

  it('report a refused token to the session', () => {
    const { updates, sockets } = connected();
    const refused: string[] = [];
    updates.onRefused((token) => refused.push(token));
    updates.start('revoked');
    sockets[0]!.emit('connect_error', new Error('unauthorized'));
    expect(refused).toEqual(['revoked']);
  });

  describe('when the page is left', () => {
    it('close the connection without a word and plan no reconnect (pagehide)', () => {
      vi.useFakeTimers();
      const { page, fire } = fakePage();
      const { updates, sockets, logged } = connected(page);
      updates.start('token');
      sockets[0]!.emit('connect');
      fire('pagehide');
      // Then the browser closes the page's socket, as it unloads it.
      sockets[0]!.emit('disconnect', 'transport close');
      expect(sockets[0]!.disconnected).toBe(true);
      expect(vi.getTimerCount()).toBe(0);
      vi.runAllTimers();
      expect(sockets).toHaveLength(1);
      expect(logged).toEqual([]);
    });

    it("say nothing of Firefox's closing the socket as the page starts to leave, and plan nothing once it has", () => {
      vi.useFakeTimers();
      const { page, fire } = fakePage();
      const { updates, sockets, logged } = connected(page);
      updates.start('token');
      sockets[0]!.emit('connect');
      fire('beforeunload');
      sockets[0]!.emit('disconnect', 'transport close');
      fire('pagehide');
      expect(vi.getTimerCount()).toBe(0);
      vi.runAllTimers();
      expect(sockets).toHaveLength(1);
      expect(logged).toEqual([]);
    });

    it('connect again, after the usual wait, when the page stays after all (a download, a leave called off)', () => {
      vi.useFakeTimers();
      const { page, fire } = fakePage();
      const { updates, sockets, logged } = connected(page);
      updates.start('token');
      sockets[0]!.emit('connect');
      fire('beforeunload');
      sockets[0]!.emit('disconnect', 'transport close');
      vi.advanceTimersByTime(5_000);
      expect(sockets).toHaveLength(2);
      // Staying, the page has its usual connection back: the next drop is told and mended at once.
      sockets[1]!.emit('connect');
      sockets[1]!.emit('disconnect', 'ping timeout');
      expect(logged).toEqual(['Live updates dropped (ping timeout); reconnecting']);
    });

    it('connect again, and read again what was missed, when the browser shows the page again (pageshow)', () => {
      const { page, fire } = fakePage();
      const { updates, sockets, logged } = connected(page);
      let told = 0;
      updates.onReconnected(() => told++);
      updates.start('token');
      sockets[0]!.emit('connect');
      fire('pagehide');
      fire('pageshow');
      sockets[1]!.emit('connect');
      expect(told).toBe(1);
      expect(logged).toEqual([]);
    });

    it('stop listening to the page once the session ends', () => {
      const { page, fire } = fakePage();
      const { updates, sockets } = connected(page);
      updates.start('token');
      updates.stop();
      fire('pagehide');
      fire('pageshow');
      expect(sockets).toHaveLength(1);
    });
  });
});
