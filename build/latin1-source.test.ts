import { describe, expect, it } from 'vitest';
import { latin1Source } from './latin1-source.mjs';

describe('a bundle written in Latin-1', () => {
  it('escapes every character beyond Latin-1 and leaves the rest as it was', () => {
    const source = '/** the “foo” event — café 😀 */\nexport const a = "x";\n';
    const written = latin1Source(source);
    expect(written).toBe('/** the \\u201cfoo\\u201d event \\u2014 café \\ud83d\\ude00 */\nexport const a = "x";\n');
    expect([...written].every((character) => character.charCodeAt(0) <= 0xff)).toBe(true);
  });

  it('means the same where a string holds such a character', () => {
    const source = 'return "Kniha — “Žena” 😀";';
    expect(new Function(latin1Source(source))()).toBe(new Function(source)());
  });
});
