import { type ReactNode, useEffect, useRef, useState } from 'react';

/** How far below the viewport a part starts loading, so it is usually there when scrolled to. */
const AHEAD = '400px';

/**
 * Renders `children` once its place comes near the viewport, so a part far below a page's first
 * paint loads its code and its data only when the page is scrolled towards it (issue 21: the
 * JavaScript of a cold plant detail). Where the browser cannot tell (no IntersectionObserver) it
 * renders at once.
 */
export function WhenNear({ children, minHeight }: { children: ReactNode; minHeight: number }) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = place.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {
      rootMargin: `0px 0px ${AHEAD} 0px`,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return near ? children : <div ref={place} style={{ minHeight }} />;
}
