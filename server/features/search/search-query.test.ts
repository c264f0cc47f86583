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
  it('ANDs words, each quoted so nothing is syntax, the last also as a prefix', () => {
    expect(toFtsQuery('dune herbert')).toBe('"dune" AND "herbert"*');
    expect(toFtsQuery('title:dune')).toBe('"title" AND "dune"*');
    expect(toFtsQuery('Dune Herb')).toBe('"Dune" AND "Herb"*');
    expect(toFtsQuery('dese')).toBe('"dese"*');
  });

  it('makes a trailing * a prefix, and keeps quoted phrases whole and exact', () => {
    expect(toFtsQuery('kniha*')).toBe('"kniha"*');
    expect(toFtsQuery('kni* lete')).toBe('"kni"* AND "lete"*');
    expect(toFtsQuery('"the left hand" darkness')).toBe('"the left hand" AND "darkness"*');
    expect(toFtsQuery('darkness "the left hand"')).toBe('"darkness" AND "the left hand"');
    expect(toFtsQuery('"harry pott"*')).toBe('"harry pott"*');
  });

  it('splits on punctuation as the index does, and keeps diacritics for the index to fold', () => {
    expect(toFtsQuery('sci-fi novel')).toBe('"sci" AND "fi" AND "novel"*');
    expect(toFtsQuery('čítať')).toBe('"čítať"*');
  });

  it('closes an unclosed quote, the phrase’s last word a prefix as it is being typed', () => {
    expect(toFtsQuery('"sled journey')).toBe('"sled journey"*');
    expect(toFtsQuery('dune "sled jou')).toBe('"dune" AND "sled jou"*');
    expect(toFtsQuery('"sled jo')).toBe('"sled"');
    expect(toFtsQuery('"sl')).toBe('"sl"');
    expect(toFtsQuery('dune "')).toBe('"dune"*');
    expect(toFtsQuery('"" dune')).toBe('"dune"*');
  });

  it('leaves out a last word of one or two letters while it is being typed, unless it is all there is', () => {
    expect(toFtsQuery('dune h')).toBe('"dune"');
    expect(toFtsQuery('dune he')).toBe('"dune"');
    expect(toFtsQuery('dune her')).toBe('"dune" AND "her"*');
    expect(toFtsQuery('le guin')).toBe('"le" AND "guin"*');
    expect(toFtsQuery('ab!')).toBe('"ab"');
  });

  it('drops stray operators, and searches operator words only when they are all there is', () => {
    for (const query of [
      'dune AND',
      'AND dune',
      'dune -',
      '- dune',
      'dune (',
      '( dune )',
      'dune "',
      'dune *',
      '* dune',
      'NEAR( dune',
      'NEAR(dune)',
      'NEAR/2(dune',
      'dune OR',
      'NOT dune',
    ]) {
      expect(toFtsQuery(query), query).toBe('"dune"*');
    }
    expect(toFtsQuery('cats OR dogs')).toBe('"cats" AND "dogs"*');
    expect(toFtsQuery('dune AND herbert')).toBe('"dune" AND "herbert"*');
    expect(toFtsQuery('AND')).toBe('"AND"*');
    expect(toFtsQuery('NOT OR')).toBe('"NOT"');
    expect(toFtsQuery('NEAR(')).toBe('"NEAR"*');
    expect(toFtsQuery('and then')).toBe('"and" AND "then"*');
  });

  it('refuses what is too short or empty of words, each with its own reason', () => {
    expect(keyOf('  ab ')).toBe('searchTooShort');
    expect(keyOf('*** ---')).toBe('searchNoWords');
    expect(keyOf('"""')).toBe('searchNoWords');
    expect(keyOf('( - )')).toBe('searchNoWords');
    expect(keyOf('"unclosed phrase')).toBeNull();
    expect(keyOf('abc')).toBeNull();
  });
});

describe('search query bounds', () => {
  it('refuses a query over 500 characters, and one with more than 32 distinct words', () => {
    expect(keyOf('a'.repeat(500))).toBeNull();
    expect(keyOf('a'.repeat(501))).toBe('searchTooLong');
    expect(keyOf(' '.repeat(10_000) + 'abc')).toBe('searchTooLong');
    expect(keyOf(Array.from({ length: 33 }, (_, i) => `word${i}`).join(' '))).toBe('searchTooManyWords');
    expect(toFtsQuery('dune dune dune dune')).toBe('"dune" AND "dune"*');
    expect(toFtsQuery('dune dune dune dune*')).toBe('"dune" AND "dune"*');
  });
});
