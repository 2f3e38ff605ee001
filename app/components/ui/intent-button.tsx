import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button, type ButtonProps } from "./button";

/**
 * A one-button form that posts an intent with a few hidden fields to the current route's
 * action, or to `action` when the form has a route of its own (remove, withdraw, disable …). The button's visible label should be completed for
 * screen readers with what it acts on (pass it in `children`).
 */
export function IntentButton({
  intent,
  action,
  fields = {},
  children,
  theme = "white",
  size = "small",
  loading,
  icon,
}: {
  intent: string;
  action?: string;
  fields?: Record<string, string | number>;
  children: ReactNode;
  theme?: ButtonProps["theme"];
  size?: ButtonProps["size"];
  loading?: boolean;
  icon?: ReactNode;
}) {
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" theme={theme} size={size} loading={loading} icon={icon}>
        {children}
      </Button>
    </Form>
  );
}
