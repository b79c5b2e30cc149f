import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { type UikitSection } from './sections';

type Lazy = () => Promise<{ Component: ComponentType }>;

/**
 * One chunk per page: this file holds only the loaders, so the storefront's first load
 * carries none of the style guide (the charts page alone pulls MUI X Charts).
 */
const SECTION_PAGES: Record<UikitSection, Lazy> = {
  input: async () => ({ Component: (await import('./input-page')).InputPage }),
  button: async () => ({ Component: (await import('./button-page')).ButtonPage }),
  table: async () => ({ Component: (await import('./table-page')).TablePage }),
  list: async () => ({ Component: (await import('./list-page')).ListPage }),
  tree: async () => ({ Component: (await import('./tree-page')).TreePage }),
  panel: async () => ({ Component: (await import('./panel-page')).PanelPage }),
  overlay: async () => ({ Component: (await import('./overlay-page')).OverlayPage }),
  media: async () => ({ Component: (await import('./media-page')).MediaPage }),
  message: async () => ({ Component: (await import('./message-page')).MessagePage }),
  file: async () => ({ Component: (await import('./file-page')).FilePage }),
  menu: async () => ({ Component: (await import('./menu-page')).MenuPage }),
  charts: async () => ({ Component: (await import('./charts-page')).ChartsPage }),
  misc: async () => ({ Component: (await import('./misc-page')).MiscPage }),
  timeline: async () => ({ Component: (await import('./timeline-page')).TimelinePage }),
};

/**
 * The style guide, the template pages and the staff guide: the admin layout with the
 * empty sidebar placeholder, no guard, no admin API.
 */
export const demoRoutes: RouteObject = {
  lazy: async () => ({ Component: (await import('./demo-root')).DemoRoot }),
  children: [
    {
      path: paths.uikit.root,
      lazy: async () => ({ Component: (await import('./uikit-index')).UikitIndexPage }),
    },
    ...Object.entries(SECTION_PAGES).map(([section, lazy]) => ({
      path: paths.uikit.section(section),
      lazy,
    })),
    {
      path: paths.pages.empty,
      lazy: async () => ({ Component: (await import('../pages/empty-page')).EmptyPage }),
    },
    {
      path: paths.pages.crud,
      lazy: async () => ({ Component: (await import('../pages/crud-page')).CrudPage }),
    },
    {
      path: paths.documentation,
      lazy: async () => ({
        Component: (await import('../documentation/documentation-page')).DocumentationPage,
      }),
    },
    {
      path: paths.uikit.formLayout,
      lazy: async () => ({ Component: (await import('./form-layout-page')).FormLayoutPage }),
    },
  ],
};
