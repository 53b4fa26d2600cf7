import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import * as routes from '@nocturne/contracts/routes';
import { renderWithApp } from '@/testing/render';
import { at, callsTo, routeFetch, signIn } from '@/testing/route-fetch';
import { CreatePostForm } from './CreatePostForm';
import { fakeImageUpload } from '@/testing/fake-image-upload';
import { PublishedPosts } from './PublishedPosts';

const created = {
  id: '55555555-5555-4555-8555-555555555555',
  title: 'Halloween',
  content: 'Costumes welcome.\nPrizes at midnight.',
  contentType: 'event',
  featuredImageUrl: 'news/pumpkin.jpg',
  createdAt: '2026-10-01T09:00:00.000Z',
  viewCount: 12,
  likeCount: 4,
  commentCount: 2,
  likedByMe: false,
};

const FakeUpload = fakeImageUpload('news/pumpkin.jpg');

function Page() {
  return (
    <>
      <CreatePostForm imageUpload={(slot) => <FakeUpload {...slot} />} />
      <PublishedPosts />
    </>
  );
}

describe('admin news', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it('creates a post with its image, says so, resets the form and reloads the list', async () => {
    let release: () => void = () => undefined;
    const fetchMock = routeFetch({
      [at(routes.listNews)]: [
        { status: 200, body: { posts: [], nextCursor: null } },
        { status: 200, body: { posts: [created], nextCursor: null } },
      ],
      [at(routes.createNewsPost)]: () => new Promise((resolve) => (release = () => resolve({ status: 201, body: created }))),
    });
    const view = renderWithApp(<Page />);
    expect(await screen.findByText('No posts published yet.')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Create Post' });
    expect(submit).toBeDisabled();
    await view.user.type(screen.getByLabelText(/^Title/), '   ');
    await view.user.type(screen.getByLabelText(/^Content( \*)?$/), 'Costumes welcome.');
    // A blank title keeps the button disabled.
    expect(submit).toBeDisabled();
    await view.user.clear(screen.getByLabelText(/^Title/));
    await view.user.type(screen.getByLabelText(/^Title/), ' Halloween ');
    await view.user.selectOptions(screen.getByLabelText('Content Type'), 'event');
    await view.user.click(screen.getByRole('button', { name: 'Fake upload' }));
    await view.user.click(submit);
    expect(await screen.findByRole('button', { name: 'Creating...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Success')).toBeInTheDocument();
    expect(screen.getByText('News post created successfully.')).toBeInTheDocument();
    expect(callsTo(fetchMock, routes.createNewsPost)[0]?.body).toEqual({
      title: 'Halloween',
      content: 'Costumes welcome.',
      contentType: 'event',
      featuredImageUrl: 'news/pumpkin.jpg',
    });
    expect(screen.getByLabelText(/^Title/)).toHaveValue('');
    expect(screen.getByLabelText(/^Content( \*)?$/)).toHaveValue('');
    expect(screen.getByLabelText('Content Type')).toHaveValue('announcement');

    const list = await screen.findByRole('list', { name: 'Published posts' });
    const item = within(list).getByRole('listitem');
    expect(within(item).getByText('Halloween')).toBeInTheDocument();
    expect(within(item).getByText('Event')).toBeInTheDocument();
    expect(within(item).getByText('12 views')).toBeInTheDocument();
    expect(within(item).getByText('4 likes · 2 comments')).toBeInTheDocument();
    expect(within(item).getByText(/Costumes welcome/)).toHaveClass('line-clamp-2');
    expect(item.querySelector('img')).toHaveAttribute('src', '/media/news/pumpkin.jpg');
  });

  it('refuses to publish while a picked image is not uploaded, saying so next to the field', async () => {
    const fetchMock = routeFetch({
      [at(routes.listNews)]: [
        { status: 200, body: { posts: [], nextCursor: null } },
        { status: 200, body: { posts: [created], nextCursor: null } },
      ],
      [at(routes.createNewsPost)]: { status: 201, body: created },
    });
    const view = renderWithApp(<Page />);
    expect(await screen.findByText('No posts published yet.')).toBeInTheDocument();
    await view.user.type(screen.getByLabelText(/^Title/), 'Halloween');
    await view.user.type(screen.getByLabelText(/^Content( \*)?$/), 'Costumes welcome.');
    await view.user.click(screen.getByRole('button', { name: 'Fake pick' }));
    await view.user.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '"pumpkin.jpg" is picked but not uploaded: upload it or remove it before publishing.',
    );
    expect(callsTo(fetchMock, routes.createNewsPost)).toHaveLength(0);
    // Once uploaded, the message goes and the post is published with its image.
    await view.user.click(screen.getByRole('button', { name: 'Fake upload' }));
    expect(screen.queryByText(/is picked but not uploaded/)).not.toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByText('News post created successfully.')).toBeInTheDocument();
    expect(callsTo(fetchMock, routes.createNewsPost)[0]?.body).toMatchObject({ featuredImageUrl: 'news/pumpkin.jpg' });
  });

  it('sends no image after the image is removed, and says when creating fails', async () => {
    const fetchMock = routeFetch({
      [at(routes.listNews)]: { status: 200, body: { posts: [], nextCursor: null } },
      [at(routes.createNewsPost)]: new TypeError('Failed to fetch'),
    });
    const view = renderWithApp(<Page />);
    await view.user.type(screen.getByLabelText(/^Title/), 'News');
    await view.user.type(screen.getByLabelText(/^Content( \*)?$/), 'Body');
    await view.user.click(screen.getByRole('button', { name: 'Fake upload' }));
    await view.user.click(screen.getByRole('button', { name: 'Fake remove' }));
    await view.user.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByText('Failed to create news post.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(callsTo(fetchMock, routes.createNewsPost)[0]?.body).toMatchObject({
      featuredImageUrl: null,
      contentType: 'announcement',
    });
    expect(screen.getByLabelText(/^Title/)).toHaveValue('News');
  });
});
