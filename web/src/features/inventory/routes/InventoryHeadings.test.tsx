import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { headingProblems } from '@/components/heading-outline';
import { renderWithProviders } from '@/test/utils';
import FridgeInventory from './FridgeInventory';

describe('the inventory page without an id', () => {
  it('has its one h1 and no skipped level', () => {
    renderWithProviders(
      <Routes>
        <Route path="/locations/inventory/*" element={<FridgeInventory />} />
      </Routes>,
      { route: '/locations/inventory/' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Fridge inventory' })).toBeInTheDocument();
    expect(headingProblems(document.body)).toEqual([]);
  });
});
