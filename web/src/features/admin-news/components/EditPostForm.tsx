import { useState, type FormEvent, type ReactNode } from 'react';
import type { NewsPost } from '@nocturne/contracts';
import { Button } from '@/components/ui/button';
import { FeaturedMedia } from '@/components/ui/featured-media';
import { toast } from '@/components/ui/use-toast';
import { reasonOr, toastError } from '@/lib/notify';
import { useUpdateNewsPost } from '../api/admin-news';
import { checkedVenueIds, VenueCheckboxes } from '@/components/venue-checkboxes';
import { useVenueChoices } from '@/lib/venue-choices';
import { isBlank, PostFields, trimmed, usePendingImage, type ImageUploadSlot, type PostDraft } from './PostFields';

interface EditPostFormProps {
  post: NewsPost;
  imageUpload?: (slot: ImageUploadSlot) => ReactNode;
  onDone: () => void;
}

/**
 * The create form's fields, prefilled with the post. The image is kept, replaced by a new upload
 * (removing that upload again brings the post's own image back) or removed with "Remove Image".
 */
export function EditPostForm({ post, imageUpload, onDone }: EditPostFormProps) {
  const [draft, setDraft] = useState<PostDraft>({
    title: post.title,
    content: post.content,
    contentType: post.contentType,
    featuredImageUrl: post.featuredImageUrl,
  });
  const update = useUpdateNewsPost();
  const venues = useVenueChoices();
  const pendingImage = usePendingImage();
  const blank = isBlank(draft);
  const change = (next: Partial<PostDraft>) => setDraft((current) => ({ ...current, ...next }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blank || update.isPending) return;
    // A picked image not yet uploaded would be silently left out: say so next to the field instead.
    if (pendingImage.blocks()) return;
    const venueIds = checkedVenueIds(new FormData(event.currentTarget), venues);
    const venuesChanged = venueIds !== undefined && venueIds.join() !== (post.venueIds ?? []).join();
    update.mutate(
      { id: post.id, changes: { ...trimmed(draft), ...(venuesChanged ? { venueIds } : {}) } },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: 'News post updated successfully.' });
          onDone();
        },
        onError: (error) => toastError(reasonOr(error, 'Failed to update news post.')),
      },
    );
  };

  const image = (
    <>
      {draft.featuredImageUrl ? (
        <div className="flex flex-wrap items-center gap-3">
          <FeaturedMedia objectPath={draft.featuredImageUrl} className="h-16 w-16 rounded bg-black object-cover" />
          <Button variant="ghost" onClick={() => change({ featuredImageUrl: null })}>
            Remove Image
          </Button>
        </div>
      ) : (
        <p className="text-xs text-white/75">No image.</p>
      )}
      {imageUpload?.(
        pendingImage.slot(
          (objectPath) => change({ featuredImageUrl: objectPath }),
          () => change({ featuredImageUrl: post.featuredImageUrl }),
        ),
      )}
    </>
  );

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label={`Edit news post: ${post.title}`}>
      <PostFields draft={draft} onChange={change} image={image} imageMessage={pendingImage.message} />
      <VenueCheckboxes venues={venues} chosen={post.venueIds} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={blank || update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
