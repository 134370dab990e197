// Search folding shared by the browser (filtering loaded lists) and the server (the `search_text`
// column it keeps per report, project and user, and the words it looks for), so both find the same
// rows: "Façade" matches "facade", "FACADE" and "façade".

/** Text as search compares it: decomposed (NFD), accents and other diacritics removed, lower case. */
export const foldForSearch = (text: string): string =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/** The folded words of a search, at most 8 (more add cost and no precision). */
export const searchWords = (search: string | undefined): string[] =>
  foldForSearch(search ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8);

/** What a report is searched by: its title and description, folded, one per line. */
export const reportSearchText = (title: string, description: string): string =>
  `${foldForSearch(title)}\n${foldForSearch(description)}`;

/** What a project is searched by: its name and description, folded, one per line. */
export const projectSearchText = (name: string, description: string): string =>
  `${foldForSearch(name)}\n${foldForSearch(description)}`;

/** What the admin finds a user by: first name, last name and email, folded, one per line. */
export const userSearchText = (firstName: string, lastName: string, email: string): string =>
  `${foldForSearch(firstName)}\n${foldForSearch(lastName)}\n${foldForSearch(email)}`;

/**
 * Whether folded search text (one of the functions above) holds every word of the search, as the
 * server's `search_text like '%word%'` per word decides it. An empty search matches everything.
 */
export const matchesSearchWords = (searchText: string, search: string): boolean =>
  searchWords(search).every((word) => searchText.includes(word));
