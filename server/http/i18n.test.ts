import { describe, expect, it } from 'vitest';
import { requestLanguage, translate } from './i18n';

describe('request language', () => {
  it('takes the best of en and sk by quality, else the default', () => {
    expect(requestLanguage('de;q=1, sk;q=0.5, en;q=0.4')).toBe('sk');
    expect(requestLanguage('en-GB')).toBe('en');
    expect(requestLanguage('fr', 'sk')).toBe('sk');
    expect(requestLanguage(undefined, 'sk')).toBe('sk');
    expect(requestLanguage('sk;q=0, en')).toBe('en');
  });

  it('tolerates Obskurnee\'s "Bearer sk" and space around the quality', () => {
    expect(requestLanguage('Bearer sk')).toBe('sk');
    expect(requestLanguage('sk; q=0.5, en; q=0.7', 'sk')).toBe('en');
  });

  it('gives a wildcard the default', () => {
    expect(requestLanguage('*', 'sk')).toBe('sk');
    expect(requestLanguage('*')).toBe('en');
  });
});

describe('translate', () => {
  it('fills placeholders and falls back to English', () => {
    expect(translate('sk', 'errors:routeNotFound', { method: 'GET', path: '/x' })).toBe('Toto API nemá GET /x.');
    expect(translate('sk', 'errors:no.such.key')).toBe('errors:no.such.key');
  });

  it('reads a key without a namespace from errors, and leaves unknown placeholders and markup alone', () => {
    expect(translate('en', 'routeNotFound', { method: 'GET', path: '/<b>' })).toBe(translate('en', 'errors:routeNotFound', { method: 'GET', path: '/<b>' }));
    expect(translate('en', 'errors:routeNotFound', { method: 'GET' })).toContain('{{path}}');
    expect(translate('en', 'errors:routeNotFound', { method: 'GET', path: '/<b>' })).toContain('/<b>');
  });

  it('answers a key that names a group of texts with the key', () => {
    expect(translate('en', 'errors:title')).toBe('errors:title');
  });
});
