export const NEWS_CONTENT_TYPES = ['announcement', 'event', 'exclusive_content', 'promotion'] as const;
export type NewsContentType = (typeof NEWS_CONTENT_TYPES)[number];

/** Which comments the moderation screen lists: those members see, those staff removed, or both. */
export const COMMENT_VISIBILITIES = ['visible', 'removed', 'all'] as const;
export type CommentVisibility = (typeof COMMENT_VISIBILITIES)[number];
