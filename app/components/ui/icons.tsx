import type { SVGProps } from "react";

type IconProps = SVGProps<SVGSVGElement>;

/** A 24-unit outline icon, decorative: the text beside it says what it means. */
export function OutlineIcon({ children, ...props }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const PhoneIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" />
  </OutlineIcon>
);

export const MenuIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </OutlineIcon>
);

export const CloseIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M18 6 6 18M6 6l12 12" />
  </OutlineIcon>
);

export const ArrowUpIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="m5 12 7-7 7 7M12 19V5" />
  </OutlineIcon>
);

export const ShieldIcon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />
    <path d="m9 12 2 2 4-4" />
  </OutlineIcon>
);
