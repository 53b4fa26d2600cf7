import { useState, type FormEvent, type ReactNode } from 'react';
import type { NewsContentType } from '@nocturne/contracts';
import { NEWS_CONTENT_TYPES } from '@nocturne/contracts/constants';
import { Button } from '@/components/ui/button';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { humanise } from '@/lib/format';
import { reasonOr, toastError } from '@/lib/notify';
import { useCreateNewsPost } from '../api/admin-news';

export interface ImageUploadSlot {
  onUploaded: (objectPath: string) => void;
  onRemoved: () => void;
}

interface Draft {
  title: string;
  content: string;
  contentType: NewsContentType;
  featuredImageUrl: string | null;
}

const EMPTY: Draft = { title: '', content: '', contentType: 'announcement', featuredImageUrl: null };

/**
 * SPEC 2's create-post form (admin News tab and the admin content page). The upload widget is
 * passed in by the page (features do not import each other); it is remounted after each post so
 * the next one starts with no image.
 */
export function CreatePostForm({ imageUpload }: { imageUpload?: (slot: ImageUploadSlot) => ReactNode }) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [generation, setGeneration] = useState(0);
  const create = useCreateNewsPost();
  const blank = !draft.title.trim() || !draft.content.trim();
  const set = (field: 'title' | 'content' | 'contentType') => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // SPEC 5: blank title or content is ignored (the button is disabled too).
    if (blank || create.isPending) return;
    create.mutate(
      { ...draft, title: draft.title.trim(), content: draft.content.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: 'News post created successfully.' });
          setDraft(EMPTY);
          setGeneration((value) => value + 1);
        },
        onError: (error) => toastError(reasonOr(error, 'Failed to create news post.')),
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Create news post">
      <TextField label="Title" name="title" requiredMark value={draft.title} onChange={set('title')} maxLength={200} />
      <SelectField label="Content Type" name="contentType" value={draft.contentType} onChange={set('contentType')}>
        {NEWS_CONTENT_TYPES.map((type) => (
          <option key={type} value={type}>
            {humanise(type)}
          </option>
        ))}
      </SelectField>
      <TextAreaField label="Content" name="content" rows={6} requiredMark value={draft.content} onChange={set('content')} />
      {imageUpload ? (
        <div className="grid gap-1.5" key={generation}>
          <p className="text-sm font-medium text-white/90">Featured Image (optional)</p>
          {imageUpload({
            onUploaded: (objectPath) => setDraft((current) => ({ ...current, featuredImageUrl: objectPath })),
            onRemoved: () => setDraft((current) => ({ ...current, featuredImageUrl: null })),
          })}
        </div>
      ) : null}
      <Button type="submit" disabled={blank || create.isPending}>
        {create.isPending ? 'Creating...' : 'Create Post'}
      </Button>
    </form>
  );
}
