// What other features may use of users; the rest of the folder is its own (npm run lint holds them to this).
export { UserAvatar } from './UserAvatar';
export { MemberSearchField, MoreMembers } from './MemberListControls';
export { profileChanged, useMemberPages } from './queries';
export { displayName, profilePath } from './selectors';
export { useTypedSearch } from './use-member-search';
