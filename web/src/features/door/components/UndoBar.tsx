import { Button } from '@/components/ui/button';
import { useNow } from '@/lib/use-now';
import type { LastRedemption } from '../hooks/use-door-session';
import { mmss } from './door-format';

/** The last redemption this device made, with Undo while its window lasts (the countdown beside it). */
export function UndoBar({ last, undoing, onUndo }: { last: LastRedemption; undoing: boolean; onUndo: () => void }) {
  const now = useNow(1000);
  const left = Math.ceil((last.undoableUntil - now) / 1000);
  if (left <= 0) return null;
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl border border-white/15 bg-night-900 px-4 py-3">
      <p className="min-w-0 text-sm text-white/85">
        {last.message} <span className="text-white/60">(undo for {mmss(left)})</span>
      </p>
      <Button variant="outline" onClick={onUndo} disabled={undoing}>
        {undoing ? 'Undoing...' : 'Undo'}
      </Button>
    </div>
  );
}
