// @vitest-environment jsdom
import fs from "node:fs";
import path from "node:path";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, redirect, RouterProvider, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import en from "../../locales/en.json";
import { OverlayHost } from "~/components/ui/overlay-host";
import { overlays } from "~/components/ui/overlay-stack";
import type { ProfileView } from "~/features/account/profile.server";
import { I18nProvider, I18nStore } from "~/lib/i18n/react";
import type { OrganizationSummary } from "./account-dialogs";
import { AVATAR_COUNT } from "~/features/account/schemas";
import { Avatar, avatarPicture } from "~/features/account/components/avatar";
import { AvatarMenu } from "./avatar-menu";
import { AVATAR_DISPLAY_PX, AVATAR_IMAGES_DIR } from "~/features/account/avatar-images";

function makeProfile(overrides: Partial<ProfileView> = {}): ProfileView {
  return {
    id: "user-1",
    email: "ada@example.com",
    emailVerified: true,
    firstName: "Ada",
    lastName: "Lovelace",
    initials: "AL",
    avatar: 1,
    organization: null,
    hasTrialOffer: false,
    hasGift: false,
    isTrialActive: false,
    askReview: false,
    isAdmin: false,
    isStudent: false,
    isPremiumMember: false,
    isOrganizationPremiumMember: false,
    isPremiumActive: false,
    trial: null,
    needsSubscriptionRecheck: false,
    needsGeoLookup: false,
    locale: "en",
    ...overrides,
  };
}

const organization = (isPremium: boolean): ProfileView["organization"] => ({
  id: "org-1",
  name: "Riverside School",
  role: "member",
  isPremium,
  needsRecheck: false,
});

const ORGANIZATION: OrganizationSummary = {
  id: "org-1",
  name: "Riverside School",
  isPremium: true,
  seats: 10,
  role: "member",
  members: [
    { id: "u-2", firstName: "Grace", lastName: "Hopper", role: "owner" },
    { id: "user-1", firstName: "Ada", lastName: "Lovelace", role: "member" },
  ],
};

const PROFILES = {
  free: makeProfile(),
  individual: makeProfile({ isPremiumMember: true, isPremiumActive: true }),
  orgFree: makeProfile({ organization: organization(false) }),
  orgPremium: makeProfile({
    organization: organization(true),
    isOrganizationPremiumMember: true,
    isPremiumActive: true,
  }),
};

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

const signOutRequests: string[] = [];

function renderMenu(profile: ProfileView) {
  const store = new I18nStore("en", en);
  const router = createMemoryRouter(
    [
      {
        path: "/api/user/organization",
        loader: () => ({ organization: ORGANIZATION }),
      },
      {
        path: "/auth/sign-out",
        action: ({ request }) => {
          signOutRequests.push(request.method);
          return redirect("/auth/sign-in?signedOut=1");
        },
      },
      {
        path: "*",
        element: (
          <I18nProvider store={store}>
            <button type="button">Elsewhere</button>
            <AvatarMenu profile={profile} />
            <Location />
            <OverlayHost closeLabel="Close" />
          </I18nProvider>
        ),
      },
    ],
    { initialEntries: ["/dashboard"] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const TEACHING = ["Students", "Lessons", "Classes"];

const trigger = () => screen.getByRole("button", { name: "Account menu for Ada Lovelace" });
const itemNames = () =>
  within(screen.getByRole("menu"))
    .getAllByRole("menuitem")
    .map((item) => item.textContent);

async function openMenu(user = userEvent.setup()) {
  await user.click(trigger());
  return within(await screen.findByRole("menu"));
}

let scrollTo: MockInstance<typeof window.scrollTo>;
beforeEach(() => {
  // The overlay host locks scrolling; jsdom does not implement scrollTo.
  scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  overlays.clear();
  scrollTo.mockRestore();
});

describe("AvatarMenu entries by membership", () => {
  it.each([
    ["free", PROFILES.free, ["Your Account", "Go Premium", "Redeem Code", "Sign Out"]],
    [
      "individual premium",
      PROFILES.individual,
      ["Your Account", "Membership", "Redeem Code", "Sign Out"],
    ],
    [
      "free organization member",
      PROFILES.orgFree,
      ["Your Account", "Organization", "Go Premium", "Redeem Code", "Sign Out"],
    ],
    [
      "organization premium",
      PROFILES.orgPremium,
      ["Your Account", "Organization", "Membership", "Redeem Code", "Sign Out"],
    ],
  ])("%s", async (_name, profile, expected) => {
    renderMenu(profile);
    await openMenu();
    // Students, Lessons and Classes first for everyone (issue 21), then spec §2.5's entries.
    expect(itemNames()).toEqual([...TEACHING, ...expected]);
  });

  it("gives every item exactly one text colour, so Go Premium shows its accent", async () => {
    renderMenu(PROFILES.free);
    const menu = await openMenu();
    for (const item of menu.getAllByRole("menuitem")) {
      const colors = item.className
        .split(" ")
        .filter((c) => /^text-[a-z]+-\d+$/.test(c) || c === "text-ink");
      expect(colors, item.textContent ?? "").toHaveLength(1);
    }
    expect(menu.getByRole("menuitem", { name: "Go Premium" }).className).toContain("text-accent");
  });

  it("shows the user's name and email in the menu", async () => {
    renderMenu(PROFILES.free);
    const menu = await openMenu();
    expect(menu.getByText("Ada Lovelace")).toBeTruthy();
    expect(menu.getByText("ada@example.com")).toBeTruthy();
  });
});

describe("AvatarMenu actions", () => {
  it.each([
    ["Students", PROFILES.free, "/dashboard/students"],
    ["Lessons", PROFILES.free, "/dashboard/lessons"],
    ["Your Account", PROFILES.free, "/dashboard/account"],
    ["Go Premium", PROFILES.free, "/dashboard/membership"],
    ["Membership", PROFILES.individual, "/dashboard/membership"],
  ])("%s navigates to its page", async (name, profile, path) => {
    const router = renderMenu(profile);
    const menu = await openMenu();
    await userEvent.click(menu.getByRole("menuitem", { name }));
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
    expect(screen.queryByRole("menu")).toBeNull();
    expect(overlays.size).toBe(0);
  });

  it("Classes leads to the classes section of the students page", async () => {
    const router = renderMenu(PROFILES.free);
    const menu = await openMenu();
    await userEvent.click(menu.getByRole("menuitem", { name: "Classes" }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.hash).toBe(
        "/dashboard/students#classes",
      ),
    );
  });

  it("signs out with a POST (a GET only asks), then shows sign-in", async () => {
    signOutRequests.length = 0;
    const router = renderMenu(PROFILES.free);
    const menu = await openMenu();
    await userEvent.click(menu.getByRole("menuitem", { name: "Sign Out" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/sign-in"));
    expect(signOutRequests).toEqual(["POST"]);
  });

  it("opens Membership as a dialog for organization premium members", async () => {
    const router = renderMenu(PROFILES.orgPremium);
    const menu = await openMenu();
    await userEvent.click(menu.getByRole("menuitem", { name: "Membership" }));
    expect(overlays.getEntries().map((e) => [e.id, e.kind])).toEqual([["membership", "modal"]]);
    const dialog = within(await screen.findByRole("dialog", { name: "Membership" }));
    // The dialog's content loads on first use.
    expect(
      await dialog.findByText(/Your premium access comes from your school, Riverside School/),
    ).toBeTruthy();
    expect(await dialog.findByText("The subscription is managed by Grace Hopper.")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/dashboard");
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("opens the Organization dialog", async () => {
    renderMenu(PROFILES.orgFree);
    const menu = await openMenu();
    await userEvent.click(menu.getByRole("menuitem", { name: "Organization" }));
    expect(overlays.getEntries().map((e) => e.id)).toEqual(["organization"]);
    const dialog = within(await screen.findByRole("dialog", { name: "Organization" }));
    expect(await dialog.findByText("Grace Hopper")).toBeTruthy();
  });

  it("opens Redeem Code as a dialog that the close button dismisses", async () => {
    const user = userEvent.setup();
    renderMenu(PROFILES.free);
    const menu = await openMenu(user);
    await user.click(menu.getByRole("menuitem", { name: "Redeem Code" }));
    expect(overlays.getEntries().map((e) => [e.id, e.kind])).toEqual([["redeem", "modal"]]);
    const dialog = within(await screen.findByRole("dialog", { name: "Redeem Code" }));
    expect(await dialog.findByLabelText("Code")).toBeTruthy();
    await user.click(dialog.getAllByRole("button", { name: "Close" })[0]!);
    expect(overlays.size).toBe(0);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // Focus goes back to the menu's button (the item that opened it is gone with the menu).
    await waitFor(() => expect(document.activeElement).toBe(trigger()));
  });

  it.each(["Redeem Code", "Organization"])(
    "gives focus back to the menu's button when %s is closed with Escape",
    async (name) => {
      const user = userEvent.setup();
      renderMenu(PROFILES.orgFree);
      trigger().focus();
      await user.keyboard("{Enter}");
      const menu = within(await screen.findByRole("menu"));
      menu.getByRole("menuitem", { name }).focus();
      await user.keyboard("{Enter}");
      await screen.findByRole("dialog", { name });
      await user.keyboard("{Escape}");
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(trigger()));
    },
  );
});

describe("AvatarMenu opening and closing", () => {
  it("opens on click and toggles closed on a second click", async () => {
    const user = userEvent.setup();
    renderMenu(PROFILES.free);
    expect(screen.queryByRole("menu")).toBeNull();
    expect(trigger().getAttribute("aria-expanded")).toBe("false");
    expect(trigger().getAttribute("aria-haspopup")).toBe("menu");
    await openMenu(user);
    expect(trigger().getAttribute("aria-expanded")).toBe("true");
    await user.click(trigger());
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
  });

  it("closes on Escape and gives focus back to the trigger", async () => {
    const user = userEvent.setup();
    renderMenu(PROFILES.free);
    await openMenu(user);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
    expect(document.activeElement).toBe(trigger());
  });

  it("closes on an outside click", async () => {
    const user = userEvent.setup();
    renderMenu(PROFILES.free);
    await openMenu(user);
    await user.click(screen.getByRole("button", { name: "Elsewhere" }));
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
    expect(screen.getByTestId("location").textContent).toBe("/dashboard");
  });

  it("closes after choosing an item", async () => {
    const user = userEvent.setup();
    renderMenu(PROFILES.free);
    const menu = await openMenu(user);
    await user.click(menu.getByRole("menuitem", { name: "Your Account" }));
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
  });

  it.each(["{Enter}", "{ArrowDown}", " "])(
    "opens from the keyboard with %s and focuses the first item",
    async (key) => {
      const user = userEvent.setup();
      renderMenu(PROFILES.free);
      await user.tab();
      await user.tab();
      expect(document.activeElement).toBe(trigger());
      await user.keyboard(key);
      const menu = await screen.findByRole("menu");
      await waitFor(() =>
        expect(document.activeElement).toBe(
          within(menu).getByRole("menuitem", { name: "Students" }),
        ),
      );
    },
  );

  it("moves with the arrow keys, wraps at neither end, and chooses with Enter", async () => {
    const user = userEvent.setup();
    const router = renderMenu(PROFILES.free);
    trigger().focus();
    await user.keyboard("{ArrowDown}");
    const menu = within(await screen.findByRole("menu"));
    const item = (name: string) => menu.getByRole("menuitem", { name });
    await waitFor(() => expect(document.activeElement).toBe(item("Students")));
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(item("Lessons"));
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(document.activeElement).toBe(item("Your Account"));
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(item("Go Premium"));
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(item("Redeem Code"));
    await user.keyboard("{ArrowUp}");
    expect(document.activeElement).toBe(item("Go Premium"));
    await user.keyboard("{End}");
    expect(document.activeElement).toBe(item("Sign Out"));
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(item("Sign Out"));
    await user.keyboard("{Home}");
    expect(document.activeElement).toBe(item("Students"));
    await user.keyboard("{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{Enter}");
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/membership"));
    expect(screen.queryByRole("menu")).toBeNull();
  });
});

describe("Avatar", () => {
  const ada = (avatar: number) => ({ initials: "AL", avatar, firstName: "Ada" });
  const pictureOf = (container: HTMLElement) => container.querySelector("img");

  it("shows the picture chosen by number, with its 2x and 3x files and a fixed size", () => {
    const { container } = render(<Avatar profile={ada(3)} />);
    const img = pictureOf(container);
    expect(img?.getAttribute("src")).toBe(`${AVATAR_IMAGES_DIR}/3.png`);
    expect(img?.getAttribute("srcset")).toBe(
      `${AVATAR_IMAGES_DIR}/3@2x.png 2x, ${AVATAR_IMAGES_DIR}/3@3x.png 3x`,
    );
    expect(img?.getAttribute("width")).toBe(String(AVATAR_DISPLAY_PX));
    expect(img?.getAttribute("height")).toBe(String(AVATAR_DISPLAY_PX));
    // Decorative: the menu trigger and the picker's options carry the name.
    expect(img?.getAttribute("alt")).toBe("");
    expect(screen.queryByText("AL")).toBeNull();
  });

  it("falls back to the initials when the picture does not load", () => {
    const { container } = render(<Avatar profile={ada(2)} />);
    fireEvent.error(pictureOf(container)!);
    expect(pictureOf(container)).toBeNull();
    expect(screen.getByText("AL").getAttribute("aria-hidden")).toBe("true");
  });

  it("falls back when the picture had failed before the page became interactive", () => {
    // Server-rendered: the browser's error event came before React listened for it.
    const complete = vi.spyOn(HTMLImageElement.prototype, "complete", "get").mockReturnValue(true);
    try {
      const { container } = render(<Avatar profile={ada(5)} />);
      expect(pictureOf(container)).toBeNull();
      expect(screen.getByText("AL")).toBeTruthy();
    } finally {
      complete.mockRestore();
    }
  });

  it("shows the initials in a coloured circle for a number without a picture", () => {
    for (const avatar of [0, AVATAR_COUNT + 1]) {
      const { container } = render(<Avatar profile={ada(avatar)} />);
      expect(pictureOf(container)).toBeNull();
      expect(
        screen
          .getByText("AL")
          .className.split(" ")
          .filter((c) => c.startsWith("bg-")),
      ).toHaveLength(1);
      cleanup();
    }
  });

  it("falls back to the first name's initial", () => {
    render(<Avatar profile={{ initials: "", avatar: 0, firstName: "ada" }} />);
    expect(screen.getByText("A")).toBeTruthy();
  });

  it("has every picture it offers on disk, at 1x, 2x and 3x, each small", () => {
    expect(AVATAR_COUNT).toBeGreaterThanOrEqual(12);
    for (let n = 1; n <= AVATAR_COUNT; n++) {
      const picture = avatarPicture(n);
      expect(picture).not.toBeNull();
      const files = [picture!.src, ...picture!.srcSet.split(", ").map((s) => s.split(" ")[0]!)];
      files.forEach((file, i) => {
        const png = fs.readFileSync(path.join("public", file));
        // PNG header: width and height at bytes 16 and 20.
        expect(png.readUInt32BE(16)).toBe(AVATAR_DISPLAY_PX * (i + 1));
        expect(png.readUInt32BE(20)).toBe(AVATAR_DISPLAY_PX * (i + 1));
        expect(png.length).toBeLessThan(8 * 1024);
      });
    }
  });
});
