import { describe, expect, it } from "vitest";
import { matchesSearchTokens, SearchQuerySchema, searchTokens } from "./global-search";

describe("searchTokens", () => {
  it("folds and cuts at everything that is not a letter or a digit, as the indexes do", () => {
    expect(searchTokens("Flat 3.04")).toEqual(["flat", "3", "04"]);
    expect(searchTokens("SNAG-20250131-1000")).toEqual(["snag", "20250131", "1000"]);
    expect(searchTokens("FAÇADE  crème")).toEqual(["facade", "creme"]);
    expect(searchTokens("!!! ... ---")).toEqual([]);
    expect(searchTokens("'\" & | * : ( )")).toEqual([]);
    expect(searchTokens("a b c d e f g h i j")).toHaveLength(8);
  });
});

describe("matchesSearchTokens", () => {
  it("matches every token as the start of a word, like a prefix query", () => {
    expect(matchesSearchTokens("Crack in Flat 3.04, Façade", searchTokens("flat 3.04 fac"))).toBe(true);
    expect(matchesSearchTokens("Crack in Flat 3.04", searchTokens("rack"))).toBe(false);
    expect(matchesSearchTokens("Crack", [])).toBe(true);
  });
});

describe("SearchQuerySchema", () => {
  it("bounds q and limit with sentences", () => {
    expect(SearchQuerySchema.parse({ q: "door" })).toEqual({ q: "door", limit: 20 });
    const long = SearchQuerySchema.safeParse({ q: "a".repeat(201) });
    expect(long.error?.issues[0]?.message).toBe("Search must be at most 200 characters");
    const limit = SearchQuerySchema.safeParse({ q: "a", limit: "51" });
    expect(limit.error?.issues[0]?.message).toBe("Limit must be a whole number from 1 to 50");
  });
});
