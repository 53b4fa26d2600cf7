import { useState } from 'react';
import type { NamedDoor } from '@nocturne/contracts';
import { Button } from '@/components/ui/button';
import { type ChosenDoor, chooseDoor, chosenDoor } from '@/lib/door-device';
import { useDoorsToPick } from '../api/doors';

/**
 * The door this phone is at: asked on door mode's first screen when the venue named doors, then
 * remembered on the phone and sent with every check and redeem. A remembered door that was
 * archived (or renamed) is asked again (or follows the new name). With no doors named: null, and
 * door mode asks nothing.
 */
export function useChosenDoor() {
  const doors = useDoorsToPick();
  const [chosen, setChosen] = useState<ChosenDoor | null>(() => chosenDoor());
  const list = doors.data?.doors ?? [];
  const current = chosen ? (list.find((door) => door.id === chosen.id) ?? null) : null;
  const choose = (door: NamedDoor | null) => {
    chooseDoor(door);
    setChosen(door);
  };
  // Until the list is in, the door remembered stands (its header goes with every request anyway).
  if (!doors.data) return { asking: false, door: chosen, doors: list, choose };
  if (current && current.name !== chosen?.name) chooseDoor(current);
  return { asking: list.length > 0 && !current, door: current, doors: list, choose };
}

export function DoorPicker({ doors, onPick }: { doors: NamedDoor[]; onPick: (door: NamedDoor) => void }) {
  const several = new Set(doors.map((door) => door.venueId)).size > 1;
  return (
    <section aria-labelledby="door-picker" className="grid gap-3">
      <h2 id="door-picker" className="text-center text-2xl font-semibold">
        Which door is this?
      </h2>
      <p className="text-center text-white/70">Asked once: this phone remembers it.</p>
      {doors.map((door) => (
        <Button key={door.id} className="min-h-14 text-lg" onClick={() => onPick(door)}>
          {door.name}
          {several ? ` · ${door.venueName}` : ''}
        </Button>
      ))}
    </section>
  );
}
