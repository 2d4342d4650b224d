import { useLingui } from '@lingui/react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { hostToasts } from '../lib/toasts';
import { CloseButton } from './close-button';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal dialog named by its title, on the native `<dialog>` opened with `showModal()`: the browser
 * keeps the page behind it inert, keeps Tab inside and turns Escape into `cancel`. Focus moves to
 * its body's first control on open, Escape or a click on the backdrop closes it, and focus returns
 * to where it was. Toasts show inside it while it is open. Render it only while open.
 */
export function Modal({ title, onClose, children }: ModalProps) {
  const { i18n } = useLingui();
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const toastsRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    const toasts = toastsRef.current;
    if (!dialog || !toasts) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    // showModal focuses the first control of all, the header's close button: the body's comes first.
    dialog.querySelector('.modal-body')?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    // The dialog sits in the top layer: a toast list outside it would be dimmed under its backdrop
    // and inert, so unread by screen readers.
    const releaseToasts = hostToasts(toasts);
    return () => {
      releaseToasts();
      dialog.close();
      previous?.focus();
    };
  }, []);

  return createPortal(
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a click on the backdrop is a pointer shortcut; Escape and the close button are the keyboard's.
    <dialog
      ref={dialogRef}
      className="modal"
      aria-labelledby={titleId}
      onCancel={(event) => {
        // The parent closes it by no longer rendering it.
        event.preventDefault();
        onClose();
      }}
      onMouseDown={(event) => {
        // The dialog itself, not its content, is under the pointer only on the backdrop.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <header className="modal-header">
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        <CloseButton label={i18n._('app.close')} onClick={onClose} />
      </header>
      <div className="modal-body">{children}</div>
      <div ref={toastsRef} />
    </dialog>,
    document.body,
  );
}
