import { createHmac } from 'node:crypto';
import zlib from 'node:zlib';
import { MAX_JSON_BODY_BYTES } from '../../shared/constants';
import { AWKWARD_NUMBERS, AWKWARD_STRINGS, HUGE, OMIT, RawJson, jsonText, valueMutations, type Mutation } from './values';
import {
  excerptOf,
  firstNonNullBranch,
  formFields,
  JSON_TYPE,
  jsonBodySchema,
  jsonCase,
  multipart,
  multipartSchema,
  parametersOf,
  pngClaiming,
  TINY_PNG,
  typesOf,
  urlOf,
  validValue,
  type Part,
} from './request-parts';
import { BAD_PATH_VALUES } from './bad-path-values';
import type { CaseContext, Category, FuzzCase, JsonSchema, Operation, CaseRecipe } from './fuzz-model';

export * from './fuzz-model';

/**
 * Fuzz cases made from the OpenAPI document alone: for each operation a valid-looking request built from
 * its documented parameters and body schema, and then that request broken in one place at a time. A new
 * route in the document is fuzzed without editing anything here.
 */

/* ------------------------------------------------------------------------------------------------ */
/* The cases of one operation                                                                         */

const QUERY_LENGTH = 8000; // under Node's 16 KB header limit, with room for the rest of the request

function bodyCases(op: Operation, context: CaseContext, schema: JsonSchema): CaseRecipe[] {
  const url = () => urlOf(op, context);
  const valid = () => validValue(schema, 'body', 'body', context) as Record<string, unknown>;
  const validText = () => jsonText(valid());
  const recipes: CaseRecipe[] = [];
  const add = (category: Category, label: string, make: () => FuzzCase) => recipes.push({ category, label, make });
  const body = (label: string, text: () => string | Buffer, contentType: string | null = JSON_TYPE, headers: Record<string, string> = {}, chunked = false) =>
    add('body', label, () => ({ ...jsonCase('body', label, url(), text(), contentType, headers), ...(chunked ? { chunked } : {}) }));

  // What the document says, as it says it.
  add('baseline', 'valid-looking body', () => jsonCase('baseline', 'valid-looking body', url(), validText()));

  // The body as a whole.
  add('body', 'no body, no content type', () => ({ category: 'body', label: 'no body, no content type', path: url(), headers: {}, excerpt: '(no body)' }));
  body('empty body as JSON', () => '');
  for (const [label, text] of [
    ['top-level null', 'null'],
    ['top-level array', '[]'],
    ['top-level string', '"text"'],
    ['top-level number', '12'],
    ['top-level true', 'true'],
  ] as const) {
    body(label, () => text);
  }
  body('the valid body inside an array', () => `[${validText()}]`);
  for (const [label, text] of [
    ['malformed: lone brace', '{'],
    ['malformed: missing value', '{"a":}'],
    ['malformed: single quotes', "{'a': 1}"],
    ['malformed: bare word', 'nul'],
    ['malformed: NUL byte', '\u0000'],
    ['malformed: NaN literal', '{"a": NaN}'],
  ] as const) {
    body(label, () => text);
  }
  body('malformed: trailing comma', () => validText().replace(/}$/, ',}'));
  body('malformed: garbage after the body', () => `${validText()}garbage`);
  body('malformed: cut in half', () => {
    const text = validText();
    return text.slice(0, Math.max(1, Math.floor(text.length / 2)));
  });
  body('valid body after a byte order mark', () => `\uFEFF${validText()}`);
  body('valid body then a NUL', () => `${validText()}\u0000`);
  body('invalid UTF-8 inside a string', () =>
    Buffer.concat([Buffer.from('{"x":"'), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]), Buffer.from('"}')]),
  );
  body('deeply nested arrays (100000)', () => '['.repeat(100_000) + ']'.repeat(100_000));
  body('deeply nested objects (20000)', () => '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000));
  body('unclosed nesting (100000)', () => '['.repeat(100_000));
  body(`over the size limit (${MAX_JSON_BODY_BYTES + 1024} bytes)`, () => jsonText({ ...valid(), padding: 'p'.repeat(MAX_JSON_BODY_BYTES + 1024) }));

  // Content types other than JSON, and JSON said oddly.
  body('JSON sent as text/plain', validText, 'text/plain');
  body('JSON sent as text/plain, chunked (no Content-Length)', validText, 'text/plain', {}, true);
  body('JSON chunked (no Content-Length)', validText, JSON_TYPE, {}, true);
  body('form-urlencoded', () => new URLSearchParams(formFields(valid())).toString(), 'application/x-www-form-urlencoded');
  add('body', 'multipart form with the fields', () => {
    const { body: data, contentType } = multipart(formFields(valid()).map(([name, value]) => ({ name, data: value })));
    return jsonCase('body', 'multipart form with the fields', url(), data, contentType);
  });
  body('multipart without a boundary', validText, 'multipart/form-data');
  body('JSON as application/xml', validText, 'application/xml');
  body('JSON as application/octet-stream', validText, 'application/octet-stream');
  body('JSON with charset=utf-16', validText, 'application/json; charset=utf-16');
  body('JSON with an unknown charset', validText, 'application/json; charset=x-fuzz');
  body('JSON in UTF-16LE bytes', () => Buffer.from(validText(), 'utf16le'), 'application/json; charset=utf-16le');
  body('JSON in latin1 bytes', () => Buffer.from(validText().replace(/"Fuzz /g, '"Fúzé '), 'latin1'), 'application/json; charset=latin1');
  body('JSON without a content type', () => Buffer.from(validText()), null);
  body('JSON as APPLICATION/JSON', validText, 'APPLICATION/JSON');
  body('JSON as a +json type', validText, 'application/vnd.api+json');
  body('JSON as merge-patch', validText, 'application/merge-patch+json');
  body('malformed content type', validText, 'application/json;;; =');

  // Compression: said but not done, done wrong, and done too well.
  body('gzip said, plain JSON sent', validText, JSON_TYPE, { 'Content-Encoding': 'gzip' });
  body('deflate said, plain JSON sent', validText, JSON_TYPE, { 'Content-Encoding': 'deflate' });
  body('br said, plain JSON sent', validText, JSON_TYPE, { 'Content-Encoding': 'br' });
  body('gzip said, garbage sent', () => Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0xde, 0xad, 0xbe, 0xef, 0x00, 0x00, 0x01, 0x02]), JSON_TYPE, {
    'Content-Encoding': 'gzip',
  });
  body('gzip cut short', () => zlib.gzipSync(validText()).subarray(0, 12), JSON_TYPE, { 'Content-Encoding': 'gzip' });
  body('deflate said, gzip sent', () => zlib.gzipSync(validText()), JSON_TYPE, { 'Content-Encoding': 'deflate' });
  body('gzip twice said, once done', () => zlib.gzipSync(validText()), JSON_TYPE, { 'Content-Encoding': 'gzip, gzip' });
  body('unknown content encoding', validText, JSON_TYPE, { 'Content-Encoding': 'x-fuzz' });
  body('gzip of the valid body', () => zlib.gzipSync(validText()), JSON_TYPE, { 'Content-Encoding': 'gzip' });
  body('deflate of the valid body', () => zlib.deflateSync(validText()), JSON_TYPE, { 'Content-Encoding': 'deflate' });
  body('gzip bomb (8 MB of spaces)', () => zlib.gzipSync(Buffer.alloc(8 * 1024 * 1024, 0x20)), JSON_TYPE, { 'Content-Encoding': 'gzip' });

  // Extra fields: unknown, read-only, prototype pollution, duplicates.
  const extra = (label: string, text: () => string) => add('extra', label, () => jsonCase('extra', label, url(), text()));
  const withPrefix = (prefix: string) => () => {
    const text = validText();
    return text === '{}' ? `{${prefix}}` : `{${prefix},${text.slice(1)}`;
  };
  extra('an unknown field', withPrefix('"fuzzUnknown":"x"'));
  extra('a huge unknown field', withPrefix(`"fuzzUnknown":"${'u'.repeat(HUGE)}"`));
  extra('__proto__ with isAdmin', withPrefix('"__proto__":{"isAdmin":true,"isModerator":true}'));
  extra('constructor.prototype', withPrefix('"constructor":{"prototype":{"isAdmin":true}}'));
  extra('read-only and owner fields', () =>
    jsonText({ ...valid(), ownerId: 'someone-else', userId: 'someone-else', isAdmin: true, isModerator: true, isBot: false, id: 1, createdOn: 'yesterday' }),
  );
  for (const key of Object.keys(schema.properties ?? {})) {
    extra(`duplicate key ${key}, the second wrong`, () => validText().replace(/}$/, `,${JSON.stringify(key)}:{"wrong":[1]}}`));
  }

  // One field at a time.
  for (const [key, property] of Object.entries<JsonSchema>(schema.properties ?? {})) {
    const types = typesOf(property, context.doc);
    const branch = property.anyOf ? firstNonNullBranch(property, context.doc) : property;
    const maxLength = typeof branch?.maxLength === 'number' ? branch.maxLength : undefined;
    for (const mutation of valueMutations(types, validValue(property, key, 'body', context), maxLength)) {
      const label = `field ${key}: ${mutation.label}`;
      add('field', label, () => {
        const value = valid();
        if (mutation.value === OMIT) delete value[key];
        else value[key] = mutation.value;
        return jsonCase('field', label, url(), jsonText(value));
      });
    }
  }
  return recipes;
}

/** Over-the-limit files up to this size are really sent; larger limits are tested by announcing the size. */
const SENT_OVER_LIMIT_MAX = 32 * 1024 * 1024;

function uploadCases(op: Operation, context: CaseContext, schema: JsonSchema): CaseRecipe[] {
  const url = () => urlOf(op, context);
  const binary = Object.entries<JsonSchema>(schema.properties ?? {}).find(([, property]) => property.format === 'binary');
  const field = binary?.[0] ?? 'file';
  const maxBytes = typeof binary?.[1].maxLength === 'number' ? binary[1].maxLength : 5 * 1024 * 1024;
  const recipes: CaseRecipe[] = [];
  const upload = (category: Category, label: string, parts: () => Part[], headers: Record<string, string> = {}) =>
    recipes.push({
      category,
      label,
      make: () => {
        const { body, contentType } = multipart(parts());
        return jsonCase(category, label, url(), body, contentType, headers);
      },
    });
  const png = (data: Buffer, filename = 'cover.png', type = 'image/png'): Part[] => [{ name: field, filename, type, data }];

  upload('baseline', 'a tiny PNG', () => png(TINY_PNG));
  upload('upload', 'no file, a text field only', () => [{ name: 'note', data: 'hello' }]);
  upload('upload', 'the file under another name', () => [{ name: `${field}Fuzz`, filename: 'cover.png', type: 'image/png', data: TINY_PNG }]);
  upload('upload', 'the field as text, not a file', () => [{ name: field, data: 'not a file' }]);
  upload('upload', 'an empty file', () => png(Buffer.alloc(0)));
  upload('upload', 'garbage said to be a PNG', () => png(Buffer.from('this is not an image at all')));
  upload('upload', 'a PNG cut short', () => png(TINY_PNG.subarray(0, 30)));
  upload('upload', 'a PNG claiming 65535 × 65535 pixels', () => png(pngClaiming(65535, 65535)));
  upload('upload', 'a PNG claiming 0 × 0 pixels', () => png(pngClaiming(0, 0)));
  upload('upload', 'a GIF header only', () => png(Buffer.from('GIF89a'), 'a.gif', 'image/gif'));
  upload('upload', 'an SVG with a script', () =>
    png(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'a.svg', 'image/svg+xml'),
  );
  upload('upload', 'a PNG said to be text/html', () => png(TINY_PNG, 'a.html', 'text/html'));
  upload('upload', 'a huge file name (5000 chars)', () => png(TINY_PNG, `${'n'.repeat(5000)}.png`));
  upload('upload', 'a file name with NUL and traversal', () => png(TINY_PNG, '../../\u0000evil.png'));
  upload('upload', 'a file name with RTL override and emoji', () => png(TINY_PNG, 'gnp.\u202Eexe📚.png'));
  upload('upload', 'two files under the field', () => [...png(TINY_PNG), ...png(TINY_PNG, 'second.png')]);
  upload('upload', 'eleven text fields and the file', () => [...Array.from({ length: 11 }, (_, i) => ({ name: `f${i}`, data: 'x' })), ...png(TINY_PNG)]);
  if (maxBytes <= SENT_OVER_LIMIT_MAX) {
    upload('upload', `a file over the limit (${maxBytes + 1} bytes)`, () => png(Buffer.concat([TINY_PNG, Buffer.alloc(maxBytes + 1 - TINY_PNG.length)])));
  } else {
    // Sending gigabytes would only time the test machine: the client announces them, as a real one does.
    recipes.push({
      category: 'upload',
      label: `a file over the limit announced (Content-Length ${maxBytes + 1} and more)`,
      make: () => {
        const { body, contentType } = multipart(png(TINY_PNG));
        return { ...jsonCase('upload', 'a file over the limit announced', url(), body, contentType), declaredLength: maxBytes + 1 + body.length };
      },
    });
  }
  upload('upload', 'gzip said, multipart sent plain', () => png(TINY_PNG), { 'Content-Encoding': 'gzip' });
  const raw = (label: string, data: () => Buffer | string, contentType: string | null, headers: Record<string, string> = {}) =>
    recipes.push({ category: 'upload', label, make: () => jsonCase('upload', label, url(), data(), contentType, headers) });
  raw('JSON instead of multipart', () => JSON.stringify({ [field]: 'x' }), JSON_TYPE);
  raw('malformed JSON instead of multipart', () => '{"avatar":', JSON_TYPE);
  raw('the image as the whole body', () => TINY_PNG, 'image/png');
  raw('text/plain', () => 'hello', 'text/plain');
  raw('multipart without a boundary', () => multipart(png(TINY_PNG)).body, 'multipart/form-data');
  raw('multipart with the wrong boundary', () => multipart(png(TINY_PNG)).body, 'multipart/form-data; boundary=somethingElse');
  raw('multipart cut short', () => multipart(png(TINY_PNG)).body.subarray(0, 120), multipart([]).contentType);
  raw(
    'multipart with a part without headers',
    () => '------fuzzBoundary7MA4YWxkTrZu0gW\r\n\r\nnothing\r\n------fuzzBoundary7MA4YWxkTrZu0gW--\r\n',
    multipart([]).contentType,
  );
  raw('no body at all', () => Buffer.alloc(0), multipart([]).contentType);
  return recipes;
}

/** The operation's valid-looking JSON body, if it takes one, for cases that break something else. */
function validBodyOf(op: Operation, context: CaseContext): Pick<FuzzCase, 'headers' | 'body' | 'excerpt'> {
  const bodySchema = jsonBodySchema(op.operation, context.doc);
  if (!bodySchema) return { headers: {}, excerpt: '(no body)' };
  const body = Buffer.from(jsonText(validValue(bodySchema, 'body', 'body', context)));
  return { headers: { 'Content-Type': JSON_TYPE }, body, excerpt: excerptOf(body) };
}

function pathCases(op: Operation, context: CaseContext): CaseRecipe[] {
  const recipes: CaseRecipe[] = [];
  const bodyOf = () => validBodyOf(op, context);
  for (const param of parametersOf(op.operation).filter((p) => p.in === 'path')) {
    for (const [name, encoded] of BAD_PATH_VALUES) {
      const label = `path {${param.name}}: ${name}`;
      recipes.push({
        category: 'path',
        label,
        make: () => ({ category: 'path', label, path: urlOf(op, context, { path: { [param.name]: encoded } }), ...bodyOf() }),
      });
    }
  }
  for (const param of parametersOf(op.operation).filter((p) => p.in === 'query')) {
    const others = () =>
      parametersOf(op.operation)
        .filter((p) => p.in === 'query' && p.name !== param.name)
        .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(validValue(p.schema, p.name, 'query', context)))}`);
    const name = encodeURIComponent(param.name);
    const valid = () => encodeURIComponent(String(validValue(param.schema, param.name, 'query', context)));
    const variants: [string, () => string | null][] = [
      ['missing', () => null],
      ['empty', () => `${name}=`],
      ['bare name', () => name],
      ['given twice', () => `${name}=${valid()}&${name}=${valid()}`],
      ['given twice, once empty', () => `${name}=&${name}=${valid()}`],
      ['with brackets', () => `${name}[]=${valid()}`],
      ['as a nested key', () => `${name}[a][b]=${valid()}`],
      [`very long (${QUERY_LENGTH} chars)`, () => `${name}=${'q'.repeat(QUERY_LENGTH)}`],
      ['bare percent', () => `${name}=%`],
      ['bad escape %zz', () => `${name}=%zz`],
      ['encoded lone surrogate (invalid UTF-8)', () => `${name}=%ED%A0%80`],
      ['NUL', () => `${name}=%00`],
      ['plus signs and spaces', () => `${name}=+++%20%20`],
    ];
    for (const mutation of [...AWKWARD_STRINGS, ...AWKWARD_NUMBERS] as Mutation[]) {
      if (mutation.value instanceof RawJson) continue;
      const text = typeof mutation.value === 'string' ? mutation.value : JSON.stringify(mutation.value);
      if (text.length > QUERY_LENGTH) continue;
      variants.push([mutation.label, () => `${name}=${encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD'))}`]);
    }
    for (const [variant, query] of variants) {
      const label = `query ${param.name}: ${variant}`;
      recipes.push({
        category: 'query',
        label,
        make: () => {
          const own = query();
          return { category: 'query', label, path: urlOf(op, context, { query: [...others(), ...(own === null ? [] : [own])].join('&') }), ...bodyOf() };
        },
      });
    }
  }
  return recipes;
}

/** For operations that take no body: bodies anyway, unknown query parameters, odd headers. */
function strayCases(op: Operation, context: CaseContext, takesBody: boolean): CaseRecipe[] {
  const recipes: CaseRecipe[] = [];
  const url = () => urlOf(op, context);
  const withQuery = (query: string) => () => {
    const base = url();
    return `${base}${base.includes('?') ? '&' : '?'}${query}`;
  };
  const add = (category: Category, label: string, make: () => FuzzCase) => recipes.push({ category, label, make });
  if (!takesBody) {
    add('baseline', 'as documented', () => ({ category: 'baseline', label: 'as documented', path: url(), headers: {}, excerpt: '(no body)' }));
    const stray = (label: string, text: () => string | Buffer, contentType: string | null = JSON_TYPE, headers: Record<string, string> = {}) =>
      add('body', label, () => jsonCase('body', label, url(), text(), contentType, headers));
    stray('an unexpected JSON body', () => '{"fuzz":true,"__proto__":{"isAdmin":true}}');
    stray('an unexpected malformed JSON body', () => '{"fuzz":');
    stray('an unexpected text/plain body', () => 'hello', 'text/plain');
    stray('an unexpected form body', () => 'a=1&b=2', 'application/x-www-form-urlencoded');
    stray(
      'an unexpected multipart body',
      () => multipart([{ name: 'f', filename: 'f.png', type: 'image/png', data: TINY_PNG }]).body,
      multipart([]).contentType,
    );
    stray('gzip said, garbage sent', () => 'not gzip at all', JSON_TYPE, { 'Content-Encoding': 'gzip' });
    stray('deflate said, garbage sent', () => 'not deflate at all', JSON_TYPE, { 'Content-Encoding': 'deflate' });
    stray(`an unexpected body over the size limit`, () => `{"p":"${'p'.repeat(MAX_JSON_BODY_BYTES + 1024)}"}`);
  }
  const query = (label: string, text: string) =>
    add('extra', label, () => ({ category: 'extra', label, path: withQuery(text)(), ...validBodyOf(op, context) }));
  query('unknown query parameters', 'fuzz=1&__proto__=x&constructor=y&toString=z');
  query('a very long unknown query parameter', `fuzz=${'q'.repeat(QUERY_LENGTH)}`);
  query('query with bad escapes', 'a=%&b=%zz&c=%ED%A0%80&%00=%00');
  const header = (label: string, headers: Record<string, string>) =>
    add('header', label, () => {
      const valid = validBodyOf(op, context);
      return { category: 'header', label, path: url(), ...valid, headers: { ...valid.headers, ...headers } };
    });
  // Tokens that must make nobody a member: the role's own token is replaced.
  const token = (label: string, authorization: () => string) =>
    add('header', label, () => {
      const valid = validBodyOf(op, context);
      return { category: 'header', label, path: url(), ...valid, headers: { ...valid.headers, Authorization: authorization() }, ownToken: true };
    });
  const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = () => ({
    sub: String(context.fixtures.userId ?? 'nobody'),
    sv: 0,
    iat: Math.floor(Date.now() / 1000),
    exp: Math.floor(Date.now() / 1000) + 3600,
  });
  token('a forged unsigned token (alg none) for a member', () => `Bearer ${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims())}.`);
  token('a token signed with another secret', () => {
    const head = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims())}`;
    return `Bearer ${head}.${createHmac('sha256', 'not the club secret').update(head).digest('base64url')}`;
  });
  token('a huge token', () => `Bearer ${'t'.repeat(QUERY_LENGTH)}`);
  token('a token of three empty parts', () => 'Bearer ..');
  token('Basic credentials', () => `Basic ${Buffer.from('host@club.test:password').toString('base64')}`);
  token('Bearer and nothing', () => 'Bearer ');
  header('Accept-Language garbage', { 'Accept-Language': `xx-${'y'.repeat(4000)};q=NaN, *;q=-1, Bearer sk, \u00ff\u00fe` });
  header('Accept text/html only', { Accept: 'text/html' });
  header('Accept-Encoding odd', { 'Accept-Encoding': 'gzip;q=2, br;q=-1, x-fuzz' });
  return recipes;
}

/** Every case of one operation, in a fixed order; a seeded sample of them is sent. */
export function recipesFor(op: Operation, context: CaseContext): CaseRecipe[] {
  const body = jsonBodySchema(op.operation, context.doc);
  const upload = body ? undefined : multipartSchema(op.operation, context.doc);
  return [
    ...(body ? bodyCases(op, context, body) : []),
    ...(upload ? uploadCases(op, context, upload) : []),
    ...pathCases(op, context),
    ...strayCases(op, context, Boolean(body || upload)),
  ];
}
