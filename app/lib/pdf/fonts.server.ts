import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as fontkit from "fontkit";

/**
 * The typefaces of Parley's PDFs (issue 17 item 2): Noto, from the @expo-google-fonts packages
 * (SIL Open Font License 1.1, credited on /legal/credits). Noto Sans sets the English of the
 * exercises and the Latin, Greek and Cyrillic of the interface; a script face per interface
 * language written otherwise; symbols, arrows and emoji from their own faces. Each character
 * is set in the first face of its chain that has it, so a Japanese heading with "A1" in it,
 * or an English card with "→" or "🎨", comes out whole.
 */

export type FontStyle = "regular" | "bold" | "italic";

interface Face {
  /** Package and file stem, e.g. ["noto-sans-arabic", "NotoSansArabic"]. */
  pkg: string;
  stem: string;
  styles: FontStyle[];
}

const face = (pkg: string, stem: string, styles: FontStyle[] = ["regular", "bold"]): Face => ({
  pkg,
  stem,
  styles,
});

const LATIN = face("noto-sans", "NotoSans", ["regular", "bold", "italic"]);
const SYMBOLS = face("noto-sans-symbols-2", "NotoSansSymbols2", ["regular"]);
const MATH = face("noto-sans-math", "NotoSansMath", ["regular"]);
const EMOJI = face("noto-emoji", "NotoEmoji");

/** The face an interface language needs beyond Noto Sans, by its language subtag. */
const SCRIPT_FACES: Record<string, Face> = {
  ar: face("noto-sans-arabic", "NotoSansArabic"),
  he: face("noto-sans-hebrew", "NotoSansHebrew"),
  hi: face("noto-sans-devanagari", "NotoSansDevanagari"),
  ta: face("noto-sans-tamil", "NotoSansTamil"),
  th: face("noto-sans-thai", "NotoSansThai"),
  ja: face("noto-sans-jp", "NotoSansJP"),
  ko: face("noto-sans-kr", "NotoSansKR"),
  "zh-CN": face("noto-sans-sc", "NotoSansSC"),
  "zh-TW": face("noto-sans-tc", "NotoSansTC"),
};

const FILE_STYLE: Record<FontStyle, string> = {
  regular: "400Regular",
  bold: "700Bold",
  italic: "400Regular_Italic",
};

const require = createRequire(import.meta.url);

export interface LoadedFont {
  /** The name the document registers it under. */
  name: string;
  data: Buffer;
  has(codePoint: number): boolean;
  /** Ascent and line gap per 1 unit of font size, for placing lines. */
  ascent: number;
  descent: number;
}

const loaded = new Map<string, LoadedFont>();

function load(f: Face, style: FontStyle): LoadedFont {
  const use = f.styles.includes(style) ? style : style === "italic" ? "regular" : f.styles[0]!;
  const name = `${f.stem}-${use}`;
  const known = loaded.get(name);
  if (known) return known;
  const dir = FILE_STYLE[use];
  const path = require.resolve(`@expo-google-fonts/${f.pkg}/${dir}/${f.stem}_${dir}.ttf`);
  const data = readFileSync(path);
  const font = fontkit.create(data);
  const font1 = "fonts" in font ? font.fonts[0]! : font;
  const cmap = new Map<number, boolean>();
  const entry: LoadedFont = {
    name,
    data,
    has: (cp) => {
      let hit = cmap.get(cp);
      if (hit === undefined) {
        hit = font1.hasGlyphForCodePoint(cp);
        cmap.set(cp, hit);
      }
      return hit;
    },
    ascent: font1.ascent / font1.unitsPerEm,
    descent: -font1.descent / font1.unitsPerEm,
  };
  loaded.set(name, entry);
  return entry;
}

/**
 * The faces tried in order: for the interface's words its script's face first (its digits and
 * punctuation match its letters); for English, Noto Sans first and the interface's script
 * last (a translated label inside an English line).
 */
export function fontChain(locale: string, style: FontStyle, english: boolean): LoadedFont[] {
  const script = SCRIPT_FACES[locale] ?? SCRIPT_FACES[locale.split("-")[0] ?? ""];
  const common = [LATIN, SYMBOLS, MATH, EMOJI];
  const faces = script ? (english ? [...common, script] : [script, ...common]) : common;
  return faces.map((f) => load(f, style));
}

/** The face to set a character in: the first of the chain that has it (else the first). */
export function fontForChar(chain: LoadedFont[], codePoint: number): LoadedFont {
  return chain.find((f) => f.has(codePoint)) ?? chain[0]!;
}
