import type { ReactNode } from "react";
import { Form, type FetcherWithComponents } from "react-router";
import { Button, type ButtonProps } from "./button";

/**
 * A one-button form that posts an intent with a few hidden fields to the current route's
 * action, or to `action` when the form has a route of its own (remove, withdraw, disable …);
 * through `fetcher` when the page's forms share one (app/lib/page-forms.tsx), so the address
 * stays. The button's visible label should be completed for screen readers with what it acts
 * on (pass it in `children`).
 */
export function IntentButton({
  intent,
  action,
  fetcher,
  fields = {},
  children,
  theme = "white",
  size = "small",
  loading,
  icon,
}: {
  intent: string;
  action?: string;
  fetcher?: FetcherWithComponents<unknown>;
  fields?: Record<string, string | number>;
  children: ReactNode;
  theme?: ButtonProps["theme"];
  size?: ButtonProps["size"];
  loading?: boolean;
  icon?: ReactNode;
}) {
  const PostForm = fetcher?.Form ?? Form;
  return (
    <PostForm method="post" action={action}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" theme={theme} size={size} loading={loading} icon={icon}>
        {children}
      </Button>
    </PostForm>
  );
}
