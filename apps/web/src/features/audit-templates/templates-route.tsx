// /app/audit-templates and /app/audit-templates/:id in one route (one entry in the app's router):
// the list, or the editor ("new" or a template's id), each in a chunk of its own.
import { lazy, Suspense } from "react";
import { useParams } from "react-router";
import { LoadingState } from "../../components/states";

const TemplatesPage = lazy(() => import("./templates-page").then((m) => ({ default: m.TemplatesPage })));
const TemplateEditorPage = lazy(() =>
  import("./template-editor-page").then((m) => ({ default: m.TemplateEditorPage })),
);

export function TemplatesRoute() {
  const { id } = useParams();
  return (
    <Suspense fallback={<LoadingState label={id ? "Loading the editor…" : "Loading templates…"} />}>
      {id ? <TemplateEditorPage /> : <TemplatesPage />}
    </Suspense>
  );
}
