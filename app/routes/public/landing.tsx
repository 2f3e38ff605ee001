import type { Route } from "./+types/landing";

export const meta: Route.MetaFunction = () => [
  { title: "Parley — speaking exercises for English teachers" },
];

export default function Landing() {
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-4xl font-bold text-brand-800">Parley</h1>
      <p className="mt-4 text-lg">Ready-to-use speaking exercises for every CEFR level.</p>
    </main>
  );
}
