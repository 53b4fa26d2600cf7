import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import type { UpdateProfileRequest } from '@nocturne/contracts';
import * as routes from '@nocturne/contracts/routes';
import { ACCOUNT_DELETED, ACCOUNT_NOT_DELETED_WRONG_PASSWORD, PASSWORD_CHANGED, WRONG_CURRENT_PASSWORD } from '@nocturne/domain';
import { aMember, aNewsPost } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { at, callsTo, routeFetch, signIn, venueZone } from '@/testing/route-fetch';
import MemberDashboardRoute from './member-dashboard';

const post = aNewsPost({
  id: '11111111-1111-4111-8111-111111111111',
  content: 'Doors open at 7.',
  featuredImageUrl: 'news/abc.jpg',
  createdAt: '2026-11-20T09:00:00.000Z',
  viewCount: 3,
  likeCount: 2,
});

const comment = (content: string) => ({
  id: '22222222-2222-4222-8222-222222222222',
  content,
  createdAt: '2026-11-21T10:00:00.000Z',
  author: { firstName: 'Ann' },
});

const renderArea = () => renderWithApp(<MemberDashboardRoute />, { path: '/member-dashboard' });

describe('members area', () => {
  beforeEach(() => localStorage.clear());

  it('sends visitors without a stored session to /members-login', async () => {
    const fetchMock = routeFetch({});
    renderArea();
    expect(await screen.findByTestId('current-path')).toHaveTextContent('/members-login');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows Loading... until the fresh user arrives, then the header with its points', async () => {
    signIn(aMember({ currentPoints: 1 }));
    let release: () => void = () => undefined;
    routeFetch({
      [at(routes.getMe)]: () =>
        new Promise((resolve) => (release = () => resolve({ status: 200, body: aMember({ currentPoints: 60 }) }))),
      [at(routes.listNews)]: { status: 200, body: { posts: [], nextCursor: null } },
    });
    renderArea();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    release();
    expect(await screen.findByRole('heading', { name: 'Members Area' })).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Ann!')).toBeInTheDocument();
    expect(screen.getByTestId('header-points')).toHaveTextContent('60 points');
    // The stored user follows the server's answer.
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ currentPoints: 60 });
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['News Feed', 'Coupons', 'My card', 'Points', 'Profile']);
    expect(screen.getByRole('tab', { name: 'News Feed' })).toHaveAttribute('aria-selected', 'true');
  });

  it('says "Welcome" after a first sign-in and "Welcome back" otherwise', async () => {
    signIn();
    localStorage.setItem('firstSignIn', 'true');
    routeFetch({
      [at(routes.getMe)]: { status: 200, body: aMember() },
      [at(routes.listNews)]: { status: 200, body: { posts: [], nextCursor: null } },
    });
    renderArea();
    expect(await screen.findByText('Welcome, Ann!')).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
  });

  it('clears a session the server no longer knows and goes to sign in', async () => {
    signIn();
    routeFetch({
      [at(routes.getMe)]: { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Session expired' } },
    });
    renderArea();
    expect(await screen.findByTestId('current-path')).toHaveTextContent('/members-login');
    expect(localStorage.getItem('sessionId')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('signs out when a call later answers 401 (the session was revoked elsewhere)', async () => {
    signIn();
    routeFetch({
      [at(routes.getMe)]: { status: 200, body: aMember() },
      [at(routes.listNews)]: { status: 200, body: { posts: [], nextCursor: null } },
      [at(routes.listPointHistory)]: {
        status: 401,
        body: { statusCode: 401, error: 'Unauthorized', message: 'Session expired' },
      },
    });
    const view = renderArea();
    await view.user.click(await screen.findByRole('tab', { name: 'Points' }));
    expect(await screen.findByTestId('current-path')).toHaveTextContent('/members-login');
    expect(localStorage.getItem('sessionId')).toBeNull();
  });

  it('logs out: revokes the session on the server, clears storage, goes to /members-login', async () => {
    signIn();
    const fetchMock = routeFetch({
      [at(routes.getMe)]: { status: 200, body: aMember() },
      [at(routes.listNews)]: { status: 200, body: { posts: [], nextCursor: null } },
      [at(routes.signOut)]: { status: 200, body: { success: true } },
    });
    const view = renderArea();
    await view.user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByTestId('current-path')).toHaveTextContent('/members-login');
    expect(localStorage.getItem('sessionId')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    const logout = fetchMock.mock.calls.find(([url]) => url === routes.signOut.path);
    expect((logout?.[1]?.headers as Record<string, string>).Authorization).toBe('Bearer session-1');
  });

  it('posting a comment clears the box, says +5 and refreshes comments, history and the header', async () => {
    signIn();
    let release: () => void = () => undefined;
    const fetchMock = routeFetch({
      [at(routes.getMe)]: [
        { status: 200, body: aMember({ currentPoints: 50 }) },
        { status: 200, body: aMember({ currentPoints: 55, totalPoints: 55 }) },
      ],
      // The last reward of the night: after this comment the button no longer promises points.
      [at(routes.getCommentRewards)]: [
        { status: 200, body: { pointsPerComment: 5, leftTonight: 1 } },
        { status: 200, body: { pointsPerComment: 5, leftTonight: 0 } },
      ],
      [at(routes.listNews)]: { status: 200, body: { posts: [post], nextCursor: null } },
      [at(routes.listPostComments, { id: '11111111-1111-4111-8111-111111111111' })]: [
        { status: 200, body: { comments: [], nextCursor: null } },
        { status: 200, body: { comments: [comment('Great night!')], nextCursor: null } },
      ],
      [at(routes.postComment, { id: '11111111-1111-4111-8111-111111111111' })]: () =>
        new Promise((resolve) => {
          release = () =>
            resolve({ status: 201, body: { ...comment('Great night!'), pointsAwarded: 5, currentPoints: 55, totalPoints: 55 } });
        }),
    });
    const view = renderArea();
    expect(await screen.findByText('Select a news post to view and add comments')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Latest News' })).toBeInTheDocument();
    const article = await screen.findByRole('article', { name: 'Friday Night Lights' });
    expect(within(article).getByText('Event')).toBeInTheDocument();
    expect(article.querySelector('img')).toHaveAttribute('src', '/media/news/abc.jpg');
    await view.user.click(within(article).getByRole('button', { name: 'View & Comment' }));

    const box = await screen.findByPlaceholderText('Share your thoughts...');
    const send = screen.getByRole('button', { name: 'Post Comment (+5 pts)' });
    expect(send).toBeDisabled();
    await view.user.type(box, '   ');
    expect(send).toBeDisabled();
    await view.user.clear(box);
    await view.user.type(box, 'Great night!');
    await view.user.click(send);
    expect(await screen.findByRole('button', { name: 'Posting...' })).toBeDisabled();
    release();

    expect(await screen.findByText('Comment posted!')).toBeInTheDocument();
    expect(screen.getByText('You earned 5 points for commenting.')).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(await screen.findByText('Great night!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('header-points')).toHaveTextContent('55 points'));
    expect(within(article).getByTestId('comment-count')).toHaveTextContent('1 comment');
    expect(await screen.findByRole('button', { name: 'Post Comment' })).toBeInTheDocument();
    expect(callsTo(fetchMock, routes.postComment, { id: '11111111-1111-4111-8111-111111111111' })[0]?.body).toEqual({
      content: 'Great night!',
    });
  });

  it('shows a post\'s first page of comments and the next one on "Show more comments", until the last', async () => {
    signIn();
    const numbered = (n: number) => ({
      ...comment(`Comment ${n}`),
      id: `22222222-2222-4222-8222-${String(n).padStart(12, '0')}`,
    });
    const fetchMock = routeFetch({
      [at(routes.getMe)]: { status: 200, body: aMember() },
      [at(routes.listNews)]: { status: 200, body: { posts: [post], nextCursor: null } },
      [at(routes.listPostComments, { id: '11111111-1111-4111-8111-111111111111' })]: (_body, url) =>
        new URL(url, 'http://x').searchParams.get('cursor') === 'page-2'
          ? { status: 200, body: { comments: [numbered(3)], nextCursor: null } }
          : { status: 200, body: { comments: [numbered(1), numbered(2)], nextCursor: 'page-2' } },
    });
    const view = renderArea();
    await view.user.click(await screen.findByRole('button', { name: 'View & Comment' }));
    const list = await screen.findByRole('list', { name: 'Comments' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).queryByText('Comment 3')).not.toBeInTheDocument();

    await view.user.click(screen.getByRole('button', { name: 'Show more comments' }));
    expect(await within(list).findByText('Comment 3')).toBeInTheDocument();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual(['Comment 1', 'Comment 2', 'Comment 3']);
    expect(screen.queryByRole('button', { name: 'Show more comments' })).not.toBeInTheDocument();
    const urls = callsTo(fetchMock, routes.listPostComments, { id: '11111111-1111-4111-8111-111111111111' }).map(
      ({ url }) => new URL(url, 'http://x').searchParams,
    );
    expect(urls[0]?.get('limit')).toBe('50');
    expect(urls[0]?.has('cursor')).toBe(false);
    expect(urls[1]?.get('cursor')).toBe('page-2');
  });

  it("says honestly when tonight's comment rewards are used up", async () => {
    signIn();
    routeFetch({
      [at(routes.getMe)]: { status: 200, body: aMember() },
      [at(routes.getCommentRewards)]: { status: 200, body: { pointsPerComment: 5, leftTonight: 0 } },
      [at(routes.listNews)]: { status: 200, body: { posts: [post], nextCursor: null } },
      [at(routes.listPostComments, { id: '11111111-1111-4111-8111-111111111111' })]: {
        status: 200,
        body: { comments: [], nextCursor: null },
      },
      [at(routes.postComment, { id: '11111111-1111-4111-8111-111111111111' })]: {
        status: 201,
        body: { ...comment('Again'), pointsAwarded: 0, currentPoints: 50, totalPoints: 50 },
      },
    });
    const view = renderArea();
    await view.user.click(await screen.findByRole('button', { name: 'View & Comment' }));
    await view.user.type(await screen.findByPlaceholderText('Share your thoughts...'), 'Again');
    // Tonight's limit is reached: the button promises nothing.
    expect(screen.queryByRole('button', { name: /pts/ })).not.toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(await screen.findByText('Comment posted!')).toBeInTheDocument();
    expect(
      screen.getByText("You've reached tonight's limit for comment rewards, so this comment earned no points."),
    ).toBeInTheDocument();
    expect(screen.queryByText('You earned 5 points for commenting.')).not.toBeInTheDocument();
  });

  it('keeps the comment and says "Failed to post comment." when posting fails', async () => {
    signIn();
    routeFetch({
      [at(routes.getMe)]: { status: 200, body: aMember() },
      [at(routes.listNews)]: { status: 200, body: { posts: [post], nextCursor: null } },
      [at(routes.listPostComments, { id: '11111111-1111-4111-8111-111111111111' })]: {
        status: 200,
        body: { comments: [], nextCursor: null },
      },
      [at(routes.postComment, { id: '11111111-1111-4111-8111-111111111111' })]: new TypeError('Failed to fetch'),
      [at(routes.getCommentRewards)]: { status: 200, body: { pointsPerComment: 5, leftTonight: 10 } },
    });
    const view = renderArea();
    await view.user.click(await screen.findByRole('button', { name: 'View & Comment' }));
    const box = await screen.findByPlaceholderText('Share your thoughts...');
    await view.user.type(box, 'Hello');
    await view.user.click(screen.getByRole('button', { name: 'Post Comment (+5 pts)' }));
    expect(await screen.findByText('Failed to post comment.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(box).toHaveValue('Hello');
  });

  it('on a phone, View & Comment opens the comments in a sheet with the comment box focused; closing it goes back to the feed', async () => {
    const phone = (query: string) =>
      ({
        matches: !query.includes('min-width'),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList;
    window.matchMedia = jest.fn(phone);
    try {
      signIn();
      routeFetch({
        [at(routes.getMe)]: { status: 200, body: aMember() },
        [at(routes.listNews)]: { status: 200, body: { posts: [post], nextCursor: null } },
        [at(routes.listPostComments, { id: '11111111-1111-4111-8111-111111111111' })]: {
          status: 200,
          body: { comments: [comment('Great night!')], nextCursor: null },
        },
      });
      const view = renderArea();
      const article = await screen.findByRole('article', { name: 'Friday Night Lights' });
      expect(screen.queryByText('Select a news post to view and add comments')).not.toBeInTheDocument();
      await view.user.click(within(article).getByRole('button', { name: 'View & Comment' }));
      const sheet = await screen.findByRole('dialog', { name: 'Comments' });
      expect(sheet).toHaveAccessibleDescription('Friday Night Lights');
      await waitFor(() => expect(within(sheet).getByPlaceholderText('Share your thoughts...')).toHaveFocus());
      expect(await within(sheet).findByText('Great night!')).toBeInTheDocument();
      await view.user.click(within(sheet).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(within(article).getByRole('button', { name: 'View & Comment' })).toHaveAttribute('aria-pressed', 'false');
    } finally {
      delete (window as { matchMedia?: unknown }).matchMedia;
    }
  });

  it('likes and unlikes a post with the counts the server returns', async () => {
    signIn();
    const fetchMock = routeFetch({
      [at(routes.getMe)]: { status: 200, body: aMember() },
      [at(routes.listNews)]: { status: 200, body: { posts: [post], nextCursor: null } },
      [at(routes.likePost, { id: '11111111-1111-4111-8111-111111111111' })]: {
        status: 200,
        body: { postId: post.id, likeCount: 3, likedByMe: true },
      },
      [at(routes.unlikePost, { id: '11111111-1111-4111-8111-111111111111' })]: {
        status: 200,
        body: { postId: post.id, likeCount: 2, likedByMe: false },
      },
    });
    const view = renderArea();
    const like = await screen.findByRole('button', { name: 'Like, 2 likes' });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    await view.user.click(like);
    expect(await screen.findByRole('button', { name: 'Unlike, 3 likes' })).toHaveAttribute('aria-pressed', 'true');
    await view.user.click(screen.getByRole('button', { name: 'Unlike, 3 likes' }));
    expect(await screen.findByRole('button', { name: 'Like, 2 likes' })).toBeInTheDocument();
    expect(callsTo(fetchMock, routes.likePost, { id: post.id })).toHaveLength(1);
    expect(callsTo(fetchMock, routes.unlikePost, { id: post.id })).toHaveLength(1);
  });

  it('counts in the right number: "1 like", "1 comment", "1 point"', async () => {
    signIn(aMember({ currentPoints: 1 }));
    routeFetch({
      [at(routes.getMe)]: { status: 200, body: aMember({ currentPoints: 1 }) },
      [at(routes.listNews)]: { status: 200, body: { posts: [{ ...post, likeCount: 1, commentCount: 1 }], nextCursor: null } },
    });
    renderArea();
    expect(await screen.findByRole('button', { name: 'Like, 1 like' })).toBeInTheDocument();
    expect(screen.getByTestId('comment-count')).toHaveTextContent(/^1 comment$/);
    expect(screen.getByTestId('header-points')).toHaveTextContent(/^1 point$/);
  });

  it('says "Failed to fetch news" when the feed cannot load', async () => {
    signIn();
    routeFetch({ [at(routes.getMe)]: { status: 200, body: aMember() }, [at(routes.listNews)]: { status: 500, body: {} } });
    renderArea();
    expect(await screen.findByText('Failed to fetch news')).toBeInTheDocument();
  });

  it('shows the point summary, tier progress and signed, coloured history', async () => {
    signIn();
    routeFetch({
      [at(routes.getMe)]: { status: 200, body: aMember({ currentPoints: 30, totalPoints: 80 }) },
      [at(routes.listNews)]: { status: 200, body: { posts: [], nextCursor: null } },
      [at(routes.listPointHistory)]: {
        status: 200,
        body: [
          {
            id: '33333333-3333-4333-8333-333333333333',
            description: 'Claimed coupon: Free Drink',
            points: -50,
            createdAt: '2026-11-21T10:00:00.000Z',
          },
          {
            id: '66666666-6666-4666-8666-666666666666',
            description: 'Commented on: Jazz',
            points: 13,
            createdAt: '2026-11-20T13:00:00.000Z',
            multiplier: '5 pts ×1.25 tier ×2 promotion',
          },
          {
            id: '55555555-5555-4555-8555-555555555555',
            description: 'Comment removed by staff: Jazz (5 points already spent)',
            points: 0,
            createdAt: '2026-11-20T12:00:00.000Z',
          },
          {
            id: '44444444-4444-4444-8444-444444444444',
            description: 'Welcome bonus',
            points: 80,
            createdAt: '2026-11-20T10:00:00.000Z',
          },
        ],
      },
      ...venueZone('Australia/Sydney'),
    });
    const view = renderArea();
    await view.user.click(await screen.findByRole('tab', { name: 'Points' }));
    expect(screen.getByRole('heading', { name: 'Point Summary' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Point History' })).toBeInTheDocument();
    expect(screen.getByText('Total Earned').nextSibling).toHaveTextContent('80');
    expect(screen.getByText('Current Balance').nextSibling).toHaveTextContent('30');
    expect(screen.getByText('Member Tier').nextSibling).toHaveTextContent('Bronze');
    expect(screen.getByRole('progressbar', { name: 'Progress to next tier' })).toHaveAttribute('aria-valuenow', '80');
    expect(screen.getByText('20 points to Silver')).toBeInTheDocument();
    expect(await screen.findByText('-50')).toHaveClass('text-red-300');
    expect(screen.getByText('+80')).toHaveClass('text-emerald-300');
    expect(screen.getByText('Welcome bonus')).toBeInTheDocument();
    // On the venue's clocks (the api's zone, Sydney here: UTC+11), whatever the browser's zone.
    const claimed = screen.getByText('Claimed coupon: Free Drink').closest('li')!;
    expect(await within(claimed).findByText(/^Sat 21 Nov( 2026)?, 21:00$/)).toBeInTheDocument();
    // A reward reversed after it was spent takes 0: neither green nor red.
    const reversed = screen.getByText('Comment removed by staff: Jazz (5 points already spent)').closest('li')!;
    expect(within(reversed).getByText('0')).not.toHaveClass('text-emerald-300');
    expect(within(reversed).getByText('0')).not.toHaveClass('text-red-300');
    // A multiplied line says how it was paid.
    const multiplied = screen.getByText('Commented on: Jazz').closest('li')!;
    expect(within(multiplied).getByText('5 pts ×1.25 tier ×2 promotion')).toBeInTheDocument();
    expect(within(multiplied).getByText('+13')).toBeInTheDocument();
  });

  it("says 'Failed to fetch comments' and 'Failed to fetch point history' when those cannot load", async () => {
    signIn();
    routeFetch({
      [at(routes.getMe)]: { status: 200, body: aMember() },
      [at(routes.listNews)]: { status: 200, body: { posts: [post], nextCursor: null } },
      [at(routes.listPostComments, { id: '11111111-1111-4111-8111-111111111111' })]: { status: 500, body: {} },
      [at(routes.listPointHistory)]: new TypeError('Failed to fetch'),
    });
    const view = renderArea();
    await view.user.click(await screen.findByRole('button', { name: 'View & Comment' }));
    expect(await screen.findByText('Failed to fetch comments')).toBeInTheDocument();
    await view.user.click(screen.getByRole('tab', { name: 'Points' }));
    expect(await screen.findByText('Failed to fetch point history')).toBeInTheDocument();
  });

  it('shows the profile: email, first name, Member Since and tier', async () => {
    signIn();
    routeFetch({
      // 15:00 UTC on 14 March is already Sunday 15 March (02:00) at the venue in Sydney.
      [at(routes.getMe)]: { status: 200, body: aMember({ memberTier: 'gold', createdAt: '2026-03-14T15:00:00.000Z' }) },
      [at(routes.listNews)]: { status: 200, body: { posts: [], nextCursor: null } },
      ...venueZone('Australia/Sydney'),
    });
    const view = renderArea();
    await view.user.click(await screen.findByRole('tab', { name: 'Profile' }));
    expect(screen.getByText('Email').nextSibling).toHaveTextContent('ann@example.com');
    expect(screen.getByText('First Name').nextSibling).toHaveTextContent('Ann');
    await waitFor(() => expect(screen.getByText('Member Since').nextSibling).toHaveTextContent(/^Sun 15 Mar( 2026)?$/));
    expect(screen.getByText('Member Since').nextSibling).not.toHaveTextContent(/^Member$/);
    expect(screen.getByText('Tier').nextSibling).toHaveTextContent('Gold');
  });

  it('saves a new first and last name, and the header greets the new name', async () => {
    signIn();
    const fetchMock = routeFetch({
      [at(routes.getMe)]: { status: 200, body: aMember() },
      [at(routes.listNews)]: { status: 200, body: { posts: [], nextCursor: null } },
      [at(routes.updateMyProfile)]: (body) => ({ status: 200, body: aMember(body as UpdateProfileRequest) }),
    });
    const view = renderArea();
    await view.user.click(await screen.findByRole('tab', { name: 'Profile' }));
    const first = screen.getByLabelText(/^First name/);
    await view.user.clear(first);
    await view.user.type(first, 'Jo');
    const last = screen.getByLabelText(/^Last name/);
    await view.user.clear(last);
    await view.user.type(last, 'Park');
    await view.user.click(screen.getByRole('button', { name: 'Save Name' }));
    expect(await screen.findByText('Your name has been saved.')).toBeInTheDocument();
    expect(callsTo(fetchMock, routes.updateMyProfile)[0]?.body).toEqual({ firstName: 'Jo', lastName: 'Park' });
    expect(screen.getByText(/Welcome back, Jo!/)).toBeInTheDocument();
    expect(screen.getByText('Last Name').nextSibling).toHaveTextContent('Park');
  });

  it('changes the password with the current one and shows the server refusal when it is wrong', async () => {
    signIn();
    const fetchMock = routeFetch({
      [at(routes.getMe)]: { status: 200, body: aMember() },
      [at(routes.listNews)]: { status: 200, body: { posts: [], nextCursor: null } },
      [at(routes.changeMyPassword)]: [
        {
          status: 400,
          body: { statusCode: 400, error: 'Bad Request', success: false, message: WRONG_CURRENT_PASSWORD },
        },
        { status: 200, body: { success: true, message: PASSWORD_CHANGED } },
      ],
    });
    const view = renderArea();
    await view.user.click(await screen.findByRole('tab', { name: 'Profile' }));
    await view.user.type(screen.getByLabelText(/^Current password/), 'wrong-password');
    await view.user.type(screen.getByLabelText(/^New password/), 'a-brand-new-secret');
    await view.user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG_CURRENT_PASSWORD);
    await view.user.clear(screen.getByLabelText(/^Current password/));
    await view.user.type(screen.getByLabelText(/^Current password/), 'right-password');
    await view.user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(/Other devices have been signed out/)).toBeInTheDocument();
    expect(callsTo(fetchMock, routes.changeMyPassword)[1]?.body).toEqual({
      currentPassword: 'right-password',
      newPassword: 'a-brand-new-secret',
    });
    expect(screen.getByLabelText(/^Current password/)).toHaveValue('');
  });

  it('downloads my data as a JSON file', async () => {
    signIn();
    const exported = { exportedAt: '2026-11-22T00:00:00.000Z', profile: aMember(), pointsHistory: [], coupons: [], comments: [] };
    const fetchMock = routeFetch({
      [at(routes.getMe)]: { status: 200, body: aMember() },
      [at(routes.listNews)]: { status: 200, body: { posts: [], nextCursor: null } },
      [at(routes.exportMyData)]: { status: 200, body: exported },
    });
    const blobs: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => (blobs.push(blob), 'blob:my-data'));
    URL.revokeObjectURL = jest.fn();
    const clicked: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const view = renderArea();
    await view.user.click(await screen.findByRole('tab', { name: 'Profile' }));
    await view.user.click(screen.getByRole('button', { name: 'Download My Data' }));
    await waitFor(() => expect(clicked).toEqual(['nocturne-my-data.json']));
    expect(callsTo(fetchMock, routes.exportMyData)).toHaveLength(1);
    // jsdom's Blob has no text(): read it the way browsers of its age do.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    expect(JSON.parse(text)).toEqual(exported);
    click.mockRestore();
  });

  it('deletes the account only with the right password, then signs out and goes home', async () => {
    signIn();
    const fetchMock = routeFetch({
      [at(routes.getMe)]: { status: 200, body: aMember() },
      [at(routes.listNews)]: { status: 200, body: { posts: [], nextCursor: null } },
      [at(routes.deleteMyAccount)]: [
        {
          status: 400,
          body: {
            statusCode: 400,
            error: 'Bad Request',
            success: false,
            message: ACCOUNT_NOT_DELETED_WRONG_PASSWORD,
          },
        },
        { status: 200, body: { success: true, message: ACCOUNT_DELETED } },
      ],
    });
    const view = renderArea();
    await view.user.click(await screen.findByRole('tab', { name: 'Profile' }));
    await view.user.click(screen.getByRole('button', { name: 'Delete My Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await view.user.type(within(dialog).getByLabelText(/^Password/), 'wrong-password');
    await view.user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('password is not right');
    expect(localStorage.getItem('sessionId')).toBe('session-1');
    await view.user.clear(within(dialog).getByLabelText(/^Password/));
    await view.user.type(within(dialog).getByLabelText(/^Password/), 'right-password');
    await view.user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByTestId('current-path')).toHaveTextContent(/^\/$/);
    expect(localStorage.getItem('sessionId')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(callsTo(fetchMock, routes.deleteMyAccount).map((call) => call.body)).toEqual([
      { password: 'wrong-password' },
      { password: 'right-password' },
    ]);
  });
});
