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
  // Whether projector mode is wanted now: the browser grants full screen a moment after the
  // request, and a teacher who already pressed Escape must not be put into it then.
  const wanted = useRef(false);

  /** Focus back where projector mode was opened from (once). */
  const giveFocusBack = useCallback(() => {
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected) target.focus();
  }, []);

  const enter = useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    wanted.current = true;
    setOn(true);
    const request = stage.current?.requestFullscreen?.();
    if (request)
      void request
        .then(() => {
          if (!wanted.current && document.fullscreenElement) return document.exitFullscreen();
        })
        .catch(() => undefined);
  }, [stage]);

  const leave = useCallback(() => {
    wanted.current = false;
    setOn(false);
    // Leaving full screen puts focus back on the element that was full screen, so focus goes
    // back once the browser has left it (fullscreenchange below), not now.
    if (document.fullscreenElement) void document.exitFullscreen().catch(giveFocusBack);
    else giveFocusBack();
  }, [giveFocusBack]);

  useEffect(() => {
    // The browser's own way out of full screen (Esc, F11) leaves projector mode too; either
    // way, focus goes back to the opener once full screen has ended.
    const onChange = () => {
      if (document.fullscreenElement !== null) return;
      wanted.current = false;
      setOn(false);
      giveFocusBack();
    };
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, [giveFocusBack]);

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
