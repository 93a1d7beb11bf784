// The two arrow buttons that move an item among its category's items or a
// category among the categories, from the keyboard (issue 22).
import { Button, type IconName } from '../ui/blueprint';

const LOOKS: Record<
  'item' | 'category',
  { icons: [IconName, IconName]; labels: [string, string] }
> = {
  item: { icons: ['arrow-up', 'arrow-down'], labels: ['Move up', 'Move down'] },
  category: {
    icons: ['arrow-left', 'arrow-right'],
    labels: ['Move category earlier', 'Move category later'],
  },
};

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
  const { icons, labels } = LOOKS[of];
  return (
    <>
      <Button
        icon={icons[0]}
        aria-label={labels[0]}
        disabled={index <= 0 || busy}
        onClick={() => onMove(index - 1)}
      />
      <Button
        icon={icons[1]}
        aria-label={labels[1]}
        disabled={index < 0 || index >= count - 1 || busy}
        onClick={() => onMove(index + 1)}
      />
    </>
  );
}
