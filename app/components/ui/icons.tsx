import type { SVGProps } from "react";

type IconProps = SVGProps<SVGSVGElement>;

function base(path: string) {
  return function Icon(props: IconProps) {
    return (
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        className="size-5 shrink-0"
        {...props}
      >
        <path d={path} />
      </svg>
    );
  };
}

export const BookIcon = base("M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2zM4 19V5M8 7h7");
export const FolderIcon = base(
  "M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z",
);
export const StarIcon = base(
  "M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z",
);
export const ChatIcon = base("M4 5h16v11H8l-4 4z");
export const FlaskIcon = base(
  "M9 3h6M10 3v6L4.5 18.5A1.7 1.7 0 0 0 6 21h12a1.7 1.7 0 0 0 1.5-2.5L14 9V3M7.5 15h9",
);
export const ShieldIcon = base("M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z");
export const GiftIcon = base(
  "M4 11h16v9H4zM3 7h18v4H3zM12 7v13M12 7c-1.5-3-5-3-5-1s3 1 5 1c2 0 5 1 5-1s-3.5-2-5 1",
);
export const ClockIcon = base("M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z");
export const ThumbIcon = base(
  "M7 11v9H4v-9zM7 11l4-7a2 2 0 0 1 2 2v4h5a2 2 0 0 1 2 2.3l-1.2 6A2 2 0 0 1 16.8 20H7",
);
export const MenuIcon = base("M4 7h16M4 12h16M4 17h16");
export const CloseIcon = base("M6 6l12 12M18 6L6 18");
export const BellIcon = base("M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0");
export const SearchIcon = base("M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4");
export const LockIcon = base("M6 11h12v10H6zM8 11V8a4 4 0 0 1 8 0v3");
export const CalendarIcon = base("M4 6h16v15H4zM4 10h16M8 3v4M16 3v4");
/** A school building: a roof over a door, for a school's plan. */
export const SchoolIcon = base("M3 21h18M5 21V10l7-5 7 5v11M10 21v-5h4v5M12 10v.01");
export const ChevronIcon = base("M9 6l6 6-6 6");
export const PlayIcon = base("M7 5l12 7-12 7z");
export const PrintIcon = base(
  "M7 9V3h10v6M7 17H4v-6a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v6h-3M7 14h10v7H7z",
);
export const CheckIcon = base("M5 12l5 5 9-10");
export const DownloadIcon = base("M12 4v11M7 10l5 5 5-5M5 20h14");
export const ArrowLeftIcon = base("M19 12H5M11 6l-6 6 6 6");
