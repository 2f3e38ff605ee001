import { Outlet } from "react-router";

/** Partial content shown on its own (previews): no navigation, just a container. */
export default function ContainerLayout() {
  return (
    <main id="main" className="mx-auto max-w-3xl bg-white px-4 py-6">
      <Outlet />
    </main>
  );
}
