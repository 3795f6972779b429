import { Link, type LinkProps } from 'react-router-dom';
import { useAccess } from '@/lib/access/useAccess';

/**
 * A link to a screen of the console, left out for a user who may not open it
 * (the access kit's SCREEN_NEEDS), as the navigation leaves out its entries:
 * a link that only leads to a refusal is a dead end. Left out while the access
 * is loading too, so that it never appears and then goes.
 */
export function ScreenLink({ to, ...props }: LinkProps & { to: string }) {
  const { canOpen } = useAccess();
  if (!canOpen(to)) return null;
  return <Link to={to} {...props} />;
}
