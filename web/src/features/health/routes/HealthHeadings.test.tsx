import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { headingProblems } from '@/components/heading-outline';
import { renderWithProviders } from '@/test/utils';
import FridgeHealth from './FridgeHealth';

describe('the health page without an id', () => {
  it('has its one h1 and no skipped level', () => {
    renderWithProviders(
      <Routes>
        <Route path="/locations/health/*" element={<FridgeHealth />} />
      </Routes>,
      { route: '/locations/health/' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Fridge health' })).toBeInTheDocument();
    expect(headingProblems(document.body)).toEqual([]);
  });
});
