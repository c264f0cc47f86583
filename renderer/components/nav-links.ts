import type { Profile } from '../../shared/api/accounts';
import { PAGE_PATTERNS, pages, sectionOf } from '../../shared/pages';
import { isModerator } from '../../shared/rules';

export interface NavLinkItem {
  to: string;
  labelKey: string;
  /** Other sections the link stands for: a poll belongs to Voting as much as the rounds do. */
  alsoActiveOn?: string[];
}

/** Whether the link is the current section for `pathname`. */
export function isNavLinkActive(link: NavLinkItem, pathname: string): boolean {
  if (link.to === pages.home()) return pathname === '/';
  const within = (base: string) => pathname === base || pathname.startsWith(`${base}/`);
  return within(link.to) || (link.alsoActiveOn ?? []).some(within);
}

/** Which links a visitor, a member and a moderator see (SPEC section 2, "Navigation bar"). */
export function navLinksFor(profile: Profile | null): NavLinkItem[] {
  const links: NavLinkItem[] = [{ to: pages.home(), labelKey: 'nav.home' }];
  if (!profile) return links;
  links.push(
    { to: pages.books(), labelKey: 'nav.books' },
    { to: pages.rounds(), labelKey: 'nav.voting', alsoActiveOn: [sectionOf(PAGE_PATTERNS.poll)] },
    { to: pages.meetings(), labelKey: 'meetings:nav' },
    { to: pages.recommendations(), labelKey: 'nav.recommendations' },
    { to: pages.members(), labelKey: 'nav.aboutUs', alsoActiveOn: [pages.stats()] },
    { to: pages.search(), labelKey: 'nav.search' },
  );
  if (isModerator(profile)) links.push({ to: pages.admin(), labelKey: 'nav.admin' });
  return links;
}
