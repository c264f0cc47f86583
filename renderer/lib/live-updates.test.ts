import { EventEmitter } from 'node:events';
import type { Socket } from 'socket.io-client';
import { describe, expect, it, vi } from 'vitest';
import type { DeltaEventPayloads } from '../../shared/events';
import { createLiveUpdates } from './live-updates';

class FakeSocket extends EventEmitter {
  disconnect() {
    return this;
  }
}

function connected() {
  const sockets: FakeSocket[] = [];
  const logged: string[] = [];
  const updates = createLiveUpdates({
    connect: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket as unknown as Socket;
    },
    log: (message) => logged.push(message),
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
});
