import { useEffect, useRef, type ReactNode } from "react";

/** 0.6 s; on phones a delay of at most 100 ms and a lower visibility threshold. */
const mobileQuery = "(max-width: 767px)";
const maxMobileDelayMs = 100;

/**
 * A block that fades and slides in once, the first time it scrolls into view. The server renders
 * it visible, so without JavaScript (or with reduced motion, or already on screen) nothing hides.
 */
export function Reveal({ children, delayMs = 0, className = "" }: { children: ReactNode; delayMs?: number; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    if (element.getBoundingClientRect().top < window.innerHeight) return;

    const mobile = window.matchMedia(mobileQuery).matches;
    // Hidden at once (no transition, no delay): content the server showed never fades out.
    element.dataset.reveal = "hidden";
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting) return;
        element.style.transitionDelay = `${mobile ? Math.min(delayMs, maxMobileDelayMs) : delayMs}ms`;
        element.dataset.reveal = "shown";
        observer.disconnect();
      },
      { threshold: mobile ? 0.05 : 0.1 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [delayMs]);

  return (
    <div ref={ref} className={`reveal ${className}`}>
      {children}
    </div>
  );
}
