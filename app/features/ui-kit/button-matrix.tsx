import { BUTTON_SIZES, BUTTON_THEMES, Button } from "~/components/ui/button";

const BUTTON_STATES = [
  { label: "normal", props: {} },
  { label: "loading", props: { loading: true } },
  { label: "disabled", props: { disabled: true } },
] as const;

/** Every button theme in every size and state. */
export function ButtonMatrix() {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">Button themes and states by size</caption>
        <thead>
          <tr className="border-b border-slate-200 text-start">
            <th scope="col" className="py-2 pe-4 text-start font-semibold text-slate-700">
              Theme and state
            </th>
            {BUTTON_SIZES.map((size) => (
              <th
                key={size}
                scope="col"
                className="py-2 pe-4 text-start font-semibold text-slate-700"
              >
                {size}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {BUTTON_THEMES.flatMap((theme) =>
            BUTTON_STATES.map((state) => (
              <tr key={`${theme}-${state.label}`} className="border-b border-slate-100">
                <th scope="row" className="py-2 pe-4 text-start font-medium text-slate-700">
                  {theme} · {state.label}
                </th>
                {BUTTON_SIZES.map((size) => (
                  <td key={size} className="py-2 pe-4">
                    <Button theme={theme} size={size} {...state.props}>
                      {theme === "danger" ? "Delete" : "Save"}
                    </Button>
                  </td>
                ))}
              </tr>
            )),
          )}
        </tbody>
      </table>
    </div>
  );
}
