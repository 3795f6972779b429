import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CollapsibleList, VIRTUALIZE_PANELS_AFTER } from './CollapsibleList';

const fridges = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `FRIDGE_${String(i).padStart(4, '0')}` }));

function renderList(items: { id: string }[], body = vi.fn((item: { id: string }) => <p>Body of {item.id}</p>)) {
  render(
    <CollapsibleList
      items={items}
      getKey={(i) => i.id}
      label="Fridges"
      title={(i) => i.id}
      headerExtra={(i) => <a href={`/x/${i.id}`}>Open {i.id}</a>}
      body={body}
    />,
  );
  return body;
}

describe('CollapsibleList', () => {
  it('renders closed panels and renders a body only while open', async () => {
    const user = userEvent.setup();
    const body = renderList(fridges(3));
    expect(within(screen.getByRole('list', { name: 'Fridges' })).getAllByRole('listitem')).toHaveLength(3);
    expect(body).not.toHaveBeenCalled();

    const button = screen.getByRole('button', { name: 'FRIDGE_0001' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'FRIDGE_0001' })).toHaveTextContent('Body of FRIDGE_0001');
    expect(body).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Open FRIDGE_0001' })).toHaveAttribute('href', '/x/FRIDGE_0001');
    await user.click(button);
    expect(screen.queryByText('Body of FRIDGE_0001')).toBeNull();
  });

  it('keeps an open panel open when the items change around it', async () => {
    const user = userEvent.setup();
    const props = {
      getKey: (i: { id: string }) => i.id,
      label: 'Fridges',
      title: (i: { id: string }) => i.id,
      body: (i: { id: string }) => <p>Body of {i.id}</p>,
    };
    const { rerender } = render(<CollapsibleList items={fridges(3)} {...props} />);
    await user.click(screen.getByRole('button', { name: 'FRIDGE_0002' }));
    // A filter drops the first panel: the open one moves up and stays open; the others stay closed.
    rerender(<CollapsibleList items={fridges(3).slice(1)} {...props} />);
    expect(screen.getByRole('button', { name: 'FRIDGE_0002' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'FRIDGE_0001' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Body of FRIDGE_0002')).toBeInTheDocument();
  });

  it('keeps only a window of thousands of panels in the DOM', () => {
    // jsdom lays nothing out: give the scroll container a size to window over.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    renderList(fridges(Math.max(2500, VIRTUALIZE_PANELS_AFTER + 1)));
    const shown = within(screen.getByRole('list', { name: 'Fridges' })).getAllByRole('listitem');
    expect(shown.length).toBeGreaterThan(5);
    expect(shown.length).toBeLessThan(100);
    expect(shown[0]).toHaveAttribute('aria-setsize', '2500');
    expect(shown[0]).toHaveAttribute('aria-posinset', '1');
  });

  it('keeps a panel open among thousands when the list changes around it', async () => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    const user = userEvent.setup();
    const many = fridges(2500);
    const props = {
      getKey: (i: { id: string }) => i.id,
      label: 'Fridges',
      title: (i: { id: string }) => i.id,
      body: (i: { id: string }) => <p>Body of {i.id}</p>,
    };
    const { rerender } = render(<CollapsibleList items={many} {...props} />);
    await user.click(screen.getByRole('button', { name: 'FRIDGE_0003' }));
    rerender(<CollapsibleList items={many.slice(2)} {...props} />);
    expect(screen.getByRole('button', { name: 'FRIDGE_0003' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'FRIDGE_0002' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Body of FRIDGE_0003')).toBeInTheDocument();
  });

  it('says so when empty', () => {
    render(
      <CollapsibleList
        items={[]}
        getKey={() => ''}
        label="Fridges"
        title={() => ''}
        body={() => null}
        emptyMessage="No fridges."
      />,
    );
    expect(screen.getByText('No fridges.')).toBeInTheDocument();
  });
});
