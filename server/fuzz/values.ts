/**
 * Bad values to put in one place of a request: wrong types, huge strings and numbers, awkward unicode.
 * A `RawJson` is written into a body's JSON text as it is, for numbers JSON.stringify cannot write.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Stands for "leave this field out". */
export const OMIT = Symbol('omit');

export interface Mutation {
  label: string;
  value: unknown;
}

export const HUGE = 100_000;

/** Strings that have broken servers before, each with a short name for the failure message. */
export const AWKWARD_STRINGS: readonly Mutation[] = [
  { label: 'empty string', value: '' },
  { label: 'only spaces', value: '   \t  ' },
  { label: `huge string (${HUGE} chars)`, value: 'a'.repeat(HUGE) },
  { label: `huge emoji string (${HUGE / 2} emoji)`, value: '📚'.repeat(HUGE / 2) },
  { label: 'huge line of markdown emphasis', value: '*_'.repeat(HUGE / 4) },
  { label: 'right-to-left override and marks', value: '\u202Eevil\u202C \u200F\u200Emixed\u061C עברית العربية' },
  { label: 'emoji with joiners and flags', value: '👩‍👩‍👧‍👦🏳️‍🌈🇸🇰 📚✨' },
  { label: 'NUL alone', value: '\u0000' },
  { label: 'NUL inside', value: 'ab\u0000cd' },
  { label: 'lone high surrogate', value: 'x\uD800y' },
  { label: 'lone low surrogate', value: '\uDFFF' },
  { label: 'reversed surrogate pair', value: '\uDC00\uD800' },
  { label: 'combining marks pile-up', value: 'Z' + '\u0301\u0308\u0327\u0337'.repeat(500) },
  { label: 'combining mark first', value: '\u0301\u0301start' },
  { label: 'NFKC-changing characters', value: 'ﬁ Ⅸ ｆｕｌｌ ㎏ ﷺ' },
  { label: 'byte order mark', value: '\uFEFFbom' },
  { label: 'control characters and CRLF', value: 'a\r\nb\u0007\u001b[31m\u0085\u2028\u2029' },
  { label: 'SQL', value: `' OR 1=1; DROP TABLE "user"; --` },
  { label: 'FTS syntax', value: '"unclosed NEAR( * OR AND - ^ title:x' },
  { label: 'HTML and script', value: '<script>alert(1)</script><img src=x onerror=alert(1)>' },
  { label: 'format specifiers', value: '%s%n%d{{0}}${x}{0}' },
  { label: 'path traversal', value: '../../../../etc/passwd' },
  { label: 'Slovak diacritics', value: 'Čítať ľúbostné ťažké knihy' },
];

export const AWKWARD_NUMBERS: readonly Mutation[] = [
  { label: 'number 1e308', value: 1e308 },
  { label: 'number -1e308', value: -1e308 },
  { label: 'number 1e400 (Infinity when parsed)', value: new RawJson('1e400') },
  { label: 'number 2**53+1', value: new RawJson('9007199254740993') },
  { label: 'number 99999999999999999999', value: new RawJson('99999999999999999999') },
  { label: 'number -1', value: -1 },
  { label: 'number 0', value: 0 },
  { label: 'number -0', value: new RawJson('-0') },
  { label: 'number 1.5', value: 1.5 },
  { label: 'number 5e-324', value: 5e-324 },
  { label: 'number 2**31', value: 2 ** 31 },
  { label: 'number -(2**63)', value: new RawJson('-9223372036854775808') },
  { label: 'string "NaN"', value: 'NaN' },
  { label: 'string "Infinity"', value: 'Infinity' },
  { label: 'string "1e3"', value: '1e3' },
  { label: 'string " 12 "', value: ' 12 ' },
  { label: 'string "0x10"', value: '0x10' },
  { label: 'string "1.5"', value: '1.5' },
  { label: 'string "-1"', value: '-1' },
];

export const WRONG_TYPES: readonly Mutation[] = [
  { label: 'missing', value: OMIT },
  { label: 'null', value: null },
  { label: 'true', value: true },
  { label: 'false', value: false },
  { label: 'number 12345', value: 12345 },
  { label: 'string "12345"', value: '12345' },
  { label: 'empty object', value: {} },
  { label: 'object', value: { nested: 'value', $gt: '' } },
  { label: 'empty array', value: [] },
  { label: 'array of a string', value: ['x'] },
  { label: 'array of arrays', value: [[1], [2]] },
  { label: 'deeply nested arrays', value: new RawJson('['.repeat(2000) + ']'.repeat(2000)) },
];

/** Mutations of an array field beyond the wrong types: sizes and items. */
export function arrayMutations(validItem: unknown): Mutation[] {
  return [
    { label: `huge array (${HUGE} items)`, value: Array.from({ length: HUGE }, () => validItem) },
    { label: 'array of 501 items', value: Array.from({ length: 501 }, () => validItem) },
    { label: 'array with the same item twice', value: [validItem, validItem] },
    { label: 'array of null', value: [null] },
    { label: 'array of a huge number', value: [new RawJson('99999999999999999999')] },
    { label: 'array of 1.5', value: [1.5] },
    { label: 'array of -1', value: [-1] },
    { label: 'array of 0', value: [0] },
    { label: 'array of 2**53+1', value: [new RawJson('9007199254740993')] },
    { label: 'array of an object', value: [{ id: 1 }] },
    { label: 'array of mixed', value: [validItem, 'x', null, {}] },
  ];
}

/** Every mutation of one value, for a field of the given JSON Schema type(s). */
export function valueMutations(types: readonly string[], validValue: unknown, maxLength?: number): Mutation[] {
  const mutations: Mutation[] = [...WRONG_TYPES, ...AWKWARD_STRINGS, ...AWKWARD_NUMBERS];
  if (maxLength !== undefined && maxLength <= HUGE * 5) {
    mutations.push(
      { label: `string of maxLength (${maxLength})`, value: 'm'.repeat(maxLength) },
      { label: `string of maxLength+1 (${maxLength + 1})`, value: 'm'.repeat(maxLength + 1) },
      { label: `string of maxLength+1 in padding spaces`, value: ` ${'s'.repeat(Math.max(0, maxLength - 1))} ` },
    );
  }
  if (types.includes('array')) {
    const item = Array.isArray(validValue) && validValue.length ? validValue[0] : 1;
    mutations.push(...arrayMutations(item));
  }
  return mutations;
}

/** A body's JSON text; RawJson parts are written as they are. */
export function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : jsonText(item))).join(',')}]`;
  if (value && typeof value === 'object') {
    const parts = Object.entries(value)
      .filter(([, item]) => item !== undefined && item !== OMIT)
      .map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item)}`);
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
