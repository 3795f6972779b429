import { describe, expect, it } from 'vitest';
import { driverSavedText, removeDriverQuestion } from './route-drivers';

describe('route driver messages', () => {
  it('asks before a route loses its driver', () => {
    expect(removeDriverQuestion('ann@example.com', 'r1', '2026-11-25')).toBe(
      'Remove ann@example.com as the driver of route r1 on 11/25/2026? The route will have no driver.',
    );
  });

  it('says what a saved change did', () => {
    expect(driverSavedText('carl@example.com', 'r1', '2026-11-25')).toBe(
      'carl@example.com now drives route r1 on 11/25/2026.',
    );
    expect(driverSavedText(null, 'r1', '2026-11-25')).toBe('Route r1 on 11/25/2026 has no driver now.');
  });
});
