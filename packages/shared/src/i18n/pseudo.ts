// The pseudo-locale `en-XA` (development and tests only, never offered in production): English
// with every letter accented and each message about 40 % longer, between brackets. A sentence on
// screen without accents escaped the catalogue; a clipped bracket shows a layout that cannot take
// a longer language.
export const PSEUDO_LOCALE = "en-XA";

const ACCENTED: Record<string, string> = {
  a: "á",
  b: "ƀ",
  c: "ç",
  d: "ð",
  e: "é",
  f: "ƒ",
  g: "ĝ",
  h: "ĥ",
  i: "í",
  j: "ĵ",
  k: "ķ",
  l: "ĺ",
  m: "ɱ",
  n: "ñ",
  o: "ö",
  p: "þ",
  q: "ǫ",
  r: "ŕ",
  s: "š",
  t: "ţ",
  u: "ú",
  v: "ṽ",
  w: "ŵ",
  x: "ẋ",
  y: "ý",
  z: "ž",
  A: "Á",
  B: "Ɓ",
  C: "Ç",
  D: "Ð",
  E: "É",
  F: "Ƒ",
  G: "Ĝ",
  H: "Ĥ",
  I: "Í",
  J: "Ĵ",
  K: "Ķ",
  L: "Ĺ",
  M: "Ṁ",
  N: "Ñ",
  O: "Ö",
  P: "Þ",
  Q: "Ǫ",
  R: "Ŕ",
  S: "Š",
  T: "Ţ",
  U: "Ú",
  V: "Ṽ",
  W: "Ŵ",
  X: "Ẋ",
  Y: "Ý",
  Z: "Ž",
};

/** One literal stretch of a message (never its {placeholders}): accented, padded by ~40 %. */
export function pseudoText(text: string): string {
  if (text.trim() === "") return text;
  const accented = [...text].map((ch) => ACCENTED[ch] ?? ch).join("");
  const padding = "~".repeat(Math.ceil(text.length * 0.4));
  return `[${accented}${padding}]`;
}
