import { describe, expect, it } from 'vitest';
import { closeFloatingMenus, INITIAL_MENU_STATE, toggleMenu } from './layout-settings';

describe('toggleMenu', () => {
  it('flips the overlay in overlay mode, whatever the width', () => {
    expect(toggleMenu(INITIAL_MENU_STATE, 'overlay', true)).toEqual({
      ...INITIAL_MENU_STATE,
      overlayMenuActive: true,
    });
    expect(
      toggleMenu({ ...INITIAL_MENU_STATE, overlayMenuActive: true }, 'overlay', false)
        .overlayMenuActive,
    ).toBe(false);
  });

  it('flips the desktop state in static mode on wide windows', () => {
    expect(toggleMenu(INITIAL_MENU_STATE, 'static', true)).toEqual({
      ...INITIAL_MENU_STATE,
      staticMenuDesktopInactive: true,
    });
  });

  it('flips the mobile state in static mode on narrow windows', () => {
    expect(toggleMenu(INITIAL_MENU_STATE, 'static', false)).toEqual({
      ...INITIAL_MENU_STATE,
      staticMenuMobileActive: true,
    });
  });

  it('closes floating menus but keeps the desktop state', () => {
    const state = {
      staticMenuDesktopInactive: true,
      staticMenuMobileActive: true,
      overlayMenuActive: true,
    };
    expect(closeFloatingMenus(state)).toEqual({
      ...INITIAL_MENU_STATE,
      staticMenuDesktopInactive: true,
    });
    expect(closeFloatingMenus(INITIAL_MENU_STATE)).toBe(INITIAL_MENU_STATE);
  });
});
