import { EventEmitter } from 'node:events';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import type { Discussion } from '../../shared/api/discussions';
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

const discussion = { discussionId: 3 } as Discussion;

describe('live updates', () => {
  it('hand a push to every listener of its event', () => {
    const { updates, sockets } = connected();
    const heard: string[] = [];
    updates.on('DiscussionChanged', (d) => heard.push(`rounds ${d.discussionId}`));
    updates.on('DiscussionChanged', (d) => heard.push(`home ${d.discussionId}`));
    updates.start('token');
    sockets[0]!.emit('DiscussionChanged', discussion);
    expect(heard).toEqual(['rounds 3', 'home 3']);
  });

  it('stop telling a listener that unsubscribed', () => {
    const { updates } = connected();
    const heard: number[] = [];
    const unsubscribe = updates.on('DiscussionChanged', (d) => heard.push(d.discussionId));
    updates.emit('DiscussionChanged', discussion);
    unsubscribe();
    updates.emit('DiscussionChanged', discussion);
    expect(heard).toEqual([3]);
  });

  it('still reach the other listeners when one fails, and log the failure', () => {
    const { updates, logged } = connected();
    const heard: number[] = [];
    updates.on('DiscussionChanged', () => {
      throw new Error('broken listener');
    });
    updates.on('DiscussionChanged', (d) => heard.push(d.discussionId));
    updates.emit('DiscussionChanged', discussion);
    expect(heard).toEqual([3]);
    expect(logged).toEqual(['A DiscussionChanged listener failed']);
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
