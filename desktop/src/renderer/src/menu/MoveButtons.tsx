// The two arrow buttons that move an item among its category's items or a
// category among the categories, from the keyboard (issue 22).
import { Button, type IconName } from '../ui/blueprint';

/** Each kind's two buttons, back then forward: icon and name. */
const LOOKS = {
  item: [
    ['arrow-up', 'Move up'],
    ['arrow-down', 'Move down'],
  ],
  category: [
    ['arrow-left', 'Move category earlier'],
    ['arrow-right', 'Move category later'],
  ],
} as const satisfies Record<string, readonly (readonly [IconName, string])[]>;

export function MoveButtons({
  index,
  count,
  busy,
  of,
  onMove,
}: {
  /** The place now (-1 when not found: both buttons are off). */
  index: number;
  count: number;
  busy: boolean;
  of: 'item' | 'category';
  onMove(position: number): void;
}) {
  const [back, forward] = LOOKS[of];
  return (
    <>
      <Button
        icon={back[0]}
        aria-label={back[1]}
        disabled={index <= 0 || busy}
        onClick={() => onMove(index - 1)}
      />
      <Button
        icon={forward[0]}
        aria-label={forward[1]}
        disabled={index < 0 || index >= count - 1 || busy}
        onClick={() => onMove(index + 1)}
      />
    </>
  );
}
