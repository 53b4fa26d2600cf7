import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import type { AdminComment } from '@nocturne/contracts';
import * as routes from '@nocturne/contracts/routes';
import { aNewsPost, anAdmin, anAdminComment } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { at, callsTo, routeFetch, signIn, venueZone } from '@/testing/route-fetch';
import { CommentModeration } from './CommentModeration';

const ann = anAdminComment();
const ben = anAdminComment({
  id: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee',
  content: 'Cheap watches here',
  createdAt: '2026-11-21T12:00:00.000Z',
  post: { id: 'ffffffff-ffff-4fff-8fff-ffffffffffff', title: 'Salsa Night' },
  author: { id: '11111111-1111-4111-8111-111111111111', name: 'Ben Ortiz', email: 'ben@example.com', currentPoints: 3 },
  pointsAwarded: 5,
});
const page = (...comments: AdminComment[]) => ({ status: 200, body: { comments, nextCursor: null } });
const posts = {
  status: 200,
  body: {
    posts: [aNewsPost(), aNewsPost({ id: 'ffffffff-ffff-4fff-8fff-ffffffffffff', title: 'Salsa Night' })],
    nextCursor: null,
  },
};
/** The query of each list request, as URLSearchParams. */
const listQueries = (fetchMock: ReturnType<typeof routeFetch>) =>
  callsTo(fetchMock, routes.listAdminComments).map((call) => new URL(call.url, 'http://x').searchParams);

const render = () => renderWithApp(<CommentModeration />);
const commentCard = (name: string) => screen.findByRole('listitem', { name: `Comment by ${name}` });

describe('comment moderation', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(anAdmin());
  });

  it('lists comments newest first with author, post, venue time and what each earned; removed ones say by whom', async () => {
    routeFetch({
      [at(routes.listAdminComments)]: page(
        ben,
        { ...ann, pointsAwarded: 0 },
        anAdminComment({
          id: '22222222-2222-4222-8222-222222222222',
          removed: { at: '2026-11-21T13:00:00.000Z', by: { id: 'a', name: 'Alex Reyes' }, pointsReversed: 5 },
        }),
      ),
      [at(routes.listNews)]: posts,
      ...venueZone(),
    });
    render();
    const list = await screen.findByRole('list', { name: 'Comments' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('button', { name: /^Show comments by/ }).textContent)).toEqual([
      'Ben Ortiz',
      'Ann Lee',
      'Ann Lee',
    ]);
    expect(cards[0]).toHaveTextContent('Cheap watches here');
    expect(cards[0]).toHaveTextContent('ben@example.com');
    expect(within(cards[0]!).getByRole('link', { name: 'Member page of Ben Ortiz' })).toHaveAttribute(
      'href',
      `/admin/members/${ben.author.id}`,
    );
    expect(within(cards[0]!).getByRole('button', { name: 'Show comments on Salsa Night' })).toBeInTheDocument();
    // 12:00 UTC is 23:00 in Sydney (daylight saving).
    expect(await within(cards[0]!).findByText(/Sat 21 Nov( 2026)?, 23:00/)).toHaveAttribute(
      'dateTime',
      '2026-11-21T12:00:00.000Z',
    );
    expect(cards[0]).toHaveTextContent('Earned 5 points');
    expect(cards[1]).toHaveTextContent('No points');
    expect(cards[2]).toHaveTextContent('Removed by Alex Reyes');
    expect(cards[2]).toHaveTextContent('5 points taken back');
    expect(within(cards[2]!).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  });

  it('searches after a pause in typing, sending the text as typed', async () => {
    const fetchMock = routeFetch({ [at(routes.listAdminComments)]: page(ann), [at(routes.listNews)]: posts });
    const view = render();
    await commentCard('Ann Lee');
    await view.user.type(screen.getByLabelText('Search comments'), '50%_off');
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get('q')).toBe('50%_off'));
    // One request for the settled text, none for the keystrokes before it.
    expect(listQueries(fetchMock).map((query) => query.get('q'))).toEqual([null, '50%_off']);
    expect(listQueries(fetchMock)[0]?.get('status')).toBe('visible');
  });

  it('filters by an author clicked, shown as a chip that clears it, by post and by status', async () => {
    const fetchMock = routeFetch({ [at(routes.listAdminComments)]: page(ben, ann), [at(routes.listNews)]: posts });
    const view = render();
    await view.user.click(within(await commentCard('Ben Ortiz')).getByRole('button', { name: 'Show comments by Ben Ortiz' }));
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(chips).toHaveTextContent('Member: Ben Ortiz');
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get('memberId')).toBe(ben.author.id));

    await view.user.selectOptions(screen.getByLabelText('Post'), 'Salsa Night');
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get('postId')).toBe(ben.post.id));
    expect(listQueries(fetchMock).at(-1)?.get('memberId')).toBe(ben.author.id);

    await view.user.click(within(chips).getByRole('button', { name: 'Clear filter Member: Ben Ortiz' }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.has('memberId')).toBe(false));
    expect(listQueries(fetchMock).at(-1)?.get('postId')).toBe(ben.post.id);

    await view.user.selectOptions(screen.getByLabelText('Status'), 'Removed');
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get('status')).toBe('removed'));
  });

  it('asks before removing, saying what the member loses; Escape keeps the comment', async () => {
    const fetchMock = routeFetch({
      [at(routes.listAdminComments)]: [page(ann, ben), page(ben)],
      [at(routes.listNews)]: posts,
      [at(routes.removeComment, { id: ann.id })]: {
        status: 200,
        body: { success: true, message: 'Comment removed.', pointsReversed: 5 },
      },
    });
    const view = render();
    await view.user.click(within(await commentCard('Ann Lee')).getByRole('button', { name: 'Remove comment by Ann Lee' }));
    let dialog = screen.getByRole('dialog', { name: 'Remove comment?' });
    expect(dialog).toHaveTextContent(
      '"Best night of the year!" by Ann Lee on "Friday Night Lights" will be hidden from members.',
    );
    expect(dialog).toHaveTextContent('Ann Lee loses the 5 points it earned ("Comment removed by staff" in their points history)');
    await view.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, routes.removeComment, { id: ann.id })).toHaveLength(0);

    await view.user.click(within(await commentCard('Ann Lee')).getByRole('button', { name: 'Remove comment by Ann Lee' }));
    dialog = screen.getByRole('dialog', { name: 'Remove comment?' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Remove Comment' }));
    expect(await screen.findByText('Ann Lee lost 5 points.')).toBeInTheDocument();
    expect(screen.getByText('Comment removed')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Comment by Ann Lee' })).not.toBeInTheDocument());
  });

  it('tells staff when the member has spent the points, and when the comment earned none', async () => {
    routeFetch({ [at(routes.listAdminComments)]: page(ben, { ...ann, pointsAwarded: 0 }), [at(routes.listNews)]: posts });
    const view = render();
    await view.user.click(within(await commentCard('Ben Ortiz')).getByRole('button', { name: 'Remove comment by Ben Ortiz' }));
    expect(screen.getByRole('dialog')).toHaveTextContent(
      'It earned 5 points. Ben Ortiz has already spent all but 3, so they lose 3 points (a balance never goes below zero); their total earned still drops by 5',
    );
    await view.user.click(screen.getByRole('button', { name: 'Cancel' }));
    await view.user.click(within(await commentCard('Ann Lee')).getByRole('button', { name: 'Remove comment by Ann Lee' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('It earned no points, so no points change.');
  });

  it("says when removing fails, in the server's words, and keeps the dialog", async () => {
    routeFetch({
      [at(routes.listAdminComments)]: page(ann),
      [at(routes.listNews)]: posts,
      [at(routes.removeComment, { id: ann.id })]: {
        status: 404,
        body: { success: false, statusCode: 404, error: 'Not Found', message: 'No comment with this id' },
      },
    });
    const view = render();
    await view.user.click(within(await commentCard('Ann Lee')).getByRole('button', { name: 'Remove comment by Ann Lee' }));
    await view.user.click(screen.getByRole('button', { name: 'Remove Comment' }));
    expect(await screen.findByText('No comment with this id')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Remove comment?' })).toBeInTheDocument();
  });

  it('shows the empty and failure states, and tries again', async () => {
    routeFetch({
      [at(routes.listAdminComments)]: [{ status: 500, body: { message: 'boom' } }, page()],
      [at(routes.listNews)]: posts,
    });
    const view = render();
    expect(await screen.findByText('Failed to fetch comments')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No comments yet.')).toBeInTheDocument();
    await view.user.type(screen.getByLabelText('Search comments'), 'zzz');
    expect(await screen.findByText('No comments match these filters.')).toBeInTheDocument();
  });
});
