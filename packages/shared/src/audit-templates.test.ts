import { describe, expect, it } from "vitest";
import { complianceScore } from "./audit-scoring";
import { AUDIT_TEMPLATE } from "./audit-template";
import { parseCsv, readCsv, templateFromCsv } from "./audit-template-csv";
import {
  answerLabel,
  numberStatus,
  STANDARD_TEMPLATE,
  TemplateCreateSchema,
  templateItems,
  templateScore,
} from "./audit-templates";

describe("audit templates", () => {
  it("expresses the standard template in the shared definition", () => {
    expect(templateItems(STANDARD_TEMPLATE).map((i) => i.id)).toEqual(AUDIT_TEMPLATE.map((i) => i.id));
    expect(TemplateCreateSchema.safeParse({ name: "Copy", sections: STANDARD_TEMPLATE.sections }).success).toBe(true);
  });

  it("scores the standard template exactly as before, and weighs custom items", () => {
    const statuses = AUDIT_TEMPLATE.map((t, i) => ({ id: t.id, status: (i % 3 === 0 ? "C" : "NC") as "C" | "NC" }));
    const of = (id: string) => statuses.find((s) => s.id === id)?.status ?? "";
    expect(templateScore(STANDARD_TEMPLATE, of).score).toBe(complianceScore(statuses));
    const def = {
      sections: [
        {
          id: "s",
          title: "S",
          items: [
            {
              id: "a",
              question: "A",
              guidance: "",
              answerSet: "yesno" as const,
              unit: "",
              min: null,
              max: null,
              photoOnNc: false,
              riskOnNc: true,
              weight: 3,
            },
            {
              id: "b",
              question: "B",
              guidance: "",
              answerSet: "cinna" as const,
              unit: "",
              min: null,
              max: null,
              photoOnNc: false,
              riskOnNc: true,
              weight: 1,
            },
            {
              id: "c",
              question: "C",
              guidance: "",
              answerSet: "text" as const,
              unit: "",
              min: null,
              max: null,
              photoOnNc: false,
              riskOnNc: true,
              weight: 5,
            },
          ],
        },
      ],
    };
    expect(templateScore(def, (id) => (id === "a" ? "C" : "")).score).toBe(75);
    expect(numberStatus({ min: 950, max: null }, "900")).toBe("NC");
    expect(numberStatus({ min: 950, max: 1100 }, "1000")).toBe("C");
    expect(answerLabel({ answerSet: "yesno", unit: "" }, "NC", "")).toBe("No");
    expect(answerLabel({ answerSet: "number", unit: "mm" }, "C", "1000")).toBe("1000 mm");
  });

  it("reads CSV with quotes and reports problems by row", () => {
    expect(parseCsv('a,"b, ""c"""\r\nd,"e\nf"')).toEqual([
      ["a", 'b, "c"'],
      ["d", "e\nf"],
    ]);
    const ok = templateFromCsv("Question,Answer Set,Section,Guidance\nQ1,yes/no,A,\nQ2,text,B,g\nQ3,number,A,");
    expect(ok.ok && ok.template.sections.map((s) => [s.title, s.items.length])).toEqual([
      ["A", 2],
      ["B", 1],
    ]);
    const bad = templateFromCsv("Section,Question,Guidance,Answer set\nA,,x,Text\nA,Q,,Sometimes");
    expect(bad.ok ? [] : bad.errors).toEqual([
      "Row 2: the question is empty",
      'Row 3: the answer set "Sometimes" is not one of C/I/NC/N/A, Yes/No/N/A, Number, Text',
    ]);
  });

  it("refuses a quote that is never closed, naming its row and line", () => {
    const file = 'Section,Question,Guidance,Answer set\r\nA,Q1,,Text\r\nA,"Q2,,Yes/No\r\nA,Q3,,Text\r\n';
    const result = templateFromCsv(file);
    expect(result.ok ? [] : result.errors).toEqual([
      "Row 3 (line 3): a quoted cell starts here and its closing quote is missing, so the rest of the file would be one question. Add the closing quote (a quote inside a quoted cell is written twice)",
    ]);
    expect(readCsv('a\n"b\nc"\n"d').unclosed).toEqual({ row: 3, line: 4 });
    expect(readCsv('a\r"b""\rc"\r\nd').unclosed).toBeUndefined();
  });
});
