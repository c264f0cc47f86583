import { describe, expect, it } from 'vitest';
import { telLink } from './tel-link';

describe('a phone as members type it', () => {
  it('dials the number it starts with', () => {
    expect(telLink('+421 900 123 456')).toBe('tel:+421900123456');
    expect(telLink('0900/123-456 ext. 12')).toBe('tel:0900123456');
  });

  it('shows anything else as text', () => {
    expect(telLink('1')).toBeNull();
    expect(telLink('call me after 6')).toBeNull();
    expect(telLink('ask Anna')).toBeNull();
  });
});
