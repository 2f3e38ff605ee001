import * as RadixTooltip from "@radix-ui/react-tooltip";
import type { ReactElement, ReactNode } from "react";

/** Spec §2.8/§9: hover and focus, no delay, 300 ms in, 250 ms out, offset 12, max 30rem, z 9999. */
const TOOLTIP = {
  delayMs: 0,
  showMs: 300,
  hideMs: 250,
  offset: 12,
  maxWidth: "30rem",
  zIndex: 9999,
} as const;

export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP.delayMs} skipDelayDuration={TOOLTIP.delayMs}>
      {children}
    </RadixTooltip.Provider>
  );
}

export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement }) {
  return (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content
          sideOffset={TOOLTIP.offset}
          collisionPadding={8}
          style={{ maxWidth: TOOLTIP.maxWidth, zIndex: TOOLTIP.zIndex }}
          className="parley-tooltip rounded-md bg-slate-900 px-2.5 py-1.5 text-sm text-white shadow-lg"
        >
          {content}
          <RadixTooltip.Arrow className="fill-slate-900" />
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}
