// The project form (react-hook-form, zod and the shared schema) is loaded when it is first opened,
// not with the projects screens: neither needs it to show its list or details.
import { lazy, Suspense, useState } from "react";
import type { ProjectFormModalProps } from "./project-form-modal";

const load = () => import("./project-form-modal");
const ProjectForm = lazy(() => load().then((m) => ({ default: m.ProjectFormModal })));

/** Starts the download early, e.g. when the pointer reaches the button that opens the form. */
export const preloadProjectForm = (): void => void load().catch(() => undefined);

export function ProjectFormModal(props: ProjectFormModalProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <ProjectForm {...props} />
    </Suspense>
  ) : null;
}
