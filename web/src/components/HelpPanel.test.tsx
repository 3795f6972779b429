import { render, screen, within } from '@testing-library/react';
import { Text } from '@aws-amplify/ui-react';
import { describe, expect, it } from 'vitest';
import { HelpPanel } from './HelpPanel';

describe('HelpPanel', () => {
  it('is a region named Help with its heading and paragraphs', () => {
    render(
      <HelpPanel heading="The file">
        <Text as="p">First.</Text>
        <Text as="p">Second.</Text>
      </HelpPanel>,
    );
    const panel = screen.getByRole('region', { name: 'Help' });
    expect(panel.tagName).toBe('SECTION');
    expect(within(panel).getByRole('heading', { level: 2, name: 'The file' })).toBeInTheDocument();
    expect([...panel.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['First.', 'Second.']);
  });

  it('has no heading when none is given', () => {
    render(
      <HelpPanel>
        <Text as="p">Only this.</Text>
      </HelpPanel>,
    );
    const panel = screen.getByRole('region', { name: 'Help' });
    expect(within(panel).queryByRole('heading')).toBeNull();
    expect(panel).toHaveTextContent('Only this.');
  });
});
