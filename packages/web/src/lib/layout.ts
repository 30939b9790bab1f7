import { TAB_BASE_HEIGHT_WITH_TABS, TAB_BASE_HEIGHT_WITHOUT_TABS, TABLE_HEIGHT, WINDOW_HEIGHT_OFFSET } from '@sunstack/shared';
import { useEffect, useState } from 'react';

/** The layout heights of spec section 9, from the window height and whether the tab bar shows. */
export function contentHeights(windowHeight: number, tabView: boolean) {
  return {
    /** The screen area under the header and (when shown) the tab bar. */
    content: windowHeight - (tabView ? TAB_BASE_HEIGHT_WITH_TABS : TAB_BASE_HEIGHT_WITHOUT_TABS),
    /** A block sized from the window, such as a board panel. */
    window: windowHeight - WINDOW_HEIGHT_OFFSET,
    table: TABLE_HEIGHT,
  };
}

export function useContentHeights(tabView: boolean) {
  const [height, setHeight] = useState(() => window.innerHeight);
  useEffect(() => {
    const onResize = () => setHeight(window.innerHeight);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return contentHeights(height, tabView);
}
