import { S3Storage } from './s3-storage.js';

const options = { region: 'us-east-1', bucket: 'nocturne-media', accessKeyId: 'nocturne', secretAccessKey: 'secret-secret' };

describe('S3Storage signed URLs', () => {
  it('signs for the endpoint the server uses when no public endpoint is set', async () => {
    const storage = new S3Storage({ ...options, endpoint: 'http://minio:9000' });
    const upload = await storage.presignUpload('uploads/a.jpg', 'image/jpeg', 600);
    expect(new URL(upload.url).origin).toBe('http://minio:9000');
    storage.destroy();
  });

  it('signs upload and media URLs for the public endpoint browsers reach (docker compose: localhost)', async () => {
    const storage = new S3Storage({ ...options, endpoint: 'http://minio:9000', publicEndpoint: 'http://localhost:9000' });
    const upload = await storage.presignUpload('uploads/a.jpg', 'image/jpeg', 600);
    expect(new URL(upload.url).origin).toBe('http://localhost:9000');
    expect(new URL(upload.url).pathname).toBe('/nocturne-media/uploads/a.jpg');
    const media = await storage.deliver('uploads/a.jpg', 'image/jpeg', 600);
    expect(media && media.kind === 'redirect' && new URL(media.url).origin).toBe('http://localhost:9000');
    storage.destroy();
  });
});
