import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@/config/constants';
import { createPersistentStore } from './persistent-store';

export type MenuMode = 'static' | 'overlay';

export interface LayoutSettings {
  menuMode: MenuMode;
}

const DEFAULT_SETTINGS: LayoutSettings = { menuMode: 'static' };

const store = createPersistentStore<LayoutSettings>(
  STORAGE_KEYS.layoutSettings,
  DEFAULT_SETTINGS,
  (raw) => {
    const mode = (raw as Partial<LayoutSettings> | null)?.menuMode;
    return mode === 'static' || mode === 'overlay' ? { menuMode: mode } : null;
  },
);

export function getLayoutSettings(): LayoutSettings {
  return store.get();
}

export function setMenuMode(menuMode: MenuMode): void {
  store.set({ ...store.get(), menuMode });
}

export function useLayoutSettings(): LayoutSettings {
  return useSyncExternalStore(store.subscribe, store.get, () => DEFAULT_SETTINGS);
}

/** The transient menu state of the admin layout (spec section 4). */
export interface MenuState {
  staticMenuDesktopInactive: boolean;
  staticMenuMobileActive: boolean;
  overlayMenuActive: boolean;
}

export const INITIAL_MENU_STATE: MenuState = {
  staticMenuDesktopInactive: false,
  staticMenuMobileActive: false,
  overlayMenuActive: false,
};

/**
 * The spec's menu toggle: overlay mode flips the overlay; static mode flips the desktop
 * state on windows wider than 991 px and the mobile state below.
 */
export function toggleMenu(state: MenuState, menuMode: MenuMode, isDesktop: boolean): MenuState {
  if (menuMode === 'overlay') return { ...state, overlayMenuActive: !state.overlayMenuActive };
  if (isDesktop) return { ...state, staticMenuDesktopInactive: !state.staticMenuDesktopInactive };
  return { ...state, staticMenuMobileActive: !state.staticMenuMobileActive };
}

/** Closes the menus that float over the content (after a navigation, a click outside). */
export function closeFloatingMenus(state: MenuState): MenuState {
  if (!state.overlayMenuActive && !state.staticMenuMobileActive) return state;
  return { ...state, overlayMenuActive: false, staticMenuMobileActive: false };
}
