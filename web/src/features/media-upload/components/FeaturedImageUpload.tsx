import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import './uppy-theme.css';
import type { Body, Meta } from '@uppy/core';
import Dashboard from '@uppy/dashboard';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { createFeaturedImageUppy } from './create-featured-image-uppy';

export interface FeaturedImageUploadProps {
  onUploaded(objectPath: string): void;
  onRemoved(): void;
  onPicked?(fileName: string): void;
}

/**
 * The upload button (PRODUCT.md §2.9): opens Uppy's dashboard for one image or video, uploads it straight to
 * storage with a presigned PUT, then has the server check and publish it. Import it lazily
 * (see LazyFeaturedImageUpload): Uppy is only loaded on the admin pages that use it.
 */
export function FeaturedImageUpload({ onUploaded, onRemoved, onPicked }: FeaturedImageUploadProps) {
  const callbacks = useRef({ onUploaded, onRemoved, onPicked });
  // Uppy keeps the callbacks it was made with; they reach the page's latest props through this ref.
  useLayoutEffect(() => {
    callbacks.current = { onUploaded, onRemoved, onPicked };
  });
  const [uploaded, setUploaded] = useState<string | null>(null);
  const uppyRef = useRef<ReturnType<typeof createFeaturedImageUppy> | null>(null);

  useEffect(() => {
    const uppy = createFeaturedImageUppy({
      onUploaded: (objectPath, fileName) => {
        // Closed only once the server accepted the file: a refusal stays on screen with its reason.
        void (uppy.getPlugin('Dashboard') as Dashboard<Meta, Body> | undefined)?.closeModal();
        setUploaded(fileName);
        callbacks.current.onUploaded(objectPath);
      },
      onRemoved: () => {
        setUploaded(null);
        callbacks.current.onRemoved();
      },
      onPicked: (fileName) => callbacks.current.onPicked?.(fileName),
    });
    // Uppy's own dashboard defaults (750x550, 280 px thumbnails, 600 for a single file) stand.
    uppy.use(Dashboard, {
      inline: false,
      thumbnailWidth: 280,
      theme: 'dark',
      closeAfterFinish: false,
      closeModalOnClickOutside: true,
      showRemoveButtonAfterComplete: true,
      proudlyDisplayPoweredByUppy: false,
      note: 'One image or video, up to 10 MB',
    });
    uppyRef.current = uppy;
    return () => {
      uppyRef.current = null;
      uppy.destroy();
    };
  }, []);

  const open = () => {
    const dashboard = uppyRef.current?.getPlugin('Dashboard') as Dashboard<Meta, Body> | undefined;
    void dashboard?.openModal();
  };

  const remove = () => {
    const uppy = uppyRef.current;
    const files = uppy?.getFiles() ?? [];
    // Removing the file from Uppy fires `file-removed`, which clears the state and tells the form.
    if (uppy && files.length > 0) files.forEach((file) => uppy.removeFile(file.id));
    else {
      setUploaded(null);
      callbacks.current.onRemoved();
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="outline" onClick={open}>
        Upload Image
      </Button>
      {uploaded ? (
        <>
          <span className="max-w-[16rem] truncate text-sm text-white/80" title={uploaded}>
            {uploaded}
          </span>
          <Button variant="ghost" onClick={remove} aria-label={`Remove ${uploaded}`}>
            Remove
          </Button>
        </>
      ) : null}
    </div>
  );
}
