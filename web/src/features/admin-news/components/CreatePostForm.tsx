import { Fragment, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { reasonOr, toastError } from '@/lib/notify';
import { useCreateNewsPost } from '../api/admin-news';
import { checkedVenueIds, VenueCheckboxes } from '@/components/venue-checkboxes';
import { useVenueChoices } from '@/lib/venue-choices';
import { EMPTY_DRAFT, isBlank, PostFields, trimmed, usePendingImage, type ImageUploadSlot, type PostDraft } from './PostFields';

export type { ImageUploadSlot } from './PostFields';

/**
 * The create-post form (the staff's News tab and content page, PRODUCT.md §2.6). The upload widget is
 * passed in by the page (features do not import each other); it is remounted after each post so
 * the next one starts with no image.
 */
export function CreatePostForm({ imageUpload }: { imageUpload?: (slot: ImageUploadSlot) => ReactNode }) {
  const [draft, setDraft] = useState<PostDraft>(EMPTY_DRAFT);
  const [generation, setGeneration] = useState(0);
  const create = useCreateNewsPost();
  // A group of several venues: the post may be about chosen venues (none ticked: the whole group).
  const venues = useVenueChoices();
  const pendingImage = usePendingImage();
  const blank = isBlank(draft);
  const change = (next: Partial<PostDraft>) => setDraft((current) => ({ ...current, ...next }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A blank title or content is ignored (the button is disabled too).
    if (blank || create.isPending) return;
    // A picked image not yet uploaded would be silently left out: say so next to the field instead.
    if (pendingImage.blocks()) return;
    const venueIds = checkedVenueIds(new FormData(event.currentTarget), venues);
    create.mutate(
      { ...trimmed(draft), ...(venueIds?.length ? { venueIds } : {}) },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: 'News post created successfully.' });
          setDraft(EMPTY_DRAFT);
          setGeneration((value) => value + 1);
          pendingImage.reset();
        },
        onError: (error) => toastError(reasonOr(error, 'Failed to create news post.')),
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Create news post">
      <PostFields
        draft={draft}
        onChange={change}
        imageMessage={pendingImage.message}
        image={
          imageUpload ? (
            <Fragment key={generation}>
              {imageUpload(
                pendingImage.slot(
                  (objectPath) => change({ featuredImageUrl: objectPath }),
                  () => change({ featuredImageUrl: null }),
                ),
              )}
            </Fragment>
          ) : undefined
        }
      />
      <VenueCheckboxes key={generation} venues={venues} chosen={[]} />
      <Button type="submit" disabled={blank || create.isPending}>
        {create.isPending ? 'Creating...' : 'Create Post'}
      </Button>
    </form>
  );
}
