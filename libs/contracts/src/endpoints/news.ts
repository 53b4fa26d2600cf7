import { AdminCommentList, AdminCommentsQuery } from '../moderation.js';
import {
  CommentRewardsTonight,
  CreateNewsPostRequest,
  DeleteCommentResponse,
  DeleteNewsPostResponse,
  NewsLikeResponse,
  NewsListQuery,
  NewsListResponse,
  NewsPost,
  PostCommentRequest,
  PostCommentResponse,
  PostCommentsPage,
  PostCommentsQuery,
  UpdateNewsPostRequest,
} from '../news.js';
import { IdParams } from '../common.js';
import { SIGNED_IN, MANAGERS, endpoint } from '../endpoint.js';

const postErrors = { 400: 'The id is not a UUID', 404: 'No such post' } as const;

export const createNewsPost = endpoint({
  method: 'POST',
  path: '/api/admin/news',
  summary: 'Publish a news post',
  access: MANAGERS,
  tags: ['news', 'admin'],
  body: CreateNewsPostRequest,
  response: NewsPost,
  status: 201,
  errors: { 400: 'Blank title or content, unknown content type or a bad image path' },
});

export const updateNewsPost = endpoint({
  method: 'PATCH',
  path: '/api/admin/news/:id',
  summary: 'Edit a news post: only the fields sent change; featuredImageUrl null or empty removes the image',
  access: MANAGERS,
  tags: ['news', 'admin'],
  params: IdParams,
  body: UpdateNewsPostRequest,
  response: NewsPost,
  errors: {
    400: 'Bad id, nothing to change, a blank title or content, an unknown content type, or an image that is not a finalized upload',
    404: 'No such post',
  },
});

export const deleteNewsPost = endpoint({
  method: 'DELETE',
  path: '/api/admin/news/:id',
  summary: 'Delete a news post with its comments, likes and views; members keep the points its comments earned',
  access: MANAGERS,
  tags: ['news', 'admin'],
  params: IdParams,
  response: DeleteNewsPostResponse,
  errors: { 400: 'The id is not a UUID', 404: 'No such post' },
});

export const listAdminComments = endpoint({
  method: 'GET',
  path: '/api/admin/comments',
  summary:
    'Comments on every post for moderation, newest first: filter by post, member and status (visible, removed, all), search text, name and e-mail',
  access: MANAGERS,
  tags: ['news', 'admin'],
  query: AdminCommentsQuery,
  response: AdminCommentList,
  // Names, e-mails and balances are the members' (`members`); what a comment earned and what its
  // removal took back are ledger rows.
  conditional: { scopes: ['news_comments', 'news_posts', 'members', 'point_transactions'] },
  errors: { 400: 'Bad limit, cursor, post or member id, status, or an over-long search' },
});

export const removeComment = endpoint({
  method: 'DELETE',
  path: '/api/admin/comments/:id',
  summary:
    'Remove a comment and reverse the points it earned ("Comment removed by staff"): total earned drops by the reward, the balance by what is left of it',
  access: MANAGERS,
  tags: ['news', 'admin'],
  params: IdParams,
  response: DeleteCommentResponse,
  errors: { 400: 'The id is not a UUID', 404: 'No such comment' },
});

export const listNews = endpoint({
  method: 'GET',
  path: '/api/news',
  summary: 'Published news posts, newest first, with whether the member likes each',
  access: SIGNED_IN,
  conditional: { scopes: ['news_posts'], replica: true },
  tags: ['news'],
  query: NewsListQuery,
  response: NewsListResponse,
  errors: { 400: 'Bad limit or cursor' },
});

export const likePost = endpoint({
  method: 'PUT',
  path: '/api/news/:id/like',
  summary: 'Like a post (idempotent)',
  access: SIGNED_IN,
  tags: ['news'],
  params: IdParams,
  response: NewsLikeResponse,
  errors: postErrors,
});

export const unlikePost = endpoint({
  method: 'DELETE',
  path: '/api/news/:id/like',
  summary: 'Unlike a post (idempotent)',
  access: SIGNED_IN,
  tags: ['news'],
  params: IdParams,
  response: NewsLikeResponse,
  errors: postErrors,
});

export const listPostComments = endpoint({
  method: 'GET',
  path: '/api/news/:id/comments',
  summary:
    "One page of a post's comments, oldest first (limit 1..100, default 50; nextCursor null on the last page); opening the first page counts one view per member",
  access: SIGNED_IN,
  // Answers differ per member only in that the first one records their view: a 304 can only
  // follow this member's own earlier answer, so the view is already counted. The ETag covers the
  // url, so each page (cursor, limit) has its own.
  conditional: { scopes: ['news_posts', 'news_comments', 'member_names'] },
  tags: ['news'],
  params: IdParams,
  query: PostCommentsQuery,
  response: PostCommentsPage,
  errors: { 400: 'The id is not a UUID, or a bad limit (over 100) or cursor', 404: 'No such post' },
});

export const getCommentRewards = endpoint({
  method: 'GET',
  path: '/api/news/comment-rewards',
  summary: "What the signed-in member's next comment earns tonight: points per comment and rewards left this club night",
  access: SIGNED_IN,
  tags: ['news'],
  response: CommentRewardsTonight,
});

export const postComment = endpoint({
  method: 'POST',
  path: '/api/news/:id/comments',
  summary: 'Comment on a post; earns POINTS_PER_COMMENT up to the nightly limit (pointsAwarded says which)',
  access: SIGNED_IN,
  tags: ['news'],
  params: IdParams,
  body: PostCommentRequest,
  response: PostCommentResponse,
  status: 201,
  errors: {
    400: 'Bad id, or empty or over-long content',
    404: 'No such post',
    429: 'More than 20 comments in 10 minutes from this member (Retry-After)',
  },
});
