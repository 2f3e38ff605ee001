import { useState, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { overlays, type OverlayEntry } from "~/components/ui/overlay-stack";
import { Row } from "./layout";

function ModalBody({ children }: { children: ReactNode }) {
  return <div className="space-y-4 text-slate-700">{children}</div>;
}

export function OverlayDemo() {
  const [log, setLog] = useState<string[]>([]);
  const noteClose = (id: string) => () => setLog((lines) => [`${id} closed`, ...lines].slice(0, 8));

  const modal = (id: string, title: string, body: ReactNode, extra?: Partial<OverlayEntry>) =>
    ({
      id,
      kind: "modal",
      title,
      onClose: noteClose(id),
      render: () => <ModalBody>{body}</ModalBody>,
      ...extra,
    }) satisfies OverlayEntry;

  const replacement = modal(
    "modal-b",
    "The replacement",
    <>
      <p>This modal replaced the first one; the first one&apos;s close callback fired.</p>
      <Button theme="white" onClick={() => overlays.hide()}>
        Close
      </Button>
    </>,
  );

  const stacked = modal(
    "modal-c",
    "A modal on top",
    <>
      <p>Escape or the close button closes only this one; the modal below stays.</p>
      <Button theme="white" onClick={() => overlays.hide()}>
        Back
      </Button>
    </>,
    { size: "sm" },
  );

  const first = modal(
    "modal-a",
    "A modal",
    <>
      <p>
        Modals stack: a new one goes in front, <em>replace</em> swaps the front one, and Escape, the
        backdrop or the close button hides the front one.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => overlays.replace(replacement)}>Replace this modal</Button>
        <Button theme="light" onClick={() => overlays.show(stacked)}>
          Show a modal on top
        </Button>
      </div>
    </>,
  );

  const locked = modal(
    "modal-locked",
    "A modal that cannot be dismissed",
    <>
      <p>
        It has no close button, and Escape and the backdrop do nothing. Only its own action closes
        it.
      </p>
      <Button onClick={() => overlays.close("modal-locked")}>I have read this</Button>
    </>,
    { closable: false },
  );

  const panel = (id: string, title: string, next?: () => void): OverlayEntry => ({
    id,
    kind: "panel",
    title,
    onClose: noteClose(id),
    render: () => (
      <ModalBody>
        <p>Side panels slide in from the end edge. Only one side panel shows at a time.</p>
        <div className="flex flex-wrap gap-2">
          {next ? (
            <Button onClick={next}>Open a second side panel</Button>
          ) : (
            <p className="font-medium">Opening this one closed the first panel.</p>
          )}
          <Button theme="light" onClick={() => overlays.show(stacked)}>
            Show a modal over the panel
          </Button>
        </div>
      </ModalBody>
    ),
  });
  const secondPanel = panel("panel-b", "Second side panel");
  const firstPanel = panel("panel-a", "First side panel", () => overlays.show(secondPanel));

  return (
    <div className="space-y-4">
      <Row>
        <Button onClick={() => overlays.show(first)}>Show a modal</Button>
        <Button theme="white" onClick={() => overlays.show(locked)}>
          Show a non-closable modal
        </Button>
        <Button theme="light" onClick={() => overlays.show(firstPanel)}>
          Show a side panel
        </Button>
      </Row>
      <div className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700">
        <p className="font-medium">Close callbacks, newest first:</p>
        <div role="log" aria-live="polite">
          {log.length > 0 ? (
            <ol className="mt-1 list-disc ps-5">
              {log.map((line, i) => (
                <li key={`${line}-${i}`}>{line}</li>
              ))}
            </ol>
          ) : (
            <p className="text-slate-600">None yet.</p>
          )}
        </div>
      </div>
    </div>
  );
}
