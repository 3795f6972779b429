import { useId, useState } from 'react';

export interface InfoTipProps {
  /** What the tip explains (shown on hover and on focus, read as the icon's description). */
  text: string;
  /** Accessible name of the icon button, e.g. 'About activeHour'. */
  label: string;
}

/**
 * An info icon that shows a short explanation on hover or keyboard focus
 * (Escape hides it). The text is also the button's description, so screen
 * readers hear it without opening anything.
 */
export function InfoTip({ text, label }: InfoTipProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <span
      style={{ position: 'relative', display: 'inline-flex', verticalAlign: 'middle' }}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
    >
      <button
        type="button"
        aria-label={label}
        aria-describedby={id}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
        // No `all: unset`: as an inline style it would also remove the focus ring of focus.css.
        style={{
          appearance: 'none',
          background: 'none',
          border: 0,
          padding: 0,
          margin: 0,
          font: 'inherit',
          color: 'inherit',
          cursor: 'help',
          display: 'inline-flex',
          borderRadius: '50%',
        }}
      >
        <svg
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="var(--amplify-colors-blue-80, #1565c0)"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-6h2zm0-8h-2V7h2z" />
        </svg>
      </button>
      <span
        role="tooltip"
        id={id}
        hidden={!open}
        style={{
          position: 'absolute',
          top: '100%',
          left: 0,
          zIndex: 10,
          marginTop: '0.25rem',
          width: 'max-content',
          maxWidth: '22rem',
          padding: '0.4rem 0.6rem',
          borderRadius: '4px',
          background: 'var(--amplify-colors-neutral-100, #333)',
          color: 'var(--amplify-colors-white, #fff)',
          fontSize: '0.85rem',
          fontWeight: 400,
          lineHeight: 1.3,
        }}
      >
        {text}
      </span>
    </span>
  );
}
