interface ToggleProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  name?: string;
  disabled?: boolean;
}

/** An on/off switch: a real checkbox (keyboard and forms work) drawn as a switch, named by its label. */
export function Toggle({ label, checked, onChange, name, disabled }: ToggleProps) {
  return (
    <label className="toggle">
      <span className="toggle-label">{label}</span>
      <input
        type="checkbox"
        role="switch"
        className="toggle-input"
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="toggle-track" aria-hidden="true" />
    </label>
  );
}
