import { href } from "react-router";
import type { Route } from "./+types/ui";
import { Alert } from "~/components/ui/alert";
import { BUTTON_THEMES, Button, ButtonLink } from "~/components/ui/button";
import { CheckboxField, TextAreaField, TextField } from "~/components/ui/field";
import { BookIcon, FolderIcon, SearchIcon, StarIcon } from "~/components/ui/icons";
import { LocalDateTime } from "~/components/ui/local-time";
import { NavButton } from "~/components/ui/nav-button";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { Spinner } from "~/components/ui/spinner";
import { Tooltip } from "~/components/ui/tooltip";
import { AppChrome } from "~/shell/app-chrome";
import { AVATAR_COUNT } from "~/features/account/schemas";
import { Avatar } from "~/features/account/components/avatar";
import { renderMarkdown } from "~/lib/content/markdown";
import { notFound } from "~/lib/not-found";
import { ButtonMatrix } from "~/features/ui-kit/button-matrix";
import { Row, Section, Sub } from "~/features/ui-kit/layout";
import { OverlayDemo } from "~/features/ui-kit/overlay-demo";
import { PROSE_SAMPLE } from "~/features/ui-kit/prose-sample";

/*
 * A developer page: every UI component in every state, in English only. It is rendered
 * through the real Markdown renderer and the real overlay stack so that what shows here is
 * what the product shows.
 */

/** The UI kit gallery exists in development only. */
export function loader({ request }: Route.LoaderArgs) {
  if (process.env.NODE_ENV === "production") notFound(request);
  return { proseHtml: renderMarkdown(PROSE_SAMPLE) };
}

export function meta() {
  return [{ title: "UI kit · Parley" }, { name: "robots", content: "noindex" }];
}

const SAMPLE_DATES = ["2027-03-05T14:30:00.000Z", "2026-12-31T23:59:00.000Z"];

export default function UiKit({ loaderData }: Route.ComponentProps) {
  return (
    <AppChrome>
      <main id="main" className="mx-auto max-w-6xl space-y-12 px-4 py-10 sm:px-6">
        <PageHeader
          title="UI kit"
          description="Every component in every state. This page header is itself the PageHeader component, with a description and actions."
          actions={
            <>
              <ButtonLink to="#kit-buttons" theme="white" size="small">
                Buttons
              </ButtonLink>
              <ButtonLink to="#kit-overlays" size="small">
                Overlays
              </ButtonLink>
            </>
          }
        />

        <Section id="kit-buttons" title="Buttons">
          <p className="text-sm text-slate-600">
            Disabled and loading buttons stay focusable and ignore every click.
          </p>
          <ButtonMatrix />
          <Sub title="With an icon">
            <Row>
              <Button icon={<StarIcon className="size-4" />}>Add to favorites</Button>
              <Button theme="light" icon={<SearchIcon className="size-4" />} size="small">
                Search
              </Button>
            </Row>
          </Sub>
          <Sub title="ButtonLink">
            <Row>
              {BUTTON_THEMES.map((theme) => (
                <ButtonLink key={theme} to="#kit-buttons" theme={theme}>
                  {`${theme} link`}
                </ButtonLink>
              ))}
              <ButtonLink
                to="#kit-buttons"
                theme="white"
                size="large"
                icon={<BookIcon className="size-5" />}
              >
                Large with icon
              </ButtonLink>
            </Row>
          </Sub>
        </Section>

        <Section id="kit-nav" title="Navigation buttons">
          <nav aria-label="Sample navigation">
            <ul className="flex flex-wrap items-center gap-3">
              <li>
                <NavButton to="/dev/ui/elsewhere" icon={<BookIcon className="size-4" />}>
                  Normal
                </NavButton>
              </li>
              <li>
                <NavButton to={href("/dev/ui")} end icon={<FolderIcon className="size-4" />}>
                  Active (this page)
                </NavButton>
              </li>
              <li>
                <NavButton to="/dev/ui/new" isNew>
                  With a new badge
                </NavButton>
              </li>
              <li>
                <NavButton to="/dev/ui/featured" featured>
                  Featured
                </NavButton>
              </li>
              <li>
                <NavButton to="/dev/ui/both" isNew featured>
                  New and featured
                </NavButton>
              </li>
            </ul>
          </nav>
        </Section>

        <Section id="kit-tooltips" title="Tooltips">
          <p className="text-sm text-slate-600">
            Hover or focus a trigger. No delay, 300 ms in, 250 ms out, offset 12 px, at most 30rem
            wide.
          </p>
          <Row>
            <Tooltip content="Saves your changes">
              <Button theme="white">Button trigger</Button>
            </Tooltip>
            <Tooltip content="Opens the membership page">
              <a
                href="#kit-tooltips"
                className="font-medium text-brand-700 underline underline-offset-2"
              >
                Link trigger
              </a>
            </Tooltip>
            <Tooltip content="Favorite exercises">
              <button
                type="button"
                className="rounded-lg p-2 text-slate-700 hover:bg-slate-100"
                aria-label="Favorite exercises"
              >
                <StarIcon />
              </button>
            </Tooltip>
            <Tooltip content="A long tooltip wraps once it reaches its maximum width of thirty rem, so that it never runs across the whole screen however much text it carries.">
              <Button theme="neutral">Long content</Button>
            </Tooltip>
          </Row>
        </Section>

        <Section id="kit-alerts" title="Alerts">
          <Alert tone="info" title="Info">
            Your changes will be visible to your students tomorrow.
          </Alert>
          <Alert tone="success" title="Success">
            Your lesson has been saved.
          </Alert>
          <Alert tone="warning" title="Warning">
            Your trial ends in 2 days.
          </Alert>
          <Alert tone="error" title="Error">
            The code could not be redeemed.
          </Alert>
          <Alert tone="info">An alert without a title.</Alert>
        </Section>

        <Section id="kit-fields" title="Form fields">
          <form className="grid gap-6 md:grid-cols-2" onSubmit={(e) => e.preventDefault()}>
            <TextField label="Empty" name="empty" placeholder="Placeholder text" />
            <TextField label="Filled" name="filled" defaultValue="Ada Lovelace" />
            <TextField
              label="With a hint"
              name="hint"
              type="email"
              hint="We never share your e-mail address."
            />
            <TextField
              label="With an error"
              name="error"
              defaultValue="ada@"
              error="Not a valid e-mail address."
            />
            <TextField label="Disabled" name="disabled" defaultValue="Read only" disabled />
            <TextAreaField label="Empty text area" name="ta-empty" />
            <TextAreaField
              label="Filled text area"
              name="ta-filled"
              defaultValue="Talk about your favourite holiday for two minutes."
            />
            <TextAreaField
              label="Text area with a hint"
              name="ta-hint"
              hint="Markdown is supported."
            />
            <TextAreaField
              label="Text area with an error"
              name="ta-error"
              error="The field is required."
            />
            <div className="space-y-4">
              <CheckboxField label="Unchecked checkbox" name="cb-empty" />
              <CheckboxField label="Checked checkbox" name="cb-filled" defaultChecked />
              <CheckboxField
                label="I accept the terms of service"
                name="cb-error"
                error="The field is required."
              />
            </div>
          </form>
        </Section>

        <Section id="kit-feedback" title="Spinner, empty state and page header">
          <Sub title="Spinner">
            <Row>
              <Spinner className="size-4 text-brand-700" />
              <Spinner className="size-6 text-brand-700" />
              <Spinner className="size-10 text-accent-700" />
              <p className="flex items-center gap-2 text-slate-600">
                <Spinner className="size-4" /> Loading…
              </p>
            </Row>
          </Sub>
          <Sub title="Page header">
            <p className="text-sm text-slate-600">
              The header at the top of this page is the PageHeader component (one h1 per page).
            </p>
          </Sub>
          <div className="grid gap-4 md:grid-cols-2">
            <EmptyState
              title="No favorites yet"
              icon={<StarIcon className="size-8" />}
              action={<ButtonLink to="#kit-feedback">Browse exercises</ButtonLink>}
            >
              Mark an exercise with the star to find it here.
            </EmptyState>
            <EmptyState title="Nothing here">An empty state with only a title and text.</EmptyState>
          </div>
        </Section>

        <Section id="kit-avatars" title="Avatars and dates">
          <Sub title="Avatar pictures (0 has none: the initials instead)">
            <ul className="flex flex-wrap gap-5">
              {Array.from({ length: AVATAR_COUNT + 1 }, (_, i) => i).map((avatar) => (
                <li
                  key={avatar}
                  className="flex flex-col items-center gap-1 text-xs text-slate-600"
                >
                  <Avatar profile={{ initials: "AL", avatar, firstName: "Ada" }} />
                  Avatar {avatar}
                </li>
              ))}
            </ul>
          </Sub>
          <Sub title="LocalDateTime">
            <ul className="space-y-1 text-slate-700">
              {SAMPLE_DATES.map((value) => (
                <li key={value}>
                  <code className="text-sm text-slate-600">{value}</code> →{" "}
                  <LocalDateTime value={value} />
                </li>
              ))}
            </ul>
          </Sub>
        </Section>

        <Section id="kit-overlays" title="Modals and side panels">
          <OverlayDemo />
        </Section>

        <Section id="kit-prose" title="Prose (rendered Markdown)">
          <div
            className="prose-parley max-w-3xl"
            dangerouslySetInnerHTML={{ __html: loaderData.proseHtml }}
          />
        </Section>
      </main>
    </AppChrome>
  );
}
