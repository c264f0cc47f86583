import { describe, expect, it } from 'vitest';
import { addToRanking, dropIndex, moveBy, moveTo, neighbourAfterLeaving, removeFromRanking, unrankedOf } from './ranking';

// Dune 1, Emma 2, Solaris 3, Ulysses 4.
const ranked = [1, 2, 3, 4];

describe('a ranking being put together', () => {
  it('moves an option one place up or down, and not past either end', () => {
    expect(moveBy(ranked, 3, -1)).toEqual([1, 3, 2, 4]);
    expect(moveBy(ranked, 3, 1)).toEqual([1, 2, 4, 3]);
    expect(moveBy(ranked, 1, -1)).toBe(ranked);
    expect(moveBy(ranked, 4, 1)).toBe(ranked);
  });

  it('moves an option to any place, clamped to the list, leaving the order it was given alone', () => {
    const given = [...ranked];
    expect(moveTo(given, 4, 0)).toEqual([4, 1, 2, 3]);
    expect(moveTo(given, 1, 2)).toEqual([2, 3, 1, 4]);
    expect(moveTo(given, 1, 99)).toEqual([2, 3, 4, 1]);
    expect(moveTo(given, 2, -5)).toEqual([2, 1, 3, 4]);
    expect(given).toEqual(ranked);
  });

  it('answers the same order when nothing moves, or the option is not ranked', () => {
    expect(moveTo(ranked, 2, 1)).toBe(ranked);
    expect(moveTo(ranked, 9, 0)).toBe(ranked);
    expect(moveBy(ranked, 9, -1)).toBe(ranked);
  });

  it('adds an option last and takes one out; the options left out keep the poll’s order', () => {
    expect(addToRanking([3], 1)).toEqual([3, 1]);
    expect(addToRanking([3, 1], 3)).toEqual([3, 1]);
    expect(removeFromRanking([3, 1, 2], 1)).toEqual([3, 2]);
    expect(unrankedOf(ranked, [3, 1])).toEqual([2, 4]);
    expect(unrankedOf(ranked, [])).toEqual(ranked);
  });

  it('drops a dragged option below every other option whose middle is above the pointer', () => {
    // The other options' middles at 20, 60 and 100 px.
    expect(dropIndex([20, 60, 100], 5)).toBe(0);
    expect(dropIndex([20, 60, 100], 61)).toBe(2);
    expect(dropIndex([20, 60, 100], 400)).toBe(3);
  });

  it('passes focus to the option that takes the place of one that left a list, else the one before it', () => {
    expect(neighbourAfterLeaving([1, 2, 3], 2)).toBe(3);
    expect(neighbourAfterLeaving([1, 2, 3], 3)).toBe(2);
    expect(neighbourAfterLeaving([1], 1)).toBeNull();
  });
});
