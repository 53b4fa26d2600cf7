/*
 * What the rest of the api may use of the news module (ESLint refuses imports of its other files
 * from outside it): the commands the seed script dispatches, and what account deletion does to a
 * member's comments (NewsModule exports it).
 */
export { CreateNewsPostCommand } from './commands/create-news-post/create-news-post.command.js';
export { PostCommentCommand } from './commands/post-comment/post-comment.command.js';
export { SetPostLikeCommand } from './commands/set-post-like/set-post-like.command.js';
export { MemberCommentsService } from './member-comments.service.js';
