import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { toFtsQuery } from './search-query';

const keyOf = (input: string) => {
  try {
    toFtsQuery(input);
    return null;
  } catch (error) {
    return (error as AppError).key;
  }
};

describe('search query', () => {
  it('ANDs words, each quoted so nothing is syntax', () => {
    expect(toFtsQuery('dune herbert')).toBe('"dune" AND "herbert"');
    expect(toFtsQuery('cats OR dogs')).toBe('"cats" AND "OR" AND "dogs"');
    expect(toFtsQuery('title:dune')).toBe('"title" AND "dune"');
  });

  it('makes a trailing * a prefix, and keeps quoted phrases whole', () => {
    expect(toFtsQuery('kniha*')).toBe('"kniha"*');
    expect(toFtsQuery('"the left hand" darkness')).toBe('"the left hand" AND "darkness"');
    expect(toFtsQuery('"harry pott"*')).toBe('"harry pott"*');
  });

  it('splits on punctuation as the index does, and keeps diacritics for the index to fold', () => {
    expect(toFtsQuery('sci-fi')).toBe('"sci" AND "fi"');
    expect(toFtsQuery('čítať')).toBe('"čítať"');
  });

  it('refuses what is too short, unclosed or empty of words, each with its own reason', () => {
    expect(keyOf('  ab ')).toBe('searchTooShort');
    expect(keyOf('"unclosed phrase')).toBe('searchUnclosedQuote');
    expect(keyOf('*** ---')).toBe('searchNoWords');
    expect(keyOf('abc')).toBeNull();
  });
});

describe('search query bounds', () => {
  it('refuses a query over 500 characters, and one with more than 32 distinct words', () => {
    expect(keyOf('a'.repeat(500))).toBeNull();
    expect(keyOf('a'.repeat(501))).toBe('searchTooLong');
    expect(keyOf(' '.repeat(10_000) + 'abc')).toBe('searchTooLong');
    expect(keyOf(Array.from({ length: 33 }, (_, i) => `word${i}`).join(' '))).toBe('searchTooManyWords');
    expect(toFtsQuery('dune dune dune dune')).toBe('"dune"');
  });

});
