import { lazy, Suspense } from 'react';
import { Button } from '@/components/ui/button';
import type { FeaturedImageUploadProps } from './FeaturedImageUpload';

const FeaturedImageUpload = lazy(() =>
  import('./FeaturedImageUpload').then((module) => ({ default: module.FeaturedImageUpload })),
);

/** The upload button with Uppy in its own chunk, fetched when the admin form first renders. */
export function LazyFeaturedImageUpload(props: FeaturedImageUploadProps) {
  return (
    <Suspense
      fallback={
        <Button variant="outline" disabled>
          Upload Image
        </Button>
      }
    >
      <FeaturedImageUpload {...props} />
    </Suspense>
  );
}
