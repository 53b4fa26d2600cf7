/**
 * For tests: stands in for the media feature's upload widget in the news forms, which see it only
 * through these two callbacks. "Fake upload" reports `path` as the finalized upload.
 */
export function fakeImageUpload(path: string) {
  return function FakeUpload({ onUploaded, onRemoved }: { onUploaded: (objectPath: string) => void; onRemoved: () => void }) {
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
