import { useId, useState, type ReactNode } from 'react';
import type { NewsContentType } from '@nocturne/contracts';
import { NEWS_CONTENT_TYPES } from '@nocturne/contracts/constants';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { humanise } from '@/lib/format';

export interface ImageUploadSlot {
  onUploaded: (objectPath: string) => void;
  onRemoved: () => void;
  /** A file was picked and is not uploaded yet (until onUploaded or onRemoved). */
  onPicked?: (fileName: string) => void;
}

/** Said next to the image field when Publish is pressed with a picked file not yet uploaded (PRODUCT.md §2.9). */
const imageNotUploaded = (fileName: string) =>
  `"${fileName}" is picked but not uploaded: upload it or remove it before publishing.`;

/**
 * Tracks a picked but not uploaded image, so the form refuses to publish without it. `blocks()`
 * answers true (and shows the message) while one is pending.
 */
export function usePendingImage() {
  const [pending, setPending] = useState<string | null>(null);
  const [shown, setShown] = useState(false);
  const messageId = useId();
  const settle = () => {
    setPending(null);
    setShown(false);
  };
  return {
    slot: (onUploaded: (objectPath: string) => void, onRemoved: () => void): ImageUploadSlot => ({
      onPicked: (fileName) => setPending(fileName),
      onUploaded: (objectPath) => {
        settle();
        onUploaded(objectPath);
      },
      onRemoved: () => {
        settle();
        onRemoved();
      },
    }),
    blocks: () => {
      if (pending === null) return false;
      setShown(true);
      return true;
    },
    reset: settle,
    message: shown && pending !== null ? { id: messageId, text: imageNotUploaded(pending) } : undefined,
  };
}

export interface PostDraft {
  title: string;
  content: string;
  contentType: NewsContentType;
  featuredImageUrl: string | null;
}

export const EMPTY_DRAFT: PostDraft = { title: '', content: '', contentType: 'announcement', featuredImageUrl: null };

/** Title and content must not be blank after trimming (PRODUCT.md §5). */
export const isBlank = (draft: PostDraft) => !draft.title.trim() || !draft.content.trim();

export const trimmed = (draft: PostDraft): PostDraft => ({ ...draft, title: draft.title.trim(), content: draft.content.trim() });

interface PostFieldsProps {
  draft: PostDraft;
  onChange: (change: Partial<PostDraft>) => void;
  /** What sits under "Featured Image (optional)": the upload widget, and in an edit the current image. */
  image?: ReactNode;
  /** Why the image keeps the post from being published, said next to the field. */
  imageMessage?: { id: string; text: string };
}

/** The fields a news post is written with, shared by the create and the edit form. */
export function PostFields({ draft, onChange, image, imageMessage }: PostFieldsProps) {
  const set = (field: 'title' | 'content' | 'contentType') => (event: { target: { value: string } }) =>
    onChange({ [field]: event.target.value });
  return (
    <>
      <TextField label="Title" name="title" requiredMark value={draft.title} onChange={set('title')} maxLength={200} />
      <SelectField label="Content Type" name="contentType" value={draft.contentType} onChange={set('contentType')}>
        {NEWS_CONTENT_TYPES.map((type) => (
          <option key={type} value={type}>
            {humanise(type)}
          </option>
        ))}
      </SelectField>
      <TextAreaField label="Content" name="content" rows={6} requiredMark value={draft.content} onChange={set('content')} />
      {image ? (
        <div className="grid gap-1.5">
          <p className="text-sm font-medium text-white/90">Featured Image (optional)</p>
          {image}
          {imageMessage ? (
            <p id={imageMessage.id} role="alert" className="text-sm text-red-300">
              {imageMessage.text}
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
