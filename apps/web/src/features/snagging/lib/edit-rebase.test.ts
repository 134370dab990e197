import { describe, expect, it } from "vitest";
import type { KeptPhoto } from "../components/report-form/kept-photo-card";
import { type EditState, rebaseEdit } from "./edit-rebase";

const photo = (attachmentId: string, over: Partial<KeptPhoto> = {}): KeptPhoto => ({
  attachmentId,
  url: `/uploads/${attachmentId}.jpg`,
  name: `${attachmentId}.jpg`,
  location: "Plot 4",
  description: "Cracked sill",
  removed: false,
  ...over,
});

const state = (over: Partial<EditState["values"]> = {}, kept: KeptPhoto[] = [photo("a")]): EditState => ({
  values: {
    projectId: "p1",
    title: "SNAG-1",
    priority: "low",
    category: "other",
    dueDate: "",
    assignedTo: "",
    ...over,
  },
  kept,
});

describe("rebaseEdit", () => {
  it("gives every untouched field the server's newer value", () => {
    const base = state();
    const latest = state({ priority: "critical", assignedTo: "u2" });
    expect(rebaseEdit(base, base, latest)).toEqual(latest);
  });

  it("keeps every field the person touched, even one the server changed too", () => {
    const base = state();
    const current = state({ dueDate: "2031-02-03", priority: "medium" });
    const latest = state({ priority: "critical", assignedTo: "u2" });
    expect(rebaseEdit(current, base, latest).values).toEqual({
      ...latest.values,
      dueDate: "2031-02-03",
      priority: "medium",
    });
  });

  it("keeps the texts and removals typed on a photo, takes the server's photos otherwise", () => {
    const base = state({}, [photo("a"), photo("b"), photo("c")]);
    const current = state({}, [photo("a", { description: "Sill cracked at the left" }), photo("b", { removed: true })]);
    // On the server meanwhile: a's location changed, c was deleted, d was added.
    const latest = state({}, [photo("a", { location: "Plot 5" }), photo("b"), photo("d")]);
    expect(rebaseEdit(current, base, latest).kept).toEqual([
      photo("a", { location: "Plot 5", description: "Sill cracked at the left" }),
      photo("b", { removed: true }),
      photo("d"),
    ]);
  });
});
