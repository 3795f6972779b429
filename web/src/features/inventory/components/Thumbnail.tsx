import { useState } from 'react';

export interface ThumbnailProps {
  /** The item's picture (a short-lived presigned URL), or null. */
  url: string | null;
  /** Width and height in px. */
  size: number;
}

/**
 * An item's picture, or a neutral placeholder when there is none or it fails
 * to load (e.g. an expired presigned URL). Decorative: the item name is always
 * shown next to it. A new URL (the inventory is re-read) gets a new chance.
 */
export function Thumbnail({ url, size }: ThumbnailProps) {
  return <Picture key={url ?? ''} url={url} size={size} />;
}

function Picture({ url, size }: ThumbnailProps) {
  const [failed, setFailed] = useState(false);
  const box = { width: size, height: size, flex: 'none', borderRadius: '6px' } as const;
  if (!url || failed) {
    return (
      <span
        data-testid="thumbnail-placeholder"
        aria-hidden="true"
        style={{
          ...box,
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: 'var(--amplify-colors-neutral-20, #e8eaed)',
          color: 'var(--amplify-colors-neutral-60, #7a8187)',
        }}
      >
        <svg
          width={size * 0.5}
          height={size * 0.5}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          focusable="false"
        >
          <path d="M3 7.5 12 3l9 4.5v9L12 21l-9-4.5z" />
          <path d="M3 7.5 12 12l9-4.5M12 12v9" />
        </svg>
      </span>
    );
  }
  return (
    <img
      src={url}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      onError={() => setFailed(true)}
      style={{ ...box, objectFit: 'contain', background: 'var(--amplify-colors-background-secondary, #f5f5f5)' }}
    />
  );
}
