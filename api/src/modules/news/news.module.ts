import { Module } from '@nestjs/common';
import { CreateNewsPostHandler } from './commands/create-news-post/create-news-post.handler.js';
import { DeleteCommentHandler } from './commands/delete-comment/delete-comment.handler.js';
import { DeleteNewsPostHandler } from './commands/delete-news-post/delete-news-post.handler.js';
import { PostCommentHandler } from './commands/post-comment/post-comment.handler.js';
import { RecordPostViewHandler } from './commands/record-post-view/record-post-view.handler.js';
import { SetPostLikeHandler } from './commands/set-post-like/set-post-like.handler.js';
import { UpdateNewsPostHandler } from './commands/update-news-post/update-news-post.handler.js';
import { CommentModerationRepository } from './comment-moderation.repository.js';
import { CommentTextSample } from './comment-text-sample.service.js';
import { MemberCommentsService } from './member-comments.service.js';
import { NewsAdminController } from './news-admin.controller.js';
import { NewsPostVenues } from './news-post-venues.service.js';
import { NewsPostsRepository } from './news-posts.repository.js';
import { NewsController } from './news.controller.js';
import { PostCommentsRepository } from './post-comments.repository.js';
import { CommentRewardsTonightHandler } from './queries/comment-rewards-tonight/comment-rewards-tonight.handler.js';
import { ListAdminCommentsHandler } from './queries/list-admin-comments/list-admin-comments.handler.js';
import { ListNewsFeedHandler } from './queries/list-news-feed/list-news-feed.handler.js';
import { ListPostCommentsHandler } from './queries/list-post-comments/list-post-comments.handler.js';

@Module({
  controllers: [NewsController, NewsAdminController],
  providers: [
    NewsPostsRepository,
    NewsPostVenues,
    PostCommentsRepository,
    CommentModerationRepository,
    CommentTextSample,
    MemberCommentsService,
    CreateNewsPostHandler,
    UpdateNewsPostHandler,
    DeleteNewsPostHandler,
    SetPostLikeHandler,
    RecordPostViewHandler,
    PostCommentHandler,
    DeleteCommentHandler,
    ListNewsFeedHandler,
    ListPostCommentsHandler,
    ListAdminCommentsHandler,
    CommentRewardsTonightHandler,
  ],
  exports: [MemberCommentsService],
})
export class NewsModule {}
