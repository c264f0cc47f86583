import { z } from 'zod';
import { answer, component, field, route, textParam } from './contract';
import { requiredString } from './schema-helpers';

/*
 * Shelves (issue 29): a member links their Goodreads or StoryGraph profile; the club reads its
 * "currently reading" and "read" shelves on a schedule and shows them on the profile. Unlinking takes the
 * link and everything read from it away.
 */

export const SHELF_SITES = ['Goodreads', 'Storygraph'] as const;
export type ShelfSite = (typeof SHELF_SITES)[number];
export const SHELVES = ['currently-reading', 'read'] as const;
export type ShelfName = (typeof SHELVES)[number];

/** A profile link as the club keeps it: which site, the member's id there, and the canonical address. */
export interface ShelfProfile {
  site: ShelfSite;
  externalUserId: string;
  profileUrl: string;
}

const GOODREADS_HOSTS = new Set(['goodreads.com', 'www.goodreads.com', 'm.goodreads.com']);
const STORYGRAPH_HOSTS = new Set(['app.thestorygraph.com', 'thestorygraph.com', 'www.thestorygraph.com']);
/** `/user/show/12345-anna`, or a shelf page `/review/list/12345-anna`: the number is the member's id. */
const GOODREADS_PATH = /^\/(?:user\/show|review\/list(?:_rss)?)\/(\d{1,12})(?:[-_][^/]*)?\/?$/;
/** `/profile/anna`, or one of its shelf pages: the name is the member's id there. */
const STORYGRAPH_PATH = /^\/(?:profile|books-read|currently-reading|to-read)\/([A-Za-z0-9_.-]{1,60})\/?$/;
export const SHELF_PROFILE_URL_MAX = 500;

/**
 * A Goodreads or StoryGraph profile address, as a member copies it from the site (with or without `www.`,
 * http or https, a name after a Goodreads id, a query): its site, id and canonical address; null for
 * anything else. The club only ever builds the feed's address from the id, never from what was typed.
 */
export function parseShelfProfileUrl(text: string): ShelfProfile | null {
  const trimmed = text.trim();
  if (!URL.canParse(trimmed)) return null;
  const url = new URL(trimmed);
  if (!/^https?:$/.test(url.protocol) || url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const path = decodedPath(url.pathname);
  if (path === null) return null;
  if (GOODREADS_HOSTS.has(host)) {
    const id = GOODREADS_PATH.exec(path)?.[1];
    return id ? { site: 'Goodreads', externalUserId: id, profileUrl: `https://www.goodreads.com/user/show/${id}` } : null;
  }
  if (STORYGRAPH_HOSTS.has(host)) {
    const name = STORYGRAPH_PATH.exec(path)?.[1];
    return name && !/^\.+$/.test(name) ? { site: 'Storygraph', externalUserId: name, profileUrl: `https://app.thestorygraph.com/profile/${name}` } : null;
  }
  return null;
}

/** A path with its escapes decoded, or null for a bad one (`/user/show/1%`), which names no profile. */
function decodedPath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/** PUT /api/shelves/{userId}: the profile to link. */
export const shelfLinkSchema = z.object({
  profileUrl: requiredString('validation:shelfProfileRequired')
    .trim()
    .min(1, { error: 'validation:shelfProfileRequired' })
    .max(SHELF_PROFILE_URL_MAX, { error: 'validation:tooLong' })
    .refine((value) => value === '' || parseShelfProfileUrl(value) !== null, { error: 'validation:shelfProfileInvalid' }),
});
export type ShelfLinkInput = z.input<typeof shelfLinkSchema>;

export const shelfEntrySchema = component(
  'ShelfEntry',
  "A book on a member's Goodreads or StoryGraph shelf, as the club last read it.",
  z.object({
    entryId: field.id('shelf entry'),
    shelf: z.enum(SHELVES),
    site: z.enum(SHELF_SITES),
    externalBookId: z.string().describe("The book's id on that site."),
    title: z.string(),
    author: z.string().nullable(),
    series: z.string().nullable().describe('StoryGraph names a series; Goodreads puts it in the title.'),
    url: z.string().nullable().describe("The member's review or the book on that site."),
    imageUrl: z.string().nullable().describe("The site's cover (an address on that site)."),
    rating: z.number().int().min(1).max(5).nullable().describe("The member's stars there; null when none."),
    pageCount: z.number().int().nullable(),
    readOn: field.dateTime().nullable().describe('When they finished it, as they told the site.'),
    addedOn: field.dateTime().nullable().describe('When they put it on the shelf.'),
  }),
);
export type ShelfEntry = z.infer<typeof shelfEntrySchema>;

export const shelfLinkAnswerSchema = component(
  'ShelfLink',
  "A member's linked profile and how its reading goes.",
  z.object({
    site: z.enum(SHELF_SITES),
    profileUrl: z.string(),
    linkedOn: field.dateTime(),
    lastSyncedOn: field.dateTime().nullable().describe('When the shelves were last read whole.'),
    lastTriedOn: field.dateTime().nullable(),
    lastError: z.string().nullable().describe("Why the last reading failed, in the reader's language; null when it went through."),
    nextSyncOn: field.dateTime().nullable().describe('When the club reads them next; null when it reads only when asked.'),
  }),
);
export type ShelfLink = z.infer<typeof shelfLinkAnswerSchema>;

/** The read shelf answers at most this many books (newest first); readCount says how many there are. */
export const READ_SHELF_SHOWN = 300;

export const shelvesSchema = component(
  'Shelves',
  "A member's shelves: the link (or null) and the books on each shelf, in the site's order (newest first).",
  z.object({
    userId: field.userId(),
    link: shelfLinkAnswerSchema.nullable(),
    currentlyReading: z.array(shelfEntrySchema),
    read: z.array(shelfEntrySchema),
    readCount: z.number().int().min(0).describe(`How many books the read shelf holds; the answer lists the first ${READ_SHELF_SHOWN}.`),
  }),
);
export type Shelves = z.infer<typeof shelvesSchema>;

const userIdParam = { userId: textParam("The member's user id.") };

export const shelvesApi = {
  get: route({
    operationId: 'getShelves',
    method: 'get',
    path: '/api/shelves/{userId}',
    tag: 'Shelves',
    summary: "A member's linked profile and their currently-reading and read shelves.",
    who: 'member',
    params: userIdParam,
    answer: answer.one(shelvesSchema, 'The shelves.'),
    errors: { 404: ['userNotFound'] },
  }),
  link: route({
    operationId: 'linkShelves',
    method: 'put',
    path: '/api/shelves/{userId}',
    tag: 'Shelves',
    summary: "Link (or relink) the caller's Goodreads or StoryGraph profile; the shelves are read at once.",
    description:
      'Members link only their own profile. Accepts `https://www.goodreads.com/user/show/{id}` (any name after the id) and ' +
      '`https://app.thestorygraph.com/profile/{name}`. A new link replaces the old one and its books. 503 when the club does not read that site.',
    who: 'member',
    params: userIdParam,
    body: shelfLinkSchema,
    answer: answer.one(shelvesSchema, 'The shelves as now read (the link says when reading failed).'),
    errors: {
      400: ['validation:shelfProfileRequired', 'validation:shelfProfileInvalid'],
      403: ['shelfSync:notYours'],
      404: ['userNotFound'],
      429: ['tooManyRequests'],
      503: ['shelfSync:siteOff'],
    },
  }),
  unlink: route({
    operationId: 'unlinkShelves',
    method: 'delete',
    path: '/api/shelves/{userId}',
    tag: 'Shelves',
    summary: 'Unlink a profile: the link and every book read from it go. Own, or any for moderators.',
    who: 'member',
    params: userIdParam,
    answer: answer.one(shelvesSchema, 'The shelves, now empty.'),
    errors: { 403: ['notYourProfile'], 404: ['userNotFound', 'shelfSync:notLinked'] },
  }),
  sync: route({
    operationId: 'syncShelves',
    method: 'post',
    path: '/api/shelves/{userId}/sync',
    tag: 'Shelves',
    summary: 'Read the linked shelves now. Own, or any for moderators.',
    description:
      'A site that fails or answers what the club cannot read changes nothing: the link then says why. After a site answered 429 or 5xx ' +
      '(or a page too costly to read) it is not asked for a while, longer after each failure, by a link or a "read now" either: the link says so.',
    who: 'member',
    params: userIdParam,
    answer: answer.one(shelvesSchema, 'The shelves as now read.'),
    errors: { 403: ['notYourProfile'], 404: ['userNotFound', 'shelfSync:notLinked'], 429: ['tooManyRequests'], 503: ['shelfSync:siteOff'] },
  }),
};
