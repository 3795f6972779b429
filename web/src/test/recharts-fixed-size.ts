import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';

/**
 * recharts with a ResponsiveContainer that hands its chart a fixed size: jsdom has no layout, and recharts draws
 * nothing at 0×0. For `vi.mock('recharts', async (original) => withFixedSize(await original()))`.
 */
export function withFixedSize<T extends object>(actual: T): T {
  return {
    ...actual,
    ResponsiveContainer: ({ children }: { children: ReactNode }) =>
      isValidElement(children)
        ? cloneElement(children as ReactElement<{ width: number; height: number }>, { width: 600, height: 300 })
        : null,
  };
}
