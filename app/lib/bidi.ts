/**
 * Web addresses inside translated sentences (/c/AB12CD3, https://parley.example/c/AB12CD3,
 * /dashboard/exercises/…) read left to
 * right in every language. In Arabic or Hebrew text the bidirectional algorithm would move
 * their slashes to the wrong end, so each one is wrapped in a left-to-right isolate
 * (U+2066 … U+2069), which browsers render and copy as the plain address. A full stop after
 * an address stays part of the sentence.
 */
export function isolatePaths(text: string): string {
  return text.replace(
    /(?<![\w\u2066/:])(?:https?:\/\/[\w\-.:[\]]+)?\/[\w\-./~%]*[\w\-/~%]/g,
    (path) => `\u2066${path}\u2069`,
  );
}
