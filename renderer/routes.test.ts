import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PAGE_PATTERNS, pages, type PageName } from '../shared/pages';
import { appRoutes, fullScreenRoutes } from './routes';

function pathsOf(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [...(route.path ? [route.path] : []), ...pathsOf(route.children ?? [])]);
}

/** One address of each page, as the app's links build them. */
const someAddress: Record<PageName, string> = {
  home: pages.home(),
  setup: pages.setup(),
  passwordReset: pages.passwordReset({ userId: 'u-1', token: 't' }),
  host: pages.host(),
  joinSheet: pages.joinSheet('http://192.168.1.5:3000'),
  admin: pages.admin(),
  rounds: pages.rounds(),
  discussion: pages.discussion(3),
  post: pages.post(3, 12),
  poll: pages.poll(4),
  meetings: pages.meetings(),
  meeting: pages.meeting(5),
  room: pages.room(5),
  display: pages.display('abc_DEF-9'),
  recommendations: pages.recommendations(),
  recommendation: pages.recommendation(7),
  books: pages.books(),
  book: pages.book(2),
  readingPart: pages.readingPart(2, 9),
  search: pages.search(),
  members: pages.members(),
  stats: pages.stats(),
  member: pages.member('a+b@x.test', 'edit'),
};

describe('the app’s routes', () => {
  it('are the page table’s patterns, each once, and the not-found page', () => {
    expect(pathsOf([...fullScreenRoutes, ...appRoutes]).sort()).toEqual([...Object.values(PAGE_PATTERNS), '*'].sort());
  });

  it('show each page at the address its links build', () => {
    for (const [name, address] of Object.entries(someAddress)) {
      const matched = matchRoutes([...fullScreenRoutes, ...appRoutes], address)?.at(-1)?.route.path;
      expect(matched, address).toBe(PAGE_PATTERNS[name as PageName]);
    }
  });
});
