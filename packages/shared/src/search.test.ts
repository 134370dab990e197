import { describe, expect, it } from "vitest";
import {
  foldForSearch,
  matchesSearchWords,
  projectSearchText,
  reportSearchText,
  searchWords,
  userSearchText,
} from "./search";

describe("search folding", () => {
  it("folds case and accents, precomposed or combining", () => {
    expect(foldForSearch("FAÇADE Crème Ñúñez")).toBe("facade creme nunez");
    expect(foldForSearch("fac\u0327ade")).toBe("facade");
    expect(foldForSearch("Zoë Brontë")).toBe("zoe bronte");
  });

  it("splits a search into at most 8 folded words", () => {
    expect(searchWords("  Café   ROYAL\tlobby ")).toEqual(["cafe", "royal", "lobby"]);
    expect(searchWords(undefined)).toEqual([]);
    expect(searchWords("\u0301 ")).toEqual([]);
    expect(searchWords("a b c d e f g h i j")).toEqual(["a", "b", "c", "d", "e", "f", "g", "h"]);
  });

  it("keeps each searched field on its own line", () => {
    expect(reportSearchText("SNAG-1", "Façade")).toBe("snag-1\nfacade");
    expect(projectSearchText("Café", "Lobby")).toBe("cafe\nlobby");
    expect(userSearchText("José", "Müller", "Jose.M@example.com")).toBe("jose\nmuller\njose.m@example.com");
  });

  it("matches when every word is somewhere in the text, in any order", () => {
    const text = projectSearchText("Café Royal refurbishment", "Façade and lobby");
    expect(matchesSearchWords(text, "")).toBe(true);
    expect(matchesSearchWords(text, "LOBBY cafe")).toBe(true);
    expect(matchesSearchWords(text, "façade royal")).toBe(true);
    expect(matchesSearchWords(text, "cafe tower")).toBe(false);
  });
});
