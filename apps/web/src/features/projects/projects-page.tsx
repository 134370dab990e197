import { matchesSearchWords, projectSearchText, searchWords } from "@sitesnag/shared/search";
import { Plus, Search } from "lucide-react";
import { useMemo, useState } from "react";
import { Button } from "../../components/button";
import { LoadMore } from "../../components/load-more";
import { PageHeader } from "../../components/page-header";
import { EmptyState, ErrorState, LoadingState } from "../../components/states";
import { useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api-client";
import { toast } from "../../lib/toast";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import { useErrorToast } from "../../lib/use-error-toast";
import { useCreateProject, usePagedProjects, useSearchedProjects } from "./api/projects-api";
import { ProjectFormModal, preloadProjectForm } from "./components/lazy-project-form-modal";
import { ProjectCard } from "./components/project-card";

export function ProjectsPage() {
  const { query: projects, items: all, isPaged } = usePagedProjects();
  const create = useCreateProject();
  const t = useT();
  const [search, setSearch] = useState("");
  const [isCreating, setCreating] = useState(false);
  // Filtered here while every project is loaded; on the server once the list is paged.
  const serverSearch = useDebouncedValue(search.trim(), 250);
  const onServer = isPaged && serverSearch !== "";
  const searched = useSearchedProjects(serverSearch, onServer);
  const shown = onServer ? searched : { query: projects, items: all };
  useErrorToast(shown.query.error, t("projects.loadFailed"));

  const visible = useMemo(() => {
    if (onServer) return searched.items;
    // Every word in the name or description, ignoring case and accents, as the server searches.
    if (searchWords(search).length === 0) return all;
    return all.filter((p) => matchesSearchWords(projectSearchText(p.name, p.description), search));
  }, [all, search, onServer, searched.items]);

  return (
    <>
      <PageHeader
        title={t("shell.nav.projects")}
        subtitle={t("projects.subtitle")}
        actions={
          <Button onClick={() => setCreating(true)} onPointerEnter={preloadProjectForm} onFocus={preloadProjectForm}>
            <Plus aria-hidden className="size-4" />
            {t("projects.new")}
          </Button>
        }
      />
      <div className="relative mb-4">
        <Search
          aria-hidden
          className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          type="search"
          aria-label={t("projects.search")}
          placeholder={t("projects.searchPlaceholder")}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="block w-full rounded-lg border border-slate-300 bg-white py-2.5 ps-9 pe-3 text-base focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 sm:text-sm"
        />
      </div>
      {projects.isPending || (onServer && searched.query.isPending) ? (
        <LoadingState label={t("projects.loading")} />
      ) : shown.query.isError && shown.items.length === 0 ? (
        <ErrorState
          message={errorMessage(shown.query.error, t("projects.loadFailed"))}
          onRetry={() => shown.query.refetch()}
          retryLabel={t("common.tryAgain")}
        />
      ) : all.length === 0 ? (
        <EmptyState
          title={t("projects.empty.title")}
          action={
            <Button onClick={() => setCreating(true)} onPointerEnter={preloadProjectForm} onFocus={preloadProjectForm}>
              {t("projects.empty.action")}
            </Button>
          }
        >
          {t("projects.empty.body")}
        </EmptyState>
      ) : visible.length === 0 ? (
        <EmptyState title={t("projects.noMatch.title")}>
          {t("projects.noMatch.body", { search: search.trim() })}
        </EmptyState>
      ) : (
        <>
          <ul aria-label={t("shell.nav.projects")} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {visible.map((p) => (
              <ProjectCard key={p.id} project={p} />
            ))}
          </ul>
          <LoadMore query={shown.query} shown={visible.length} noun="projects" />
        </>
      )}
      <ProjectFormModal
        open={isCreating}
        title={t("projects.new")}
        submitLabel={t("projects.create")}
        isPending={create.isPending}
        onClose={() => setCreating(false)}
        onSubmit={(values) =>
          create.mutate(values, {
            onSuccess: () => {
              toast.success(t("projects.created"));
              setCreating(false);
            },
            onError: (error) => toast.error(errorMessage(error, t("projects.createFailed"))),
          })
        }
      />
    </>
  );
}
