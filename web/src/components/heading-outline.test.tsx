import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { headingProblems } from './heading-outline';
import { Modal } from './Modal';
import { Page } from './Page';

describe('headingProblems', () => {
  it('accepts one h1 and levels that go down one at a time', () => {
    const { container } = render(
      <div>
        <h1>A</h1>
        <h2>B</h2>
        <h3>C</h3>
        <h2>D</h2>
      </div>,
    );
    expect(headingProblems(container)).toEqual([]);
  });

  it('reports a missing or second h1 and a skipped level', () => {
    expect(headingProblems(render(<h2>B</h2>).container)).toEqual([
      '0 h1 headings (one expected)',
      'h2 after the start',
    ]);
    const { container } = render(
      <div>
        <h1>A</h1>
        <h3>C</h3>
        <h1>E</h1>
      </div>,
    );
    expect(headingProblems(container)).toEqual(['2 h1 headings (one expected)', 'h3 after h1']);
  });
});

describe('kit headings', () => {
  it('a Page titles its screen with the one h1, and a section heading under it is an h2', () => {
    const { container } = render(
      <Page title="Pars View">
        <h2>Results</h2>
      </Page>,
    );
    expect(headingProblems(container)).toEqual([]);
  });

  it("a dialog's title follows the page's h1 without a skip", () => {
    render(
      <Page title="Coupons">
        <Modal title="Confirm" onCancel={() => {}}>
          body
        </Modal>
      </Page>,
    );
    expect(headingProblems(document.body)).toEqual([]);
  });
});
