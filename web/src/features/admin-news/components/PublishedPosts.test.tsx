import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import * as routes from '@nocturne/contracts/routes';
import { aNewsPost, anAdmin } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { at, callsTo, routeFetch, signIn } from '@/testing/route-fetch';
import { fakeImageUpload } from '@/testing/fake-image-upload';
import { PublishedPosts } from './PublishedPosts';

const post = aNewsPost({
  title: 'Halloween',
  content: 'Costumes welcome.',
  featuredImageUrl: 'news/pumpkin.jpg',
  likeCount: 4,
  commentCount: 2,
});
const POST = { id: post.id };
const feed = (...posts: (typeof post)[]) => ({ status: 200, body: { posts, nextCursor: null } });

const FakeUpload = fakeImageUpload('news/ghost.png');
const page = () => renderWithApp(<PublishedPosts imageUpload={(slot) => <FakeUpload {...slot} />} />);
const postItem = async () => within(await screen.findByRole('list', { name: 'Published posts' })).getByRole('listitem');

describe('published posts: edit and delete', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(anAdmin());
  });

  it('edits a post in the form prefilled with it, says so and reloads the list', async () => {
    const fetchMock = routeFetch({
      [at(routes.listNews)]: [feed(post), feed({ ...post, title: 'Halloween Ball', contentType: 'promotion' })],
      [at(routes.updateNewsPost, POST)]: { status: 200, body: { ...post, title: 'Halloween Ball', contentType: 'promotion' } },
    });
    const view = page();
    await view.user.click(within(await postItem()).getByRole('button', { name: 'Edit Halloween' }));
    const form = screen.getByRole('form', { name: 'Edit news post: Halloween' });
    expect(within(form).getByLabelText(/^Title/)).toHaveValue('Halloween');
    expect(within(form).getByLabelText(/^Content( \*)?$/)).toHaveValue('Costumes welcome.');
    expect(within(form).getByLabelText('Content Type')).toHaveValue('event');
    expect(form.querySelector('img')).toHaveAttribute('src', '/media/news/pumpkin.jpg');

    const title = within(form).getByLabelText(/^Title/);
    await view.user.clear(title);
    await view.user.type(title, '  ');
    // Blank is not saved.
    expect(within(form).getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    await view.user.type(title, 'Halloween Ball ');
    await view.user.selectOptions(within(form).getByLabelText('Content Type'), 'promotion');
    await view.user.click(within(form).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('News post updated successfully.')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(callsTo(fetchMock, routes.updateNewsPost, POST)[0]?.body).toEqual({
      title: 'Halloween Ball',
      content: 'Costumes welcome.',
      contentType: 'promotion',
      featuredImageUrl: 'news/pumpkin.jpg',
    });
    expect(await within(await postItem()).findByText('Halloween Ball')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, routes.listNews)).toHaveLength(2);
  });

  it('replaces the image with a new upload, and removes it', async () => {
    const fetchMock = routeFetch({
      [at(routes.listNews)]: feed(post),
      [at(routes.updateNewsPost, POST)]: { status: 200, body: post },
    });
    const view = page();
    await view.user.click(within(await postItem()).getByRole('button', { name: 'Edit Halloween' }));
    await view.user.click(screen.getByRole('button', { name: 'Fake upload' }));
    expect(screen.getByRole('form').querySelector('img')).toHaveAttribute('src', '/media/news/ghost.png');
    // Taking the new upload back out restores the post's own image.
    await view.user.click(screen.getByRole('button', { name: 'Fake remove' }));
    expect(screen.getByRole('form').querySelector('img')).toHaveAttribute('src', '/media/news/pumpkin.jpg');
    await view.user.click(screen.getByRole('button', { name: 'Fake upload' }));
    await view.user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('News post updated successfully.');
    expect(callsTo(fetchMock, routes.updateNewsPost, POST)[0]?.body).toMatchObject({ featuredImageUrl: 'news/ghost.png' });

    await view.user.click(within(await postItem()).getByRole('button', { name: 'Edit Halloween' }));
    await view.user.click(screen.getByRole('button', { name: 'Remove Image' }));
    expect(screen.getByText('No image.')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(callsTo(fetchMock, routes.updateNewsPost, POST)).toHaveLength(2));
    expect(callsTo(fetchMock, routes.updateNewsPost, POST)[1]?.body).toMatchObject({ featuredImageUrl: null });
  });

  it("says when saving fails, in the server's words for a refusal, and keeps the form", async () => {
    routeFetch({
      [at(routes.listNews)]: feed(post),
      [at(routes.updateNewsPost, POST)]: [
        {
          status: 400,
          body: {
            success: false,
            statusCode: 400,
            error: 'Bad Request',
            message: 'Featured image must be an image uploaded and finalized here',
          },
        },
        new TypeError('Failed to fetch'),
      ],
    });
    const view = page();
    await view.user.click(within(await postItem()).getByRole('button', { name: 'Edit Halloween' }));
    await view.user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Featured image must be an image uploaded and finalized here')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update news post.')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Edit news post: Halloween' })).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('asks before deleting; Escape and Cancel keep the post', async () => {
    const fetchMock = routeFetch({ [at(routes.listNews)]: feed(post) });
    const view = page();
    await view.user.click(within(await postItem()).getByRole('button', { name: 'Delete Halloween' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete post?' });
    expect(dialog).toHaveTextContent('"Halloween" will be removed for everyone, with its 2 comments and 4 likes.');
    expect(dialog).toHaveTextContent('Members keep the points their comments earned.');
    await view.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await view.user.click(within(await postItem()).getByRole('button', { name: 'Delete Halloween' }));
    await view.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, routes.deleteNewsPost, POST)).toHaveLength(0);
  });

  it('deletes after confirming, says so and reloads the list', async () => {
    const fetchMock = routeFetch({
      [at(routes.listNews)]: [feed(post), feed()],
      [at(routes.deleteNewsPost, POST)]: {
        status: 200,
        body: { success: true, message: 'News post deleted.', commentsRemoved: 2, pointsKept: 10 },
      },
    });
    const view = page();
    await view.user.click(within(await postItem()).getByRole('button', { name: 'Delete Halloween' }));
    await view.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete Post' }));
    expect(await screen.findByText('News post deleted successfully.')).toBeInTheDocument();
    expect(await screen.findByText('No posts published yet.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, routes.deleteNewsPost, POST)).toHaveLength(1);
  });

  it('says when deleting fails and keeps the dialog open', async () => {
    routeFetch({
      [at(routes.listNews)]: feed(post),
      [at(routes.deleteNewsPost, POST)]: { status: 500, body: { message: 'boom' } },
    });
    const view = page();
    await view.user.click(within(await postItem()).getByRole('button', { name: 'Delete Halloween' }));
    await view.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete Post' }));
    expect(await screen.findByText('Failed to delete news post.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Delete post?' })).toBeInTheDocument();
  });
});
