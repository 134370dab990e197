import { ANSWER_SETS, type AnswerSet, MAX_TEMPLATE_ITEMS } from "@sitesnag/shared/audit-template-model";
import type { AuditTemplateApi } from "@sitesnag/shared/audit-templates";
import { useQuery } from "@tanstack/react-query";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { Button, buttonClass } from "../../components/button";
import { SelectField, TextAreaField, TextField } from "../../components/field";
import { PageHeader } from "../../components/page-header";
import { ErrorState, LoadingState } from "../../components/states";
import type { Message, MessageId } from "../../i18n/i18n";
import { msg, useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api-client";
import { toast } from "../../lib/toast";
import { useAuthStore } from "../../stores/auth-store";
import { useCreateTemplate, useSaveTemplate, useTemplate } from "./api/templates-api";

const ANSWER_SET: Record<AnswerSet, Message> = {
  cinna: msg("audits.editor.set.cinna"),
  yesno: msg("audits.editor.set.yesno"),
  number: msg("audits.editor.set.number"),
  text: msg("audits.editor.set.text"),
};

type DraftItem = {
  key: string;
  id?: string;
  question: string;
  guidance: string;
  answerSet: AnswerSet;
  unit: string;
  min: string;
  max: string;
  photoOnNc: boolean;
  riskOnNc: boolean;
  weight: string;
};
type DraftSection = { key: string; id?: string; title: string; items: DraftItem[] };
type Draft = { name: string; description: string; sections: DraftSection[] };

let keys = 0;
const nextKey = () => `k${++keys}`;
const blankItem = (): DraftItem => ({
  key: nextKey(),
  question: "",
  guidance: "",
  answerSet: "cinna",
  unit: "",
  min: "",
  max: "",
  photoOnNc: false,
  riskOnNc: true,
  weight: "1",
});
const blankSection = (): DraftSection => ({ key: nextKey(), title: "", items: [blankItem()] });

function draftOf(t: Pick<AuditTemplateApi, "name" | "description" | "sections">, keepIds: boolean): Draft {
  return {
    name: t.name,
    description: t.description,
    sections: t.sections.map((s) => ({
      key: nextKey(),
      ...(keepIds ? { id: s.id } : {}),
      title: s.title,
      items: s.items.map((i) => ({
        key: nextKey(),
        ...(keepIds ? { id: i.id } : {}),
        question: i.question,
        guidance: i.guidance,
        answerSet: i.answerSet,
        unit: i.unit,
        min: i.min === null ? "" : String(i.min),
        max: i.max === null ? "" : String(i.max),
        photoOnNc: i.photoOnNc,
        riskOnNc: i.riskOnNc,
        weight: String(i.weight),
      })),
    })),
  };
}

const numberOrNull = (v: string) => (v.trim() === "" ? null : Number(v));

/** The request body a draft stands for (ids kept, so answers follow items through versions). */
const bodyOf = (d: Draft) => ({
  name: d.name,
  description: d.description,
  sections: d.sections.map((s) => ({
    ...(s.id ? { id: s.id } : {}),
    title: s.title,
    items: s.items.map((i) => ({
      ...(i.id ? { id: i.id } : {}),
      question: i.question,
      guidance: i.guidance,
      answerSet: i.answerSet,
      unit: i.answerSet === "number" ? i.unit : "",
      min: i.answerSet === "number" ? numberOrNull(i.min) : null,
      max: i.answerSet === "number" ? numberOrNull(i.max) : null,
      photoOnNc: i.photoOnNc,
      riskOnNc: i.riskOnNc,
      weight: i.weight.trim() === "" ? 1 : Number(i.weight),
    })),
  })),
});

const move = <T,>(list: T[], from: number, to: number): T[] => {
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
};

/** /app/audit-templates/:id — "new" (optionally ?from=standard) or a template of the workspace. */
export function TemplateEditorPage() {
  const t = useT();
  const { id = "new" } = useParams();
  const [search] = useSearchParams();
  const isNew = id === "new";
  const template = useTemplate(isNew ? undefined : id);
  const isOwner = useAuthStore((s) => s.user?.workspaceRole === "owner");

  if (!isOwner) {
    return <ErrorState message={t("audits.editor.ownersOnly")} />;
  }
  if (isNew) {
    if (search.get("from") === "standard") return <CopyOfStandard />;
    return <Editor initial={{ name: "", description: "", sections: [blankSection()] }} />;
  }
  if (template.isPending) return <LoadingState label={t("audits.editor.loading")} />;
  if (template.isError) {
    return (
      <ErrorState
        message={errorMessage(template.error, t("audits.templateFailed"))}
        onRetry={() => template.refetch()}
      />
    );
  }
  return (
    <Editor
      key={`${template.data.id}@${template.data.version}`}
      initial={draftOf(template.data, true)}
      saved={template.data}
    />
  );
}

/** A new template from a copy of the standard one, whose 27 questions load only for this. */
function CopyOfStandard() {
  const t = useT();
  const standard = useQuery({
    queryKey: ["standard-template"],
    // With the ids of its words in the catalogue: both load only for this, not with the editor.
    queryFn: async () => {
      const [{ STANDARD_TEMPLATE }, ids] = await Promise.all([
        import("@sitesnag/shared/audit-template-standard"),
        import("@sitesnag/shared/audit-template-i18n"),
      ]);
      return { template: STANDARD_TEMPLATE, ...ids };
    },
    staleTime: Number.POSITIVE_INFINITY,
    networkMode: "always",
  });
  if (standard.isPending) return <LoadingState label={t("audits.editor.loadingStandard")} />;
  if (standard.isError)
    return <ErrorState message={t("audits.editor.standardFailed")} onRetry={() => standard.refetch()} />;
  // The copy starts in its author's language (the standard template's words from the catalogue); from
  // then on it is the author's own template, kept as written.
  const text = (id: string | undefined, english: string) => (id ? t([id as MessageId, [english]]) : english);
  const { template, standardQuestionId, standardSectionId } = standard.data;
  const copy = {
    ...template,
    description: t("auditTemplate.description"),
    sections: template.sections.map((section) => ({
      ...section,
      title: text(standardSectionId(section.id, section.title), section.title),
      items: section.items.map((item) => ({
        ...item,
        question: text(standardQuestionId(item.id, item.question), item.question),
      })),
    })),
  };
  return <Editor initial={{ ...draftOf(copy, false), name: t("audits.editor.copyName") }} />;
}

function Editor({ initial, saved }: { initial: Draft; saved?: AuditTemplateApi }) {
  const t = useT();
  const navigate = useNavigate();
  const create = useCreateTemplate();
  const save = useSaveTemplate(saved?.id ?? "");
  const [draft, setDraft] = useState<Draft>(initial);
  const [problems, setProblems] = useState<string[]>([]);
  const [clientId] = useState(() => crypto.randomUUID());
  const itemCount = draft.sections.reduce((n, s) => n + s.items.length, 0);

  const setSection = (s: number, patch: Partial<DraftSection>) =>
    setDraft((d) => ({ ...d, sections: d.sections.map((x, i) => (i === s ? { ...x, ...patch } : x)) }));
  const setItem = (s: number, i: number, patch: Partial<DraftItem>) =>
    setDraft((d) => ({
      ...d,
      sections: d.sections.map((x, j) =>
        j === s ? { ...x, items: x.items.map((y, k) => (k === i ? { ...y, ...patch } : y)) } : x,
      ),
    }));

  const submit = () => {
    const body = bodyOf(draft);
    // The quick checks here; the server checks everything else (duplicates, limits) and says so.
    const missing = [
      ...(draft.name.trim() ? [] : [t("audits.editor.nameRequired")]),
      ...draft.sections.flatMap((section, s) => [
        ...(section.title.trim() ? [] : [t("audits.editor.sectionNeedsTitle", { n: s + 1 })]),
        ...section.items.flatMap((item, i) =>
          item.question.trim() ? [] : [t("audits.editor.questionEmpty", { n: `${s + 1}.${i + 1}` })],
        ),
      ]),
      ...(itemCount === 0 ? [t("audits.editor.needsItem")] : []),
    ];
    if (missing.length > 0) {
      setProblems(missing);
      return;
    }
    setProblems([]);
    const onError = (error: unknown) => setProblems([errorMessage(error, t("audits.editor.saveFailed"))]);
    if (saved) {
      save.mutate(
        { ...body, baseVersion: Number(saved.version) },
        {
          onSuccess: ({ template }) => {
            toast.success(
              template.version === saved.version
                ? t("audits.editor.saved")
                : t("audits.editor.savedAsVersion", { version: template.version }),
            );
            navigate("/app/audit-templates");
          },
          onError,
        },
      );
    } else {
      create.mutate(
        { ...body, clientId },
        {
          onSuccess: () => {
            toast.success(t("audits.editor.created"));
            navigate("/app/audit-templates");
          },
          onError,
        },
      );
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      className="space-y-6 pb-24"
    >
      <PageHeader
        title={saved ? t("audits.editor.editTitle") : t("audits.tpl.new")}
        subtitle={saved ? t("audits.editor.versionNote", { version: saved.version }) : t("audits.editor.newNote")}
      />
      <div className="grid gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <TextField
          label={t("audits.import.name")}
          required
          value={draft.name}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
        />
        <TextAreaField
          label={t("audits.editor.description")}
          rows={2}
          value={draft.description}
          onChange={(e) => setDraft({ ...draft, description: e.target.value })}
        />
      </div>
      {draft.sections.map((section, s) => {
        const sectionLabel = t("audits.editor.sectionLabel", { n: s + 1 });
        return (
          <fieldset key={section.key} className="space-y-4 rounded-xl bg-slate-100 p-4">
            <legend className="sr-only">{t("audits.editor.section", { n: s + 1 })}</legend>
            <div className="flex flex-wrap items-end gap-2">
              <div className="min-w-48 flex-1">
                <TextField
                  label={t("audits.editor.sectionTitle", { n: s + 1 })}
                  required
                  value={section.title}
                  onChange={(e) => setSection(s, { title: e.target.value })}
                />
              </div>
              <IconButton
                label={t("audits.editor.moveUp", { label: sectionLabel })}
                disabled={s === 0}
                onClick={() => setDraft({ ...draft, sections: move(draft.sections, s, s - 1) })}
              >
                <ArrowUp aria-hidden className="size-4" />
              </IconButton>
              <IconButton
                label={t("audits.editor.moveDown", { label: sectionLabel })}
                disabled={s === draft.sections.length - 1}
                onClick={() => setDraft({ ...draft, sections: move(draft.sections, s, s + 1) })}
              >
                <ArrowDown aria-hidden className="size-4" />
              </IconButton>
              <IconButton
                label={t("audits.editor.remove", { label: sectionLabel })}
                disabled={draft.sections.length === 1}
                onClick={() => setDraft({ ...draft, sections: draft.sections.filter((_, j) => j !== s) })}
              >
                <Trash2 aria-hidden className="size-4" />
              </IconButton>
            </div>
            <ol className="space-y-3">
              {section.items.map((item, i) => {
                const n = `${s + 1}.${i + 1}`;
                return (
                  <li key={item.key} className="space-y-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200">
                    <div className="flex flex-wrap items-end gap-2">
                      <div className="min-w-48 flex-1">
                        <TextField
                          label={t("audits.editor.question", { n })}
                          required
                          value={item.question}
                          onChange={(e) => setItem(s, i, { question: e.target.value })}
                        />
                      </div>
                      <IconButton
                        label={t("audits.editor.moveUp", { label: t("audits.editor.questionLabel", { n }) })}
                        disabled={i === 0}
                        onClick={() => setSection(s, { items: move(section.items, i, i - 1) })}
                      >
                        <ArrowUp aria-hidden className="size-4" />
                      </IconButton>
                      <IconButton
                        label={t("audits.editor.moveDown", { label: t("audits.editor.questionLabel", { n }) })}
                        disabled={i === section.items.length - 1}
                        onClick={() => setSection(s, { items: move(section.items, i, i + 1) })}
                      >
                        <ArrowDown aria-hidden className="size-4" />
                      </IconButton>
                      <IconButton
                        label={t("audits.editor.remove", { label: t("audits.editor.questionLabel", { n }) })}
                        onClick={() => setSection(s, { items: section.items.filter((_, k) => k !== i) })}
                      >
                        <Trash2 aria-hidden className="size-4" />
                      </IconButton>
                    </div>
                    <TextAreaField
                      label={t("audits.editor.guidance", { n })}
                      rows={2}
                      value={item.guidance}
                      onChange={(e) => setItem(s, i, { guidance: e.target.value })}
                    />
                    <div className="grid gap-3 sm:grid-cols-3">
                      <SelectField
                        label={t("audits.editor.answerSet", { n })}
                        value={item.answerSet}
                        onChange={(e) => setItem(s, i, { answerSet: e.target.value as AnswerSet })}
                      >
                        {ANSWER_SETS.map((a) => (
                          <option key={a} value={a}>
                            {t(ANSWER_SET[a])}
                          </option>
                        ))}
                      </SelectField>
                      <TextField
                        label={t("audits.editor.weight", { n })}
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={10}
                        hint={t("audits.editor.weightHint")}
                        value={item.weight}
                        onChange={(e) => setItem(s, i, { weight: e.target.value })}
                      />
                      {item.answerSet === "number" && (
                        <TextField
                          label={t("audits.editor.unit", { n })}
                          value={item.unit}
                          onChange={(e) => setItem(s, i, { unit: e.target.value })}
                        />
                      )}
                    </div>
                    {item.answerSet === "number" && (
                      <div className="grid gap-3 sm:grid-cols-2">
                        <TextField
                          label={t("audits.editor.min", { n })}
                          type="number"
                          inputMode="decimal"
                          value={item.min}
                          onChange={(e) => setItem(s, i, { min: e.target.value })}
                        />
                        <TextField
                          label={t("audits.editor.max", { n })}
                          type="number"
                          inputMode="decimal"
                          value={item.max}
                          onChange={(e) => setItem(s, i, { max: e.target.value })}
                        />
                      </div>
                    )}
                    {item.answerSet !== "text" && (
                      <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-800">
                        <label className="flex min-h-11 items-center gap-2">
                          <input
                            type="checkbox"
                            className="size-5"
                            checked={item.photoOnNc}
                            onChange={(e) => setItem(s, i, { photoOnNc: e.target.checked })}
                          />
                          {t("audits.editor.photoOnNc")}
                          <span className="sr-only"> {t("audits.editor.ofQuestion", { n })}</span>
                        </label>
                        <label className="flex min-h-11 items-center gap-2">
                          <input
                            type="checkbox"
                            className="size-5"
                            checked={item.riskOnNc}
                            onChange={(e) => setItem(s, i, { riskOnNc: e.target.checked })}
                          />
                          {t("audits.editor.riskOnNc")}
                          <span className="sr-only"> {t("audits.editor.ofQuestion", { n })}</span>
                        </label>
                      </div>
                    )}
                  </li>
                );
              })}
            </ol>
            <Button
              variant="secondary"
              disabled={itemCount >= MAX_TEMPLATE_ITEMS}
              onClick={() => setSection(s, { items: [...section.items, blankItem()] })}
            >
              <Plus aria-hidden className="size-4" />
              {t("audits.editor.addQuestion")}
              <span className="sr-only"> {t("audits.editor.toSection", { label: sectionLabel })}</span>
            </Button>
          </fieldset>
        );
      })}
      <Button variant="secondary" onClick={() => setDraft({ ...draft, sections: [...draft.sections, blankSection()] })}>
        <Plus aria-hidden className="size-4" />
        {t("audits.editor.addSection")}
      </Button>
      {problems.length > 0 && (
        <div role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          <p className="font-semibold">{t("audits.editor.notSaved")}</p>
          <ul className="mt-1 list-disc pl-5">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="sticky bottom-0 -mx-4 flex flex-col-reverse gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 sm:flex-row sm:justify-end">
        <Link to="/app/audit-templates" className={buttonClass("secondary")}>
          {t("audits.cancel")}
        </Link>
        <Button type="submit" isLoading={create.isPending || save.isPending}>
          {t("audits.editor.save")}
        </Button>
      </div>
      <p className="text-sm text-slate-600">
        {t("audits.editor.count", { count: itemCount, max: MAX_TEMPLATE_ITEMS })}
      </p>
    </form>
  );
}

function IconButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex size-11 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40"
    >
      {children}
    </button>
  );
}
