import type { ImageUploadSlot } from './PostFields';

/**
 * For tests: stands in for the media feature's upload widget, which the news forms only see
 * through onUploaded / onRemoved. "Fake upload" reports `path` as the finalized upload.
 */
export function fakeImageUpload(path: string) {
  return function FakeUpload({ onUploaded, onRemoved }: ImageUploadSlot) {
    return (
      <div>
        <button type="button" onClick={() => onUploaded(path)}>
          Fake upload
        </button>
        <button type="button" onClick={onRemoved}>
          Fake remove
        </button>
      </div>
    );
  };
}
