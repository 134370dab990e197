import { searchTokens } from "@sitesnag/shared/search-words";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { searchCachedLists } from "./offline-search";

const report = (id: string, description: string, locationPath: string | null = null) => ({
  id,
  projectId: "p1",
  projectName: "Quay",
  title: `SNAG-20261128-${id}`,
  description,
  category: "plumbing",
  locationPath,
});

describe("searchCachedLists", () => {
  it("finds cached reports and projects as the server would, each once, in every shape of answer", () => {
    const client = new QueryClient();
    const crack = report("1001", "Crème render cracked", "Block B > Flat 3.04");
    // An infinite list, a detail and a project page hold the same report: it is offered once.
    client.setQueryData(["snagging", "list"], {
      pages: [{ items: [crack, report("1002", "Door sticks")] }],
      pageParams: [null],
    });
    client.setQueryData(["snagging", "detail", "1001"], crack);
    client.setQueryData(["snagging", "counts", {}], { all: 2, open: 2 });
    client.setQueryData(
      ["projects"],
      [{ id: "p1", name: "Quay Façades", description: "", location: "Dock Rd", clientName: "Harbour" }],
    );
    client.setQueryData(["team"], { members: [{ id: "u1", name: "Flat 3.04 fan" }] });

    const found = (q: string) => searchCachedLists(client, searchTokens(q), 30).map((r) => `${r.kind}:${r.title}`);
    expect(found("flat 3.04")).toEqual(["report:SNAG-20261128-1001"]);
    expect(found("CREME")).toEqual(["report:SNAG-20261128-1001"]);
    expect(found("plumb")).toEqual(["report:SNAG-20261128-1001", "report:SNAG-20261128-1002"]);
    expect(found("facade")).toEqual(["project:Quay Façades"]);
    expect(found("rack")).toEqual([]);
    expect(found("!!!")).toEqual([]);
    expect(searchCachedLists(client, searchTokens("flat"), 30)[0]).toMatchObject({
      subtitle: "Crème render cracked · Block B > Flat 3.04",
      url: "/app/snagging/1001",
    });
  });
});
