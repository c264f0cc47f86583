import { describe, expect, it } from 'vitest';
import { defaultMailFrom } from './mail-from';

describe('the default From', () => {
  it("is the site name at PUBLIC_URL's host, or at localhost without one or for an IP address", () => {
    expect(defaultMailFrom('Book Club', 'https://club.example.org')).toBe('"Book Club" <bookclub@club.example.org>');
    expect(defaultMailFrom('Book Club', undefined)).toBe('"Book Club" <bookclub@localhost>');
    expect(defaultMailFrom('Book Club', 'http://192.168.1.20:8080')).toBe('"Book Club" <bookclub@localhost>');
    expect(defaultMailFrom('Book Club', 'http://[::1]:8080')).toBe('"Book Club" <bookclub@localhost>');
    expect(defaultMailFrom('The "Readers", Inc.', 'http://localhost:8080')).toBe('"The \\"Readers\\", Inc." <bookclub@localhost>');
  });
});
