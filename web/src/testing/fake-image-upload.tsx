/**
 * For tests: stands in for the media feature's upload widget in the news forms, which see it only
 * through these callbacks. "Fake pick" reports a file picked but not uploaded; "Fake upload"
 * reports `path` as the finalized upload.
 */
export function fakeImageUpload(path: string) {
  return function FakeUpload({
    onUploaded,
    onRemoved,
    onPicked,
  }: {
    onUploaded: (objectPath: string) => void;
    onRemoved: () => void;
    onPicked?: (fileName: string) => void;
  }) {
    return (
      <div>
        <button type="button" onClick={() => onPicked?.('pumpkin.jpg')}>
          Fake pick
        </button>
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
