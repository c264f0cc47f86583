import type { Profile } from '../../shared/api/accounts';

export interface NavLinkItem {
  to: string;
  labelKey: string;
}

/** Which links a visitor, a member and a moderator see (SPEC section 2, "Navigation bar"). */
export function navLinksFor(profile: Profile | null): NavLinkItem[] {
  const links: NavLinkItem[] = [{ to: '/', labelKey: 'nav.home' }];
  if (!profile) return links;
  links.push(
    { to: '/knihy', labelKey: 'nav.books' },
    { to: '/navrhy', labelKey: 'nav.voting' },
    { to: '/odporucania', labelKey: 'nav.recommendations' },
    { to: '/my', labelKey: 'nav.aboutUs' },
    { to: '/hladanie', labelKey: 'nav.search' },
  );
  if (profile.isModerator) links.push({ to: '/admin', labelKey: 'nav.admin' });
  return links;
}
