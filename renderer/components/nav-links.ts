import type { Profile } from '../../shared/api/accounts';
import { isModerator } from '../../shared/rules';

export interface NavLinkItem {
  to: string;
  labelKey: string;
  /** Other sections the link stands for: a poll belongs to Voting as much as the rounds do. */
  alsoActiveOn?: string[];
}

/** Whether the link is the current section for `pathname`. */
export function isNavLinkActive(link: NavLinkItem, pathname: string): boolean {
  if (link.to === '/') return pathname === '/';
  const within = (base: string) => pathname === base || pathname.startsWith(`${base}/`);
  return within(link.to) || (link.alsoActiveOn ?? []).some(within);
}

/** Which links a visitor, a member and a moderator see (SPEC section 2, "Navigation bar"). */
export function navLinksFor(profile: Profile | null): NavLinkItem[] {
  const links: NavLinkItem[] = [{ to: '/', labelKey: 'nav.home' }];
  if (!profile) return links;
  links.push(
    { to: '/knihy', labelKey: 'nav.books' },
    { to: '/navrhy', labelKey: 'nav.voting', alsoActiveOn: ['/hlasovania'] },
    { to: '/stretnutia', labelKey: 'meetings:nav' },
    { to: '/odporucania', labelKey: 'nav.recommendations' },
    { to: '/my', labelKey: 'nav.aboutUs', alsoActiveOn: ['/statistiky'] },
    { to: '/hladanie', labelKey: 'nav.search' },
  );
  if (isModerator(profile)) links.push({ to: '/admin', labelKey: 'nav.admin' });
  return links;
}
