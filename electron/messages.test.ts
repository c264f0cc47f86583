import { describe, expect, it } from 'vitest';
import { parseServerMessage } from './messages';

describe('the server process\'s "started" message', () => {
  it('carries the setup code another computer needs', () => {
    expect(parseServerMessage({ type: 'started', port: 8080, urls: [], setupCode: 'ABCD-EFGH' })).toEqual({
      type: 'started',
      port: 8080,
      urls: [],
      setupCode: 'ABCD-EFGH',
    });
  });

  it('without a setup code (a server process from before them) needs none', () => {
    expect(parseServerMessage({ type: 'started', port: 8080, urls: [] })).toEqual({
      type: 'started',
      port: 8080,
      urls: [],
      setupCode: null,
    });
  });

  it('with a setup code that is not text is not understood', () => {
    expect(parseServerMessage({ type: 'started', port: 8080, urls: [], setupCode: 1234 })).toBeNull();
  });
});
