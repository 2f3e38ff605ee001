import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { Button } from "~/components/ui/button";
import { CloseIcon } from "~/components/ui/icons";
import { useT } from "~/lib/i18n/react";

/**
 * Projector mode for a stage element: the browser's full screen or, where the browser refuses
 * full screen (an embedded page, a locked-down school laptop), the whole window — the stage
 * styles itself from `on`. Escape, the exit control and the browser's own way out (Esc, F11)
 * all leave it, and focus goes back to the control that opened it.
 */
export function useProjector(stage: RefObject<HTMLElement | null>) {
  const [on, setOn] = useState(false);
  const opener = useRef<HTMLElement | null>(null);

  const enter = useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOn(true);
    const request = stage.current?.requestFullscreen?.();
    if (request) void request.catch(() => undefined);
  }, [stage]);

  /** Focus back where projector mode was opened from (once). */
  const giveFocusBack = useCallback(() => {
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected) target.focus();
  }, []);

  const leave = useCallback(() => {
    setOn(false);
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    giveFocusBack();
  }, [giveFocusBack]);

  // The browser's own way out (Esc in full screen, F11) gives focus back too.
  useEffect(() => {
    if (!on) giveFocusBack();
  }, [on, giveFocusBack]);

  useEffect(() => {
    // Leaving the browser's full screen (Esc, F11) leaves projector mode too.
    const onChange = () => {
      if (document.fullscreenElement === null) setOn(false);
    };
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);

  useEffect(() => {
    if (!on) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") leave();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [on, leave]);

  return { on, enter, leave, toggle: on ? leave : enter };
}

/** The way out of projector mode, on the projected stage itself. */
export function ProjectorExit({ onExit }: { onExit: () => void }) {
  const t = useT();
  return (
    <Button theme="white" size="small" onClick={onExit} icon={<CloseIcon className="size-4" />}>
      {t("presenter.exitFullscreen")}
    </Button>
  );
}
