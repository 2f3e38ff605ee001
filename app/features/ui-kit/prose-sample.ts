/** Markdown with every element the prose style covers, for the UI kit page. */
export const PROSE_SAMPLE = `Every content page (FAQ, blog, legal, the Feature Lab) is Markdown rendered into this
style. It has [links in the brand colour](#kit-prose), **strong text**, _emphasis_ and
\`inline code\`.

## A second-level heading

Hover over or focus a heading to reveal its anchor link. Paragraphs keep a comfortable
line length and spacing.

### A third-level heading

- An unordered list item
- Another item, with a nested list:
  - a nested item
  - another nested item
- A last item

1. First step
2. Second step
3. Third step

> A blockquote: "The limits of my language mean the limits of my world."

| Level | Exercises | Materials | Typical learner | Download |
| ----- | --------: | --------: | --------------- | -------- |
| A1 | 120 | 45 | Absolute beginners who can introduce themselves | [A1 list](#kit-prose) |
| B2 | 310 | 98 | Upper-intermediate learners preparing for exams | [B2 list](#kit-prose) |
| C2 | 64 | 21 | Proficient speakers polishing nuance and register | [C2 list](#kit-prose) |

\`\`\`ts
const greeting = (name: string) => \`Hello, \${name}!\`;
console.log(greeting("Parley"));
\`\`\`
`;
