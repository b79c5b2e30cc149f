import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { DESKTOP_MEDIA_QUERY } from '@/config/constants';
import {
  closeFloatingMenus,
  INITIAL_MENU_STATE,
  toggleMenu,
  useLayoutSettings,
} from '@/lib/layout-settings';
import { useMediaQuery } from '@/lib/hooks/use-media-query';

/** The admin layout's menu state and how the sidebar is shown for it. */
export function useAdminMenu() {
  const { menuMode } = useLayoutSettings();
  const isDesktop = useMediaQuery(DESKTOP_MEDIA_QUERY);
  const [state, setState] = useState(INITIAL_MENU_STATE);
  const { pathname } = useLocation();

  // Floating menus close after a navigation and when the mode or the window class changes.
  useEffect(() => {
    setState(closeFloatingMenus);
  }, [pathname, menuMode, isDesktop]);

  const onMenuToggle = useCallback(
    () => setState((prev) => toggleMenu(prev, menuMode, isDesktop)),
    [menuMode, isDesktop],
  );
  const closeMenu = useCallback(() => setState(closeFloatingMenus), []);

  const docked = menuMode === 'static' && isDesktop;
  const open = docked
    ? !state.staticMenuDesktopInactive
    : menuMode === 'overlay'
      ? state.overlayMenuActive
      : state.staticMenuMobileActive;

  return { docked, open, onMenuToggle, closeMenu };
}
