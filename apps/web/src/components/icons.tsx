// The two icons the first screen can show (a busy button, the offline banner), inlined so that a
// pre-rendered page does not load the icon library for them. Path data from Lucide (ISC licence),
// drawn with Lucide's default attributes so they match the icons elsewhere.
import type { ReactNode, SVGProps } from "react";

/** Always decorative (aria-hidden): the text beside them says what they mean. */
type IconProps = Omit<SVGProps<SVGSVGElement>, "children" | "aria-hidden">;

function Svg({ children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      xmlns="http://www.w3.org/2000/svg"
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      {children}
    </svg>
  );
}

/** Lucide "loader-circle". */
export const SpinnerIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M21 12a9 9 0 1 1-6.219-8.56" />
  </Svg>
);

/** Lucide "wifi-off". */
export const WifiOffIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M12 20h.01" />
    <path d="M8.5 16.429a5 5 0 0 1 7 0" />
    <path d="M5 12.859a10 10 0 0 1 5.17-2.69" />
    <path d="M19 12.859a10 10 0 0 0-2.007-1.523" />
    <path d="M2 8.82a15 15 0 0 1 4.177-2.643" />
    <path d="M22 8.82a15 15 0 0 0-11.288-3.764" />
    <path d="m2 2 20 20" />
  </Svg>
);
