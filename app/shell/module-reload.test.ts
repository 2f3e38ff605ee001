// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { noteNavigationsOf, pendingNavigation } from "./module-reload";

type Listener = (state: {
  navigation: { location?: { pathname: string; search: string; hash: string } | null };
}) => void;

function fakeRouter() {
  const listeners = new Set<Listener>();
  return {
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(location: { pathname: string; search: string; hash: string } | null) {
      for (const listener of listeners) listener({ navigation: { location } });
    },
    get size() {
      return listeners.size;
    },
  };
}

afterEach(() => window.sessionStorage.clear());

describe("noteNavigationsOf", () => {
  it("notes a navigation as soon as the router starts it, and clears it when it ends", () => {
    const router = fakeRouter();
    const stop = noteNavigationsOf(router);
    router.emit({ pathname: "/dashboard/students", search: "?q=a", hash: "#list" });
    // Synchronously: no render or effect in between.
    expect(pendingNavigation()).toBe("/dashboard/students?q=a#list");
    router.emit(null);
    expect(pendingNavigation()).toBeNull();
    stop?.();
    expect(router.size).toBe(0);
  });

  it("does nothing without a router", () => {
    expect(noteNavigationsOf(undefined)).toBeNull();
  });
});
