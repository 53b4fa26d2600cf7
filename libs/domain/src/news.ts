export const NEWS_CONTENT_TYPES = ['announcement', 'event', 'exclusive_content', 'promotion'] as const;
export type NewsContentType = (typeof NEWS_CONTENT_TYPES)[number];
