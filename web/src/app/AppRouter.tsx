import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './router';

/**
 * The signed-in console: the router, the layout and every route. Loaded
 * only after sign-in, so the sign-in page does not pay for them.
 */
export default function AppRouter() {
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} />;
}
