import type { ReactNode } from 'react';
import { Guard } from '@/components/Guard';
import type { Call } from '@/lib/access';

/**
 * A control whose action makes several calls (Complete Now deletes, then schedules again): it is
 * refused, with the reason of the first call the user may not make, unless the user may make all.
 */
export function GuardAll({
  calls,
  children,
}: {
  calls: readonly (Call | string)[];
  children: (disabled: boolean) => ReactNode;
}) {
  const [first, ...rest] = calls;
  if (first === undefined) return <>{children(false)}</>;
  return (
    <Guard call={first}>
      {(disabled) => (disabled ? children(true) : <GuardAll calls={rest}>{children}</GuardAll>)}
    </Guard>
  );
}
