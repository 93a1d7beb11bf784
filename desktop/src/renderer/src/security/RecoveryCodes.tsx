// The recovery codes, shown once after the set-up or when new ones are made
// (issue 15): download, print or copy them; "I have saved them" ends the step.
import { Button, Callout } from '../ui/blueprint';
import { toast } from '../ui/toaster';

/** The recovery codes as a text file the owner keeps (download or print). */
export const recoveryCodesText = (codes: readonly string[], email?: string) =>
  [
    `Recovery codes for the bakery's back office${email ? ` (${email})` : ''}`,
    'Each signs you in once without your phone. Keep them somewhere safe.',
    '',
    ...codes,
    '',
  ].join('\n');

function downloadCodes(codes: readonly string[]) {
  const url = URL.createObjectURL(new Blob([recoveryCodesText(codes)], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'bakery-recovery-codes.txt';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Prints the recovery codes alone (styles.css scopes its print rule to this class). */
function printCodes() {
  document.body.classList.add('printing-codes');
  window.addEventListener('afterprint', () => document.body.classList.remove('printing-codes'), {
    once: true,
  });
  window.print();
}

export function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved(): void }) {
  return (
    <section aria-label="Recovery codes">
      <Callout intent="warning" className="banner">
        Keep these recovery codes somewhere safe (printed, or in a password manager). Each signs you
        in once if you lose your phone. They are shown only now.
      </Callout>
      <ul className="recovery-codes" aria-label="Your recovery codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <Button icon="download" text="Download as .txt" onClick={() => downloadCodes(codes)} />{' '}
      <Button icon="print" text="Print" onClick={printCodes} />{' '}
      <Button
        icon="duplicate"
        text="Copy codes"
        onClick={() =>
          void navigator.clipboard
            ?.writeText(codes.join('\n'))
            .then(() => toast('Copied', 'The recovery codes are on the clipboard.'))
            .catch(() => undefined)
        }
      />{' '}
      <Button intent="primary" text="I have saved them" onClick={onSaved} />
    </section>
  );
}
