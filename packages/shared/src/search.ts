// Search folding shared by the browser (filtering loaded reports) and the server (the
// `search_text` column it keeps per report and the words it looks for), so both find the same
// reports: "Façade" matches "facade", "FACADE" and "façade".

/** Text as search compares it: decomposed (NFD), accents and other diacritics removed, lower case. */
export const foldForSearch = (text: string): string =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/** What a report is searched by: its title and description, folded, one per line. */
export const reportSearchText = (title: string, description: string): string =>
  `${foldForSearch(title)}\n${foldForSearch(description)}`;
