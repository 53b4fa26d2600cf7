import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as routes from '@nocturne/contracts/routes';
import { Toaster } from '@/components/ui/toaster';
import { mockFetch, sentBody } from '@/testing/render';
import { createFeaturedImageUppy, MESSAGES } from './create-featured-image-uppy';
import { FeaturedImageUpload } from './FeaturedImageUpload';

const png = () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], { type: 'image/png' });

function setup() {
  const onUploaded = jest.fn<(objectPath: string, fileName: string) => void>();
  const onRemoved = jest.fn<() => void>();
  const uppy = createFeaturedImageUppy({ onUploaded, onRemoved });
  render(<Toaster />);
  return { uppy, onUploaded, onRemoved };
}

describe('featured image upload', () => {
  let destroy: (() => void) | undefined;
  afterEach(() => destroy?.());

  it('holds the upload limits: one image or video of at most 10485760 bytes, no automatic start', () => {
    const { uppy } = setup();
    destroy = () => uppy.destroy();
    expect(uppy.opts.autoProceed).toBe(false);
    expect(uppy.opts.restrictions).toMatchObject({
      maxNumberOfFiles: 1,
      maxFileSize: 10_485_760,
      allowedFileTypes: ['image/*', 'video/*'],
    });
    expect(() =>
      uppy.addFile({ name: 'page.html', type: 'text/html', data: new Blob(['<p>'], { type: 'text/html' }) }),
    ).toThrow();
    uppy.addFile({ name: 'flyer.png', type: 'image/png', data: png() });
    expect(() => uppy.addFile({ name: 'second.png', type: 'image/png', data: png() })).toThrow();
    expect(uppy.getFiles()).toHaveLength(1);
  });

  it('removes the file and logs "Failed to get upload parameters" when signing fails', async () => {
    const fetchMock = mockFetch({ status: 500, body: { message: 'down' } });
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { uppy, onRemoved } = setup();
    destroy = () => {
      uppy.destroy();
      error.mockRestore();
    };
    uppy.addFile({ name: 'flyer.png', type: 'image/png', data: png() });
    await uppy.upload().catch(() => undefined);
    await waitFor(() => expect(uppy.getFiles()).toHaveLength(0));
    expect(fetchMock.mock.calls[0]?.[0]).toBe(routes.signUpload.path);
    expect(sentBody(fetchMock)).toEqual({ contentType: 'image/png' });
    expect(error).toHaveBeenCalledWith(MESSAGES.parametersFailed, expect.anything());
    expect(onRemoved).toHaveBeenCalled();
  });

  it('says a file was picked as soon as it is added, before any upload', () => {
    const onPicked = jest.fn<(fileName: string) => void>();
    const uppy = createFeaturedImageUppy({ onUploaded: jest.fn(), onRemoved: jest.fn(), onPicked });
    destroy = () => uppy.destroy();
    uppy.addFile({ name: 'flyer.png', type: 'image/png', data: png() });
    expect(onPicked).toHaveBeenCalledWith('flyer.png');
  });

  it('finalizes a finished upload, hands over the object path and says so', async () => {
    const fetchMock = mockFetch({ status: 200, body: { objectPath: 'news/abc.png', url: '/media/news/abc.png' } });
    const { uppy, onUploaded } = setup();
    destroy = () => uppy.destroy();
    const id = uppy.addFile({ name: 'flyer.png', type: 'image/png', data: png() });
    uppy.emit('upload-success', uppy.getFile(id), { status: 200, uploadURL: 'http://localhost:9000/media/news/abc.png' });
    expect(await screen.findByText(MESSAGES.uploaded)).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe(routes.finalizeUpload.path);
    expect(sentBody(fetchMock)).toEqual({ mediaURL: 'http://localhost:9000/media/news/abc.png', contentType: 'image/png' });
    expect(onUploaded).toHaveBeenCalledWith('news/abc.png', 'flyer.png');
  });

  it('shows "Failed to finalize image upload" when the server refuses the file', async () => {
    mockFetch({ status: 400, body: { message: 'Invalid request: file is not a image/png file' } });
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { uppy, onUploaded } = setup();
    destroy = () => {
      uppy.destroy();
      error.mockRestore();
    };
    const id = uppy.addFile({ name: 'flyer.png', type: 'image/png', data: png() });
    uppy.emit('upload-success', uppy.getFile(id), { status: 200, uploadURL: 'http://localhost:9000/media/news/abc.png' });
    expect(await screen.findByText(MESSAGES.finalizeFailed)).toBeInTheDocument();
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it("says the server's reason for a refused file and marks the file failed, never complete", async () => {
    mockFetch({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Invalid request: file is not a PNG image',
        issues: [{ path: 'file', message: 'is not a PNG image' }],
      },
    });
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { uppy, onUploaded } = setup();
    destroy = () => {
      uppy.destroy();
      error.mockRestore();
    };
    const id = uppy.addFile({ name: 'flyer.png', type: 'image/png', data: png() });
    uppy.setFileState(id, { progress: { ...uppy.getFile(id).progress, uploadComplete: true, percentage: 100 } });
    uppy.emit('upload-success', uppy.getFile(id), { status: 200, uploadURL: 'http://localhost:9000/media/news/abc.png' });
    expect(await screen.findByText('The file is not a PNG image.')).toBeInTheDocument();
    await waitFor(() => expect(uppy.getFile(id).error).toContain('The file is not a PNG image.'));
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('opens the upload dashboard from its button', async () => {
    // jsdom has no ResizeObserver; the dashboard only uses it to pick a layout.
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
    const view = render(<FeaturedImageUpload onUploaded={() => undefined} onRemoved={() => undefined} />);
    destroy = () => view.unmount();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Upload Image' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });
});
