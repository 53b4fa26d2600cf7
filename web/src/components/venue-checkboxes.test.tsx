import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import type { VenueChoice } from '@nocturne/contracts';
import { VenueCheckboxes } from './venue-checkboxes';

const venue = (id: number, name: string, mine: boolean): VenueChoice => ({ id, name, archived: false, mine });
const group = (mine: boolean[]) => [
  venue(1, 'Nocturne', mine[0]!),
  venue(2, 'The Velvet Room', mine[1]!),
  venue(3, 'Lantern Bar', mine[2]!),
];
const boxes = () =>
  screen.getAllByRole('checkbox').map((box) => ({
    name: box.parentElement?.textContent,
    checked: (box as HTMLInputElement).checked,
    disabled: (box as HTMLInputElement).disabled,
  }));

describe('venue checkboxes', () => {
  it('offer a group account every venue, none ticked meaning the whole group', () => {
    render(<VenueCheckboxes venues={group([true, true, true])} chosen={undefined} />);
    expect(screen.getByRole('group')).toHaveTextContent('Venues (none ticked: the whole group)');
    expect(boxes().map((box) => box.name)).toEqual(['Nocturne', 'The Velvet Room', 'Lantern Bar']);
    expect(boxes().some((box) => box.checked)).toBe(false);
  });

  it("offer a manager of one venue that venue only, ticked on a new item, since its items are that venue's", () => {
    render(<VenueCheckboxes venues={group([false, true, false])} chosen={[]} />);
    expect(screen.getByRole('group')).toHaveTextContent('Venues (this account’s venues: tick at least one)');
    expect(boxes()).toEqual([{ name: 'The Velvet Room', checked: true, disabled: false }]);
  });

  it('show what else an item is for to a manager of some venues, not changeable', () => {
    render(<VenueCheckboxes venues={group([false, true, false])} chosen={[2, 3]} />);
    expect(boxes()).toEqual([
      { name: 'The Velvet Room', checked: true, disabled: false },
      { name: 'Lantern Bar', checked: true, disabled: true },
    ]);
  });
});
