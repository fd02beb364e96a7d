/** A stroked 24×24 line icon, hidden from screen readers: the control around it carries the words. */
import type { ReactNode } from 'react';

export default function LineIcon({
  size = 22,
  strokeWidth = '2',
  joined,
  children,
}: {
  size?: number;
  strokeWidth?: string;
  /** rounded corners where the lines meet */
  joined?: boolean;
  children: ReactNode;
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin={joined ? 'round' : undefined}
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}
