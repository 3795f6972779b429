import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { headingProblems } from '@/components/heading-outline';
import { applyTestConfig } from '@/test/utils';
import CustomersGroupNotice from './CustomersGroupNotice';
import DeliveryNotice from './DeliveryNotice';
import ErrorPage from './ErrorPage';
import NotFound from './NotFound';
import Placeholder from './Placeholder';

beforeEach(() => applyTestConfig());

describe('placeholders and notices', () => {
  it.each([
    ['Placeholder', <Placeholder key="p" name="LogiNext" spec="2-fleet §2.7" />, 'LogiNext — coming soon'],
    ['CustomersGroupNotice', <CustomersGroupNotice key="c" />, 'Customer groups'],
    ['DeliveryNotice', <DeliveryNotice key="d" />, 'Delivery'],
    ['NotFound', <NotFound key="n" />, 'Sorry, page not found!'],
    ['ErrorPage', <ErrorPage key="e" />, 'An error occurred. Please report to the Technology team'],
  ])('%s has one h1 and skips no level', (_, ui, title) => {
    render(<MemoryRouter>{ui}</MemoryRouter>);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(headingProblems()).toEqual([]);
  });
});
