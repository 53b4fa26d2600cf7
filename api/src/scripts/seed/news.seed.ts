import { CommandBus } from '@nestjs/cqrs';
import type { CreateNewsPostRequest } from '@nocturne/contracts';
import { CreateNewsPostCommand, PostCommentCommand, SetPostLikeCommand } from '#modules/news/news.public.js';
import type { SeedContext } from './seed-context.js';

/** The demo's posts are the whole group's (no venues chosen). */
const POSTS: Omit<CreateNewsPostRequest, 'venueIds'>[] = [
  {
    title: 'Welcome to the Nocturne members club',
    content:
      'Membership is free and it starts paying straight away: comment on news to earn points, climb from Bronze to Platinum, and trade points for coupons at the bar. Show your QR code at the door and our staff do the rest.',
    contentType: 'announcement',
    featuredImageUrl: null,
  },
  {
    title: 'Friday Late Session: resident DJs until 4 AM',
    content:
      'Our residents take the main room from 10 PM with deep house into the early hours. Doors at 7 PM, the VIP lounge opens at 9. Members skip the queue before 11 PM.',
    contentType: 'event',
    featuredImageUrl: null,
  },
  {
    title: 'Behind the velvet rope: meet the performers',
    content:
      'This month we sat down with three of our headline performers to talk about choreography, costumes and what a Saturday looks like from the stage. Members-only interview, now in the feed.',
    contentType: 'exclusive_content',
    featuredImageUrl: null,
  },
  {
    title: 'Midweek members special: two-for-one cocktails',
    content:
      'Sunday to Wednesday before 10 PM, show your member QR code at the bar for two signature cocktails for the price of one. One offer per member per night.',
    contentType: 'promotion',
    featuredImageUrl: null,
  },
  {
    title: 'Private rooms now bookable for groups of twelve',
    content:
      'The refurbished private suites now take up to twelve guests, with a dedicated host and bottle service. Send a booking request from the site and we will confirm within 24 hours.',
    contentType: 'announcement',
    featuredImageUrl: null,
  },
  {
    title: 'New Year’s Eve at Nocturne: tickets on sale soon',
    content:
      'A masquerade night with live performers, a midnight champagne toast and the city skyline from the terrace. Gold and Platinum members get first access to tables.',
    contentType: 'event',
    featuredImageUrl: null,
  },
];

const COMMENTS: [member: number, post: number, content: string][] = [
  [0, 1, 'Was there last Friday, the closing set was unreal.'],
  [1, 1, 'Skipping the queue before 11 is a great perk, see you there!'],
  [2, 3, 'Two-for-one espresso martinis on a Tuesday? Count me in.'],
  [3, 2, 'Loved the interview, the costume work is incredible.'],
  [0, 5, 'Already saving my points for a NYE table.'],
];

/**
 * Demo news published by the demo admin, with comments and likes from demo members, all through
 * the same commands as the api: comment rewards land in the ledger and the counts stay right.
 */
export async function seedNews(ctx: SeedContext): Promise<void> {
  const commands = ctx.app.get(CommandBus);
  const postIds: string[] = [];
  for (const post of POSTS)
    postIds.push((await commands.execute(new CreateNewsPostCommand(ctx.adminId, { ...post, venueIds: [] }))).id);
  for (const [member, post, content] of COMMENTS) {
    const memberId = ctx.memberIds[member];
    const postId = postIds[post];
    if (memberId && postId) await commands.execute(new PostCommentCommand(memberId, postId, content));
  }
  for (const [index, memberId] of ctx.memberIds.entries()) {
    for (const postId of postIds.slice(0, index + 2)) await commands.execute(new SetPostLikeCommand(memberId, postId, true));
  }
  ctx.log(`Demo news: ${postIds.length} posts, ${COMMENTS.length} comments.`);
}
