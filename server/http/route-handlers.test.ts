import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { answer, idParam, route } from '../../shared/api/contract';
import type { SignedIn } from './context';
import { contractRouter } from './contract-routes';
import { routeImplementer } from './route-handlers';

// Handlers are keyed by route name and typed from the contract. Each `@ts-expect-error` below is a mistake
// the compiler must refuse: `npm run typecheck` (tsc -p tsconfig.node.json covers server tests) fails on any
// of them it lets through, as an unused directive. The run-time checks behind the types are tested alongside.

interface Member extends SignedIn {
  name: string;
}

const upload = { field: 'file', maxBytes: 10, mediaTypes: ['text/plain'], description: 'A file.', tooLargeKey: 'tooLarge', missingKey: 'missing' };

const thingsApi = {
  get: route({
    operationId: 'getThing',
    method: 'get',
    path: '/api/things/{thingId}',
    tag: 'Home',
    summary: 'A thing.',
    who: 'member',
    params: { thingId: idParam('thing', 'thingNotFound') },
    answer: answer.one(z.object({ name: z.string() }), 'The thing.'),
  }),
  rename: route({
    operationId: 'renameThing',
    method: 'post',
    path: '/api/things',
    tag: 'Home',
    summary: 'Renames a thing.',
    who: 'member',
    body: z.object({ name: z.string() }),
    answer: answer.yes('Renamed.'),
  }),
  attach: route({
    operationId: 'attachToThing',
    method: 'post',
    path: '/api/things/attachment',
    tag: 'Home',
    summary: 'Attaches a file.',
    who: 'member',
    upload,
    answer: answer.yes('Attached.'),
  }),
};

const otherApi = {
  ping: route({ operationId: 'ping', method: 'get', path: '/api/ping', tag: 'Home', summary: 'Ping.', who: 'anonymous', answer: answer.yes('Pong.') }),
};

const implement = routeImplementer<Member>();
const yes = () => true as const;
const thing = { handler: () => ({ name: 'Solaris' }), cached: 'for-everyone' } as const;

describe('handlers keyed by route name', () => {
  it('takes one handler per route, with the types its contract gives', () => {
    const set = implement(thingsApi, {
      get: { handler: ({ params, user }) => ({ name: `${params.thingId.toFixed(0)} for ${user.name}` }), cached: 'per-member' },
      rename: ({ body }) => {
        const name: string = body.name;
        expect(name).toBeTypeOf('string');
        return true;
      },
      attach: {
        handler: ({ upload: bytes }) => {
          const file: Buffer = bytes;
          expect(file).toBeInstanceOf(Buffer);
          return true;
        },
        aroundUpload: (_input, next) => next(),
      },
    });
    expect(set.group).toBe(thingsApi);
    expect(set.routes.map((bound) => [bound.contract.operationId, bound.cached ?? null, !!bound.aroundUpload])).toEqual([
      ['getThing', 'per-member', false],
      ['renameThing', null, false],
      ['attachToThing', null, true],
    ]);
  });

  it('refuses a route left out, at compile time and at run time', () => {
    // @ts-expect-error: rename has no handler.
    expect(() => implement(thingsApi, { get: thing, attach: yes })).toThrow('No handler for renameThing');
  });

  it('refuses a route name the contract does not have, and a misspelt one', () => {
    // @ts-expect-error: the contract has no route called delete.
    expect(() => implement(thingsApi, { get: thing, rename: yes, attach: yes, delete: yes })).toThrow('routes the contract does not have: delete');
    // @ts-expect-error: renam is not rename (and rename is missing).
    expect(() => implement(thingsApi, { get: thing, renam: yes, attach: yes })).toThrow('routes the contract does not have: renam');
  });

  it('refuses a handler that takes or answers the wrong shapes', () => {
    implement(thingsApi, {
      get: ({ params }) => {
        // @ts-expect-error: the id is read as a number, not a string.
        const id: string = params.thingId;
        return { name: id };
      },
      // @ts-expect-error: the body has a name and no title.
      rename: ({ body }) => body.title.length > 0,
      attach: yes,
    });
    implement(thingsApi, {
      // @ts-expect-error: the answer's name is a string.
      get: () => ({ name: 42 }),
      // @ts-expect-error: the answer is `true`, nothing else.
      rename: () => 'renamed',
      attach: yes,
    });
  });

  it('keeps only reads, and runs around only uploads', () => {
    // @ts-expect-error: a write is never kept.
    expect(() => implement(thingsApi, { get: thing, rename: { handler: yes, cached: 'for-everyone' }, attach: yes })).toThrow('renameThing is not a read');
    // @ts-expect-error: rename has no upload to run around.
    expect(() => implement(thingsApi, { get: thing, rename: { handler: yes, aroundUpload: (_input, next) => next() }, attach: yes })).toThrow(
      'renameThing has no upload',
    );
  });
});

describe('the router of every feature', () => {
  const api = { things: thingsApi, other: otherApi };
  const things = implement(thingsApi, { get: thing, rename: yes, attach: yes });
  const other = implement(otherApi, { ping: yes });

  it('registers every feature given', () => {
    const router = contractRouter<typeof api, Member>(api, { things, other });
    expect(router.stack.map((layer) => layer.name)).toEqual(['getThing', 'renameThing', 'attachToThing', 'ping']);
  });

  it('refuses a feature left out, at compile time and at run time', () => {
    // @ts-expect-error: other has no routes.
    expect(() => contractRouter<typeof api, Member>(api, { things })).toThrow('No handler for ping');
  });

  it("refuses a feature given another's routes", () => {
    // @ts-expect-error: other is given the things routes.
    expect(() => contractRouter<typeof api, Member>(api, { things, other: things })).toThrow('getThing has two handlers');
  });

  it('refuses routes made for another kind of account than the router signs in', () => {
    const forSignedIn = routeImplementer<SignedIn>()(otherApi, { ping: yes });
    // Handlers for any signed-in account serve a router of members...
    contractRouter<typeof api, Member>(api, { things, other: forSignedIn });
    // @ts-expect-error: ...but handlers that need a member's name cannot serve a router that may not have one.
    contractRouter<typeof api, SignedIn>(api, { things, other });
  });
});
