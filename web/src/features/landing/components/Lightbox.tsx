import * as Dialog from '@radix-ui/react-dialog';
import type { KeyboardEvent } from 'react';
import type { Photo } from '@/config/venue';
import { useReturnFocus } from '@/components/ui/use-return-focus';

interface LightboxProps {
  photos: readonly Photo[];
  /** null when closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
}

const navButton =
  'absolute top-1/2 z-20 flex h-12 w-12 -translate-y-1/2 items-center justify-center rounded-full bg-black/60 text-2xl text-white hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-gold';

/** Full-screen photo viewer: wraps around at both ends; Escape closes, arrow keys move. */
export function Lightbox({ photos, index, onIndexChange }: LightboxProps) {
  const open = index !== null;
  const returnFocus = useReturnFocus(open);
  const move = (step: number) => {
    if (index === null) return;
    onIndexChange((index + step + photos.length) % photos.length);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') move(-1);
    else if (event.key === 'ArrowRight') move(1);
    else return;
    event.preventDefault();
  };
  const photo = index === null ? null : photos[index];

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onIndexChange(null)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/95" />
        <Dialog.Content
          onKeyDown={onKeyDown}
          onCloseAutoFocus={returnFocus}
          data-testid="lightbox"
          className="fixed inset-0 z-50 flex items-center justify-center focus:outline-none"
        >
          <Dialog.Title className="sr-only">Gallery</Dialog.Title>
          <Dialog.Description className="sr-only">{photo?.alt}</Dialog.Description>
          {photo ? (
            <img
              src={photo.large}
              srcSet={`${photo.small} 480w, ${photo.large} 960w`}
              sizes="100vw"
              alt={photo.alt}
              className="relative z-0 max-h-[85dvh] max-w-[94vw] rounded-lg object-contain"
            />
          ) : null}
          {/* Side click areas: a tap on either side of the photo moves, like a phone gallery. */}
          <div
            aria-hidden="true"
            data-testid="lightbox-prev-area"
            onClick={() => move(-1)}
            className="absolute inset-y-0 left-0 z-10 w-1/4 cursor-w-resize"
          />
          <div
            aria-hidden="true"
            data-testid="lightbox-next-area"
            onClick={() => move(1)}
            className="absolute inset-y-0 right-0 z-10 w-1/4 cursor-e-resize"
          />
          <button type="button" aria-label="Previous photo" onClick={() => move(-1)} className={`${navButton} left-3`}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" aria-label="Next photo" onClick={() => move(1)} className={`${navButton} right-3`}>
            <span aria-hidden="true">›</span>
          </button>
          <p
            aria-live="polite"
            data-testid="lightbox-counter"
            className="absolute bottom-5 left-1/2 z-20 -translate-x-1/2 rounded-full bg-black/60 px-4 py-1.5 text-sm tabular-nums text-white"
          >
            {index === null ? '' : `${index + 1} / ${photos.length}`}
          </p>
          <Dialog.Close
            aria-label="Close"
            className="absolute right-3 top-3 z-20 flex h-12 w-12 items-center justify-center rounded-full bg-black/60 text-3xl text-white hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-gold"
          >
            <span aria-hidden="true">×</span>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
