/** A plain labelled checkbox: the whole label is the click target. */
export function Check({
  label,
  checked,
  onChange,
  disabled = false,
}: {
  label: string;
  checked: boolean;
  onChange: () => void;
  disabled?: boolean;
}) {
  return (
    <label
      style={{ display: 'inline-flex', alignItems: 'center', gap: '0.4rem', cursor: disabled ? 'default' : 'pointer' }}
    >
      <input type="checkbox" checked={checked} onChange={onChange} disabled={disabled} />
      {label}
    </label>
  );
}
