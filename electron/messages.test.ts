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

describe('the server process\'s "restored" message', () => {
  it('says where the replaced club is kept and whether members stay signed in', () => {
    expect(parseServerMessage({ type: 'restored', keptAs: '/data/before-restore-1', sessionsKept: false })).toEqual({
      type: 'restored',
      keptAs: '/data/before-restore-1',
      sessionsKept: false,
    });
  });

  it('from a server process that does not say whether members stay signed in, leaves it unsaid', () => {
    expect(parseServerMessage({ type: 'restored', keptAs: '/data/bookclub.db.before-restore-1' })).toEqual({
      type: 'restored',
      keptAs: '/data/bookclub.db.before-restore-1',
    });
  });

  it('with a sessionsKept that is not true or false is not understood', () => {
    expect(parseServerMessage({ type: 'restored', keptAs: '/data/before-restore-1', sessionsKept: 'yes' })).toBeNull();
  });
});
