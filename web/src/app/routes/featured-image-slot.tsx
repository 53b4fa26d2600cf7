import type { ImageUploadSlot } from '@/features/admin-news/components/CreatePostForm';
import { LazyFeaturedImageUpload } from '@/features/media-upload/components/LazyFeaturedImageUpload';

/**
 * The media feature's upload widget plugged into the admin news form (features do not import
 * each other). Uppy and its CSS load in their own chunk when the form first renders.
 */
export function featuredImageSlot(slot: ImageUploadSlot) {
  return <LazyFeaturedImageUpload onUploaded={slot.onUploaded} onRemoved={slot.onRemoved} onPicked={slot.onPicked} />;
}
