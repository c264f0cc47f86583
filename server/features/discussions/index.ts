// What other features may use of discussions; the rest of the folder is its own (npm run lint holds them to this).
export { closeDiscussionIntoPoll, createDiscussion, createPost, postIdsOf, readDiscussion, readPost } from './discussion-writes';
export { discussionTable, type DiscussionRow } from './discussion.entity';
export type { DiscussionsService } from './discussions.service';
export { postTable, type PostRow } from './post.entity';
