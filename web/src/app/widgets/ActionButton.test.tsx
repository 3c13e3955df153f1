import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../report/render.test-util';
import ActionButton from './ActionButton';

beforeAll(installBrowserStubs);
afterEach(cleanup);

describe('ActionButton', () => {
  it('is enabled and acts when nothing blocks it', () => {
    const act = vi.fn();
    render(<ActionButton onClick={act}>Assign</ActionButton>);
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    expect(act).toHaveBeenCalledOnce();
  });

  it('is disabled only with its reason: described by it, shown in a tooltip on hover, and never acts', async () => {
    const act = vi.fn();
    render(
      <ActionButton onClick={act} blockedBecause="Select cartons in the table to assign them.">
        Assign
      </ActionButton>,
    );
    const button = screen.getByRole('button', { name: 'Assign' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Select cartons in the table to assign them.');
    fireEvent.click(button);
    expect(act).not.toHaveBeenCalled();
    fireEvent.mouseEnter(button.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Select cartons in the table to assign them.');
  });
});
