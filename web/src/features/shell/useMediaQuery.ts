// The shell's query; the hook is the one the features share (lib/media-query.ts).
export { useMediaQuery } from '@/lib/media-query';

/** Below this width the navigation collapses into one Menu button (styles.css uses the same). */
export const NARROW_NAV_QUERY = '(max-width: 899.98px)';
