// One item's net weight and its labels (issue 26): the weight saved through
// useAllergens, the labels a PDF saved by LabelButtons' saveLabels.
import { useState } from 'react';
import { menuItems, getMenuItem, type AllergenOverviewView, type LabelFormat } from '@bakery/core';
import { Button, Card, H5, HTMLSelect } from '../ui/blueprint';
import { optionsWithEvery, TextField } from '../ui/fields';
import { LABEL_FORMAT_NAMES, saveLabels } from './LabelButtons';
import { useSaveNetWeight } from './useAllergens';

export function ItemLabels({ overview }: { overview: AllergenOverviewView }) {
  const [productId, setProductId] = useState(() => menuItems()[0]!.id);
  const [variantId, setVariantId] = useState('');
  const [grams, setGrams] = useState('');
  const [format, setFormat] = useState<LabelFormat>('avery5163');
  const [count, setCount] = useState('10');
  const item = getMenuItem(productId);
  const current = overview.netWeights.find(
    (w) => w.productId === productId && w.variantId === variantId,
  );
  const saveWeight = useSaveNetWeight();
  return (
    <Card>
      <H5>One item: net weight and labels</H5>
      <div className="button-row">
        <HTMLSelect
          aria-label="Menu item"
          value={productId}
          onChange={(e) => {
            setProductId(e.currentTarget.value);
            setVariantId('');
          }}
          options={menuItems().map((i) => ({ value: i.id, label: i.name }))}
        />
        {item?.variants && (
          <HTMLSelect
            aria-label="Option"
            value={variantId}
            onChange={(e) => setVariantId(e.currentTarget.value)}
            options={optionsWithEvery('Every option', item.variants)}
          />
        )}
      </div>
      <div className="button-row">
        <TextField
          id="net-weight-grams"
          label={`Net weight in grams${current ? ` (now ${current.grams} g)` : ''}`}
          inline
          type="number"
          min={0}
          value={grams}
          onChange={setGrams}
        />
        <Button
          small
          text="Save weight"
          loading={saveWeight.isPending}
          onClick={() => saveWeight.mutate({ productId, variantId, grams: Number(grams) })}
        />
      </div>
      <div className="button-row">
        <HTMLSelect
          aria-label="Label format"
          value={format}
          onChange={(e) => setFormat(e.currentTarget.value as LabelFormat)}
        >
          {(['avery5163', 'thermal'] as const).map((f) => (
            <option key={f} value={f}>
              {LABEL_FORMAT_NAMES[f]}
            </option>
          ))}
        </HTMLSelect>
        <TextField
          id="label-count"
          label="Labels"
          inline
          type="number"
          min={1}
          max={100}
          value={count}
          onChange={setCount}
        />
        <Button
          icon="document"
          text="Print labels"
          onClick={() =>
            void saveLabels({
              productId,
              format,
              count,
              ...(variantId ? { variantId } : {}),
            })
          }
        />
      </div>
    </Card>
  );
}
