import { describe, expect, it } from 'vitest';
import { splicedJson } from './spliced-json';

describe('spliced JSON', () => {
  it('is the JSON of the whole, whatever parts are shared, and serialises a shared part once', () => {
    const members: { userId?: string; name: string }[] = [
      { userId: 'a', name: 'Anna "A"' },
      { userId: 'b', name: 'Ben\u0000' },
    ];
    const options = Object.freeze([{ postId: 1, title: 'One', html: '<p>1</p>' }]);
    const first = { poll: { options, results: { voted: ['a'], members } }, round: null };
    const second = { poll: { options, results: { voted: ['a', 'b'], members } }, round: null };
    const shared = new Set<object>([members, options]);
    expect(splicedJson(first, shared).toString()).toBe(JSON.stringify(first));
    // The second state reuses the bytes of the first's shared parts: a change to them after would not show.
    members.push({ name: 'late' });
    expect(splicedJson(second, shared).toString()).toBe(
      JSON.stringify({ ...second, poll: { ...second.poll, results: { ...second.poll.results, members: members.slice(0, 2) } } }),
    );
    expect(splicedJson({ nothing: 'shared' }, new Set()).toString()).toBe('{"nothing":"shared"}');
  });
});
