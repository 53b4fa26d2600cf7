import type { Photo } from '@/config/venue';

/** A horizontally scrolling strip; each photo opens the lightbox. */
export function PhotoStrip({ photos, onOpen }: { photos: readonly Photo[]; onOpen: (index: number) => void }) {
  return (
    <div className="bg-night-950 py-10">
      <h3 className="sr-only">Gallery</h3>
      <ul
        aria-label="Gallery"
        className="flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-4 [scrollbar-color:var(--color-gold)_transparent]"
      >
        {photos.map((photo, index) => (
          <li key={photo.large} className="shrink-0 snap-start">
            <button
              type="button"
              onClick={() => onOpen(index)}
              aria-label={`Open photo ${index + 1} of ${photos.length}: ${photo.alt}`}
              data-testid="gallery-photo"
              className="group block overflow-hidden rounded-xl border border-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold"
            >
              <img
                src={photo.small}
                srcSet={`${photo.small} 480w, ${photo.large} 960w`}
                sizes="(min-width: 768px) 240px, 60vw"
                width={480}
                height={600}
                loading="lazy"
                decoding="async"
                alt=""
                className="h-72 w-[60vw] max-w-60 object-cover transition-transform duration-500 group-hover:scale-105 sm:h-80"
              />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
