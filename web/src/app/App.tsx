import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AuthGate } from '@/features/auth/AuthGate';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

function AppRouter() {
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} />;
}

export function App() {
  return (
    <AppProvider>
      <AuthGate>
        <AppRouter />
      </AuthGate>
    </AppProvider>
  );
}
