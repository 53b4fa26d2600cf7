import { COMMENT_VISIBILITIES, type CommentVisibility } from '@nocturne/contracts/constants';
import { SelectField, TextField } from '@/components/ui/field';
import { capitalise } from '@/lib/format';
import { usePostChoices } from '../api/admin-comments';

export interface Picked {
  id: string;
  label: string;
}

interface CommentFiltersProps {
  search: string;
  onSearch: (text: string) => void;
  post: Picked | null;
  onPost: (post: Picked | null) => void;
  member: Picked | null;
  onMember: (member: Picked | null) => void;
  status: CommentVisibility;
  onStatus: (status: CommentVisibility) => void;
}

/** Search, post and status controls, and the chosen post and member as chips that clear them. */
export function CommentFilters(props: CommentFiltersProps) {
  const { search, onSearch, post, onPost, member, onMember, status, onStatus } = props;
  const choices = usePostChoices().data ?? [];
  // A post picked from a comment may be older than the choices: it stays selectable.
  const options =
    post && !choices.some((choice) => choice.id === post.id) ? [{ id: post.id, title: post.label }, ...choices] : choices;
  return (
    <div className="mb-4 grid gap-3">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_2fr_1fr]">
        <TextField
          label="Search comments"
          type="search"
          placeholder="Text, member name or email"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
        />
        <SelectField
          label="Post"
          value={post?.id ?? ''}
          onChange={(event) => {
            const chosen = options.find((option) => option.id === event.target.value);
            onPost(chosen ? { id: chosen.id, label: chosen.title } : null);
          }}
        >
          <option value="">All posts</option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.title}
            </option>
          ))}
        </SelectField>
        <SelectField label="Status" value={status} onChange={(event) => onStatus(event.target.value as CommentVisibility)}>
          {COMMENT_VISIBILITIES.map((value) => (
            <option key={value} value={value}>
              {capitalise(value)}
            </option>
          ))}
        </SelectField>
      </div>
      {member || post ? (
        <ul aria-label="Active filters" className="flex flex-wrap gap-2">
          {member ? <Chip label={`Member: ${member.label}`} onClear={() => onMember(null)} /> : null}
          {post ? <Chip label={`Post: ${post.label}`} onClear={() => onPost(null)} /> : null}
        </ul>
      ) : null}
    </div>
  );
}

function Chip({ label, onClear }: { label: string; onClear: () => void }) {
  return (
    <li className="flex max-w-full items-center gap-1 rounded-full border border-gold/50 bg-gold/10 py-1 pl-3 pr-1 text-sm text-gold-light">
      <span className="min-w-0 break-words">{label}</span>
      <button
        type="button"
        onClick={onClear}
        aria-label={`Clear filter ${label}`}
        className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-lg hover:bg-gold/20 focus-visible:outline-2 focus-visible:outline-gold"
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}
