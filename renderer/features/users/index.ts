// What other features may use of users; the rest of the folder is its own (npm run lint holds them to this).
export { UserAvatar } from './UserAvatar';
export { profileChanged, usersQuery, useUsers } from './queries';
export { displayName, moderatorsFirst, profilePath } from './selectors';
