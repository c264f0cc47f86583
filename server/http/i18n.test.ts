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
});

describe('translate', () => {
  it('fills placeholders and falls back to English', () => {
    expect(translate('sk', 'errors:routeNotFound', { method: 'GET', path: '/x' })).toBe('Toto API nemá GET /x.');
    expect(translate('sk', 'errors:no.such.key')).toBe('errors:no.such.key');
  });
});
