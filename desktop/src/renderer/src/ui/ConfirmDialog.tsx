import { Alert, type Intent } from '@blueprintjs/core';
import { useEffect, type ReactNode } from 'react';

interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  confirmText: string;
  cancelText?: string;
  intent?: Intent;
  /** Focus the confirm button when it opens (issue 38: the counter's hand-over, Enter confirms). */
  focusConfirm?: boolean;
  onConfirm(): void;
  onClose(): void;
  children: ReactNode;
}

/**
 * A yes/no question before an action that cannot be taken back or that mails
 * a customer. Escape and the Cancel button close it; focus starts on Cancel's
 * side of the dialog (Blueprint's Alert), so Enter alone never deletes.
 */
export function ConfirmDialog({
  isOpen,
  title,
  confirmText,
  cancelText = 'Keep it',
  intent = 'danger',
  focusConfirm = false,
  onConfirm,
  onClose,
  children,
}: ConfirmDialogProps) {
  // Blueprint listens for Escape inside the dialog, which has focus only once
  // its opening transition ends; an Escape pressed at once must close it too.
  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isOpen, onClose]);
  // Blueprint's Alert offers no initial focus: the confirm button is found once it is shown.
  useEffect(() => {
    if (!isOpen || !focusConfirm) return;
    let tries = 0;
    const timer = setInterval(() => {
      const button = [...document.querySelectorAll<HTMLButtonElement>('.bp6-alert button')].find(
        (b) => b.textContent?.trim() === confirmText,
      );
      if (button) button.focus();
      if (button || ++tries > 20) clearInterval(timer);
    }, 25);
    return () => clearInterval(timer);
  }, [isOpen, focusConfirm, confirmText]);
  return (
    <Alert
      isOpen={isOpen}
      intent={intent}
      canEscapeKeyCancel
      canOutsideClickCancel
      cancelButtonText={cancelText}
      confirmButtonText={confirmText}
      onCancel={onClose}
      onConfirm={() => {
        onClose();
        onConfirm();
      }}
      aria-label={title}
    >
      <h4 className="bp6-heading" style={{ marginTop: 0 }}>
        {title}
      </h4>
      {children}
    </Alert>
  );
}

/**
 * The same question about one thing a screen holds in state (the review to
 * delete, the role to change): open while `about` is set, closed by setting
 * it back to null; `onConfirm` gets the thing.
 */
export function ConfirmAbout<T>({
  about,
  setAbout,
  onConfirm,
  ...dialog
}: Omit<ConfirmDialogProps, 'isOpen' | 'onClose' | 'onConfirm'> & {
  about: T | null;
  setAbout(value: null): void;
  onConfirm(about: T): void;
}) {
  return (
    <ConfirmDialog
      {...dialog}
      isOpen={about !== null}
      onClose={() => setAbout(null)}
      onConfirm={() => about !== null && onConfirm(about)}
    />
  );
}
