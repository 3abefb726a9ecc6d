import { useEffect, useState } from "react";
import { ArrowUpIcon } from "#app/components/ui/icons.tsx";

/** Past this many pixels of scroll, phones get a way back to the top. */
export const scrollToTopThreshold = 300;

export function ScrollToTop() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > scrollToTopThreshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);

  const scrollUp = () => {
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: reduceMotion ? "auto" : "smooth" });
    document.getElementById("main")?.focus({ preventScroll: true });
  };

  return (
    <button
      type="button"
      hidden={!visible}
      onClick={scrollUp}
      className="fixed right-4 bottom-4 z-30 inline-flex size-12 items-center justify-center rounded-full bg-navy-900 text-white shadow-lg md:hidden"
    >
      <ArrowUpIcon className="size-6" />
      <span className="sr-only">Scroll to top</span>
    </button>
  );
}
