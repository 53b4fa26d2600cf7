import type { ReactNode } from 'react';
import type { NewsContentType } from '@nocturne/contracts';
import { NEWS_CONTENT_TYPES } from '@nocturne/contracts/constants';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { humanise } from '@/lib/format';

export interface ImageUploadSlot {
  onUploaded: (objectPath: string) => void;
  onRemoved: () => void;
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
}

/** The fields a news post is written with, shared by the create and the edit form. */
export function PostFields({ draft, onChange, image }: PostFieldsProps) {
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
        </div>
      ) : null}
    </>
  );
}
