import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setMenuMode } from '@/lib/layout-settings';
import { setColorMode } from '@/lib/theme/color-mode';
import { LayoutConfigPanel } from './layout-config-panel';

afterEach(() => {
  setMenuMode('static');
  setColorMode('light');
});

describe('LayoutConfigPanel', () => {
  it('shows the menu and colour modes as named radio groups and switches them', async () => {
    setMenuMode('static');
    setColorMode('light');
    render(<LayoutConfigPanel open onClose={() => undefined} />);
    const menu = screen.getByRole('radiogroup', { name: 'Kiểu menu' });
    const colour = screen.getByRole('radiogroup', { name: 'Giao diện' });
    expect(screen.getByRole('radio', { name: 'Cố định' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Sáng' })).toBeChecked();
    expect(menu).toContainElement(screen.getByRole('radio', { name: 'Nổi' }));
    expect(colour).toContainElement(screen.getByRole('radio', { name: 'Tối' }));

    await userEvent.click(screen.getByRole('radio', { name: 'Nổi' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Tối' }));
    expect(screen.getByRole('radio', { name: 'Nổi' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Tối' })).toBeChecked();
  });
});
