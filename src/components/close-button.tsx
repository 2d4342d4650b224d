interface CloseButtonProps {
  /** What it closes, read in place of the ×: "Close", "Dismiss". */
  label: string;
  onClick: () => void;
  className?: string;
}

/** The × that closes a dialog, a panel, a banner or a toast: a button named by its label. */
export function CloseButton({ label, onClick, className = 'icon-button' }: CloseButtonProps) {
  return (
    <button type="button" className={className} aria-label={label} onClick={onClick}>
      ×
    </button>
  );
}
