// Paper from the desk: a full-window preview whose content is all that prints
// (body.print-preview-open scopes the print stylesheet to it), on A4 or
// Letter. Escape or Close returns to the desk.
import { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button, HTMLSelect } from '../ui/blueprint';
import './paper.css';

export type PaperSize = 'Letter' | 'A4';

export function PrintPreview({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose(): void;
  children: ReactNode;
}) {
  const [size, setSize] = useState<PaperSize>('Letter');
  useEffect(() => {
    document.body.classList.add('print-preview-open');
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => {
      document.body.classList.remove('print-preview-open');
      window.removeEventListener('keydown', onKey);
    };
  }, [onClose]);
  return createPortal(
    <div className="print-preview-host" role="dialog" aria-modal="true" aria-label={title}>
      <style>{`@page { size: ${size === 'A4' ? 'A4' : 'letter'}; margin: 12mm; }`}</style>
      <div className="print-toolbar">
        <strong>{title}</strong>
        <label>
          Paper{' '}
          <HTMLSelect
            value={size}
            onChange={(e) => setSize(e.currentTarget.value as PaperSize)}
            options={['Letter', 'A4']}
            aria-label="Paper size"
          />
        </label>
        <Button
          icon="print"
          intent="primary"
          text="Print"
          onClick={() => window.print()}
          autoFocus
        />
        <Button icon="cross" text="Close" onClick={onClose} />
      </div>
      <div className={`paper paper-${size.toLowerCase()}`}>{children}</div>
    </div>,
    document.body,
  );
}
