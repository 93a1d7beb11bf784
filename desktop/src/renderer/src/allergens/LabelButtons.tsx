// Print product labels (issue 26): the day's labels as a PDF made by the
// server, on Avery 5163 sheets or thermal labels, saved (the browser
// downloads it; the desktop app asks where) and opened from there to print.
import { useState } from 'react';
import { formatLongDate, ROUTES, type LabelFormat } from '@bakery/core';
import { messageOf } from '../api/client';
import { downloadFile } from '../api/downloadFile';
import { Button } from '../ui/blueprint';
import { toast } from '../ui/toaster';
import './allergens.css';

export const LABEL_FORMAT_NAMES: Readonly<Record<LabelFormat, string>> = {
  avery5163: 'Avery 5163 sheet',
  thermal: 'Thermal 2.25" × 1.25"',
};

/** Fetches a label PDF (named by the server) and saves it; says so in a toast. */
export async function saveLabels(query: Record<string, string>): Promise<void> {
  try {
    const res = await downloadFile(ROUTES.labels, { query });
    if (res.saved)
      toast(
        'Labels ready',
        res.path ? `Saved to ${res.path}` : `${res.name} downloaded`,
        'success',
      );
  } catch (err) {
    toast('Labels failed', messageOf(err, 'Failed to make the labels'));
  }
}

/** "Product labels: Avery 5163 | Thermal" for the orders due on `date`. */
export function LabelButtons({ date, small }: { date: string; small?: boolean }) {
  const [busy, setBusy] = useState<LabelFormat | null>(null);
  const print = (format: LabelFormat) => {
    setBusy(format);
    void saveLabels({ date, format }).finally(() => setBusy(null));
  };
  return (
    <span
      className="label-buttons"
      role="group"
      aria-label={`Product labels for ${formatLongDate(date)}`}
    >
      {(['avery5163', 'thermal'] as const).map((format) => (
        <Button
          key={format}
          icon="document"
          small={small}
          loading={busy === format}
          text={format === 'avery5163' ? 'Product labels (Avery 5163)' : 'Product labels (thermal)'}
          title={`Ingredient and allergen labels of every item due ${formatLongDate(date)}, ${LABEL_FORMAT_NAMES[format]}`}
          onClick={() => print(format)}
        />
      ))}
    </span>
  );
}
