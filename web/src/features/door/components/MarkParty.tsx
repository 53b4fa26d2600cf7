import type { MarkArrivedResponse } from '@nocturne/contracts';
import { Button } from '@/components/ui/button';
import { markingProblem, useMarkPartyIn } from '../api/guest-list';

/**
 * How many of a guest-list party came in: one button per count, the member (or named guest) and
 * up to their plus-ones, pressed once. Marked, the api's words replace the buttons; refused (already
 * marked at another door), its words say so.
 */
export function MarkParty({
  entryId,
  plusOnes,
  arrivedCount,
  onMarked,
}: {
  entryId: string;
  plusOnes: number;
  /** Already marked (null: not yet). */
  arrivedCount: number | null;
  onMarked?: (answer: MarkArrivedResponse) => void;
}) {
  const mark = useMarkPartyIn();
  if (mark.data) {
    return (
      <p role="status" className="rounded-lg bg-black/30 px-4 py-2 text-lg font-semibold">
        {mark.data.message}
      </p>
    );
  }
  if (mark.error) {
    return (
      <p role="alert" className="rounded-lg bg-red-950/70 px-4 py-2 text-lg font-semibold">
        {markingProblem(mark.error)}
      </p>
    );
  }
  if (arrivedCount !== null) {
    return (
      <p role="status" className="rounded-lg bg-black/30 px-4 py-2 text-lg">
        Already marked: {arrivedCount} of the party came in
      </p>
    );
  }
  const counts = Array.from({ length: plusOnes + 1 }, (_, i) => i + 1);
  return (
    <div role="group" aria-label="How many came in" className="flex flex-wrap gap-2">
      {counts.map((count) => (
        <Button
          key={count}
          variant="gold"
          disabled={mark.isPending}
          onClick={() => mark.mutate({ entryId, count }, { onSuccess: onMarked })}
          aria-label={count === 1 ? 'Mark 1 in' : `Mark ${count} in`}
        >
          {count} in
        </Button>
      ))}
    </div>
  );
}
