import { OutlineIcon } from "#app/components/ui/icons.tsx";
import type { ServiceIcon } from "#app/domain/icons.ts";

const iconPaths: Record<ServiceIcon, string> = {
  water: "M12 3s6 6.5 6 11a6 6 0 0 1-12 0c0-4.5 6-11 6-11Z",
  fire: "M12 3c1 3.5 5 5.5 5 10a5 5 0 0 1-10 0c0-2.5 1.5-4 2.5-5 .2 2 1 3 2 3.5C11 9 11 6 12 3Z",
  mold: "M12 4a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-3 6h.01M15 9h.01M13 14h.01M9 15h.01",
  storm: "M7 15a4 4 0 0 1 .5-8 5 5 0 0 1 9.5 1.5A3.5 3.5 0 0 1 17 15H7Zm6 0-2 4h3l-2 4",
  shield: "M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6l-8-3Z",
  hammer: "m15 12-8.4 8.4a2 2 0 0 1-2.8-2.8L12.2 9.2M17.6 6.4 20 8.8 17 11.8l-2.4-2.4M13 4l7 7",
};

/** A service's outline icon, decorative: the service's name is always written beside it. */
export function ServiceGlyph({ icon, className }: { icon: ServiceIcon; className: string }) {
  return (
    <OutlineIcon className={className}>
      <path d={iconPaths[icon]} />
    </OutlineIcon>
  );
}
