// The snag report form (SPEC §2, §5) in create and edit mode. Create offers 'Save and add next':
// the report is saved, photos clear, project/assignee/priority/due date stay, and the camera button
// takes focus, so a site walk is one short loop per snag.

import type { Contact } from "@sitesnag/shared/contacts";
import { MAX_PHOTOS_PER_REPORT } from "@sitesnag/shared/limits";
import type { Project } from "@sitesnag/shared/projects";
import { generateReference } from "@sitesnag/shared/reference";
import { UserPlus } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { LocationField } from "../../../../app/location-field";
import { Button, buttonClass } from "../../../../components/button";
import { SelectField, TextField } from "../../../../components/field";
import { useT } from "../../../../i18n/use-t";
import { ApiError, errorMessage } from "../../../../lib/api-client";
import { lazyDialog } from "../../../../lib/lazy-dialog";
import { jpegName } from "../../../../lib/photo-compress/jpeg-name";
import { toast } from "../../../../lib/toast";
import { AssigneeOptions } from "../../../contacts/components/assignee-options";
import { LazyContactDialog } from "../../../contacts/components/lazy-contact-dialog";
import type { ReportPinDraft } from "../../api/create-report";
import { type PendingLocation, pendingChain } from "../../api/pending-locations";
import { useDeviceLocation } from "../../hooks/use-device-location";
import { uploadBlobOf, usePhotoDrafts } from "../../hooks/use-photo-drafts";
import { type DraftSnapshot, useReportDraft } from "../../hooks/use-report-draft";
import { OutboxUnavailableError, useReportSave } from "../../hooks/use-report-save";
import { rememberCapture } from "../../lib/capture-memory";
import { rebaseEdit } from "../../lib/edit-rebase";
import { translateFormErrors } from "../../lib/report-form-messages";
import {
  assembleDescription,
  dueDayToEpoch,
  localDay,
  type ReportFormErrors,
  type ReportFormValues,
  validateReportForm,
} from "../../lib/report-form-rules";
import { CategoryField } from "./category-field";
import { DeviceLocationPanel } from "./device-location-panel";
import type { KeptPhoto } from "./kept-photo-card";
import { PhotoSection } from "./photo-section";
import { PriorityField } from "./priority-field";
import { UploadProgressBar } from "./upload-progress";

// The annotation editor loads when a photo is first annotated, not with the form (issue 7).
const AnnotationOverlay = lazyDialog(
  () => import("../annotation/annotation-overlay").then((m) => m.AnnotationOverlay),
  () => true,
);

export type ReportFormInitial = {
  mode: "create" | "edit";
  reportId: string | null;
  /** The version of the report the edit starts from (issue 23: no silent overwrite). */
  version?: number;
  values: ReportFormValues;
  kept: KeptPhoto[];
  /** Create from a plan (issue 24): the sheet and position tapped; 'Save and add next' keeps it. */
  pin?: ReportPinDraft | null;
  /** Create: the project came with the link (?projectId=); a draft of another project is not restored. */
  projectFromLink?: boolean;
  /** The report's place in the project's location tree (issue 36); 'Save and add next' keeps it. */
  locationId?: string | null;
  /** Its path, shown while the tree is not loaded yet. */
  locationPath?: string | null;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

type Props = {
  initial: ReportFormInitial;
  projects: Project[];
  assignees: { id: string; name: string }[];
  /** External assignees (issue 27), offered under their company. */
  contacts: Contact[];
  userId: string;
  /**
   * Edit: the report as the server has it now. `initial` may be this device's older copy; a newer
   * version here fills every field the person has not touched (lib/edit-rebase.ts).
   */
  latest?: ReportFormInitial | undefined;
};

export function ReportForm({ initial, projects, assignees, contacts, userId, latest }: Props) {
  const t = useT();
  const { mode, reportId } = initial;
  const navigate = useNavigate();
  const [values, setValues] = useState(initial.values);
  const [kept, setKept] = useState(initial.kept);
  const [pin, setPin] = useState(initial.pin ?? null);
  const [locationId, setLocationId] = useState(initial.locationId ?? null);
  // Locations added in the picker with no signal (issue 36): made with the report that uses one.
  const [newLocations, setNewLocations] = useState<PendingLocation[]>([]);
  const drafts = usePhotoDrafts();
  // Once the form has painted, so annotating works even if the signal drops afterwards.
  useEffect(() => AnnotationOverlay.preload(), []);
  const { location, locate } = useDeviceLocation({ requestOnMount: mode === "create" });
  const save = useReportSave();
  // Edit: the server's state the form was last set from, and the version the person's changes
  // were made on (sent with the save, so the server merges field by field; issue 23).
  const [server, setServer] = useState({ values: initial.values, kept: initial.kept, version: initial.version });
  const [since, setSince] = useState(initial.version);
  const [showErrors, setShowErrors] = useState(false);
  const [addingContact, setAddingContact] = useState(false);
  const [annotating, setAnnotating] = useState<string | null>(null);
  const [lastSaved, setLastSaved] = useState<{ id: string; title: string; count: number } | null>(null);
  const [notSaved, setNotSaved] = useState<string | null>(null);
  // While a save could not be kept, leaving the page (a reload, a closed tab) asks first.
  useEffect(() => {
    if (!notSaved) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [notSaved]);
  const failed = (error: unknown, fallback: string, button: string) => {
    if (error instanceof OutboxUnavailableError) {
      // Issue 33: what the person reads when a save with no signal could not be kept on the device.
      setNotSaved(t("snagging.form.notSaved", { button }));
      toast.error(t("snagging.form.notSavedToast"));
      return;
    }
    toast.error(errorMessage(error, fallback));
  };
  const idempotencyKey = useRef(crypto.randomUUID());
  const cameraButton = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // The draft (issue 33, decision 0054): everything entered, kept on this device until saved or
  // discarded. `baseline` is the form as it opened, or as 'Save and add next' left it.
  const [baseline, setBaseline] = useState(initial.values);
  const snapshot = useMemo<DraftSnapshot>(
    () => ({
      idempotencyKey: idempotencyKey.current,
      values,
      kept,
      pin,
      base: mode === "edit" ? { values: server.values, kept: server.kept } : null,
      photos: drafts.photos,
      clean:
        drafts.photos.length === 0 &&
        same(values, baseline) &&
        same(kept, server.kept) &&
        same(pin, initial.pin ?? null),
    }),
    [values, kept, pin, drafts.photos, baseline, initial, server.values, server.kept, mode],
  );
  const draft = useReportDraft({
    userId,
    formKey: mode === "edit" && reportId ? `edit:${reportId}` : "new",
    version: since ?? null,
    snapshot,
    accepts: ({ form }) =>
      !initial.projectFromLink || !form.values.projectId || form.values.projectId === initial.values.projectId,
    onRestore: ({ form, photos }) => {
      // A draft made on another version than the form opened on comes back on its own base: the
      // effect below then rebases it onto the server's newer state, and the save is merged
      // against the version its changes were made on (issue 23: no silent overwrite).
      if (form.base && form.version !== null && form.version !== (since ?? null)) {
        setServer({ values: form.base.values, kept: form.base.kept, version: form.version });
        setBaseline(form.base.values);
        setSince(form.version);
      }
      setValues(form.values);
      setKept(form.kept);
      setPin(form.pin);
      idempotencyKey.current = form.idempotencyKey as ReturnType<typeof crypto.randomUUID>;
      const blobs = new Map(photos.map((p) => [p.localId, p]));
      drafts.restore(
        form.photos.flatMap(({ localId, location, description }) => {
          const stored = blobs.get(localId);
          const body = stored?.source ?? stored?.upload;
          if (!stored || !body) return [];
          const source = new File([body], stored.name, { type: body.type });
          return [
            {
              localId,
              source,
              upload: stored.upload,
              annotated: stored.annotated,
              shapes: stored.shapes,
              location,
              description,
            },
          ];
        }),
      );
    },
  });
  // Edit: a newer version from the server (the form opened on this device's older copy, or someone
  // changed the report meanwhile) fills every field not touched; what the person entered stays. Not
  // while the stored draft is still being read back, nor during a save.
  const newer = latest?.version !== undefined && server.version !== undefined && latest.version > server.version;
  const clean = snapshot.clean;
  useEffect(() => {
    if (!newer || !latest || draft.reading || save.isSaving) return;
    const rebased = rebaseEdit({ values, kept }, server, latest);
    setValues(rebased.values);
    setKept(rebased.kept);
    setBaseline(latest.values);
    setServer({ values: latest.values, kept: latest.kept, version: latest.version });
    // Nothing entered yet: the changes to come are made on the newer version.
    if (clean) setSince(latest.version);
  }, [newer, latest, draft.reading, save.isSaving, values, kept, server, clean]);
  const discard = () => {
    draft.drop();
    setValues(server.values);
    setBaseline(server.values);
    setKept(server.kept);
    setSince(server.version);
    setPin(initial.pin ?? null);
    drafts.clear();
    setNotSaved(null);
    idempotencyKey.current = crypto.randomUUID();
  };

  const keptPhotos = kept.filter((k) => !k.removed);
  const newPhotos = drafts.photos.map((p) => ({
    location: p.location,
    description: p.description,
    isReady: p.status === "ready" && uploadBlobOf(p) !== null,
  }));
  const errors: ReportFormErrors = showErrors
    ? translateFormErrors(
        t,
        validateReportForm(values, { newPhotos, keptPhotoCount: keptPhotos.length, mode }, localDay(new Date())),
        newPhotos.length,
      )
    : {};
  const set = <K extends keyof ReportFormValues>(key: K, value: ReportFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const focusFirstError = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], #photos-error')?.scrollIntoView({
        block: "center",
      }),
    );

  const submit = (intent: "open" | "next") => {
    setShowErrors(true);
    const found = validateReportForm(
      values,
      { newPhotos, keptPhotoCount: keptPhotos.length, mode },
      localDay(new Date()),
    );
    if (Object.keys(found).length > 0 || !values.priority) return focusFirstError();
    setNotSaved(null);
    const description = assembleDescription(keptPhotos, drafts.photos);
    const photos = drafts.photos.flatMap((p) => {
      const blob = uploadBlobOf(p);
      return blob ? [{ blob, name: jpegName(p.source.name) }] : [];
    });
    const common = {
      projectId: values.projectId,
      title: values.title,
      priority: values.priority,
      category: values.category,
      assignedTo: values.assignedTo || null,
      dueDate: values.dueDate ? dueDayToEpoch(values.dueDate) : null,
      description,
      photos,
      locationId,
      newLocations: pendingChain(newLocations, locationId),
    };
    if (mode === "edit" && reportId) {
      const removeAttachmentIds = kept.filter((k) => k.removed).map((k) => k.attachmentId);
      const unchanged =
        photos.length === 0 &&
        removeAttachmentIds.length === 0 &&
        JSON.stringify(values) === JSON.stringify(server.values) &&
        locationId === (initial.locationId ?? null) &&
        JSON.stringify(kept) === JSON.stringify(server.kept);
      if (unchanged) {
        draft.drop();
        toast.info(t("snagging.form.noChanges"));
        navigate(`/app/snagging/${reportId}`);
        return;
      }
      save.update.mutate(
        {
          id: reportId,
          edit: { ...common, removeAttachmentIds, ...(since ? { version: since } : {}) },
        },
        {
          onSuccess: (outcome) => {
            draft.drop();
            if (outcome.queued) {
              toast.success(t("snagging.form.changesQueued"));
              return navigate(`/app/snagging/${outcome.reportId}`);
            }
            toast.success(t("snagging.form.updated"));
            navigate(`/app/snagging/${outcome.report.id}`);
          },
          onError: (error) => failed(error, t("snagging.form.updateFailed"), t("snagging.form.saveChanges")),
        },
      );
      return;
    }
    const found2 = location.status === "found" ? { lat: location.lat, lng: location.lng } : null;
    save.create.mutate(
      { ...common, idempotencyKey: idempotencyKey.current, location: found2, pageUrl: window.location.href, pin },
      {
        onSuccess: (outcome) => {
          draft.drop();
          rememberCapture(localStorage, userId, { projectId: values.projectId, assignedTo: values.assignedTo });
          if (outcome.queued) {
            toast.success(t("snagging.form.createQueued"));
            return navigate("/app/snagging");
          }
          const { report } = outcome;
          // Locations it needed are made now: the next snag names them by the server's ids.
          if (common.newLocations.length > 0) {
            setNewLocations((list) => list.filter((p) => !common.newLocations.includes(p)));
            setLocationId(report.locationId ?? null);
          }
          toast.success(t("snagging.form.created"));
          // From a plan, Save goes back to the plan, where the new pin now shows.
          if (intent === "open" && pin && initial.pin) {
            return navigate(`/app/projects/${report.projectId}/sheets/${pin.sheetId}`);
          }
          if (intent === "open") return navigate(`/app/snagging/${report.id}`);
          // Next snag: same project, assignee, priority and due date; new reference; no photos.
          idempotencyKey.current = crypto.randomUUID();
          drafts.clear();
          setShowErrors(false);
          const next = { ...values, title: generateReference() };
          setValues(next);
          setBaseline(next);
          setLastSaved((s) => ({ id: report.id, title: report.title, count: (s?.count ?? 0) + 1 }));
          requestAnimationFrame(() => cameraButton.current?.focus());
        },
        onError: (error) => {
          // A 4xx answer means nothing was created, so the corrected draft is a new request; after a
          // lost answer or a 5xx the same key lets the server recognise a report it already made.
          if (error instanceof ApiError && error.status < 500 && error.status !== 409) {
            idempotencyKey.current = crypto.randomUUID();
          }
          failed(
            error,
            t("snagging.form.createFailed"),
            intent === "next" ? t("snagging.form.saveAndNext") : t("snagging.form.saveReport"),
          );
        },
      },
    );
  };

  // DESIGN §4: at most 20 photos per report; the rest of a bigger pick is refused with a reason.
  const addPhotos = (files: File[]) => {
    const room = MAX_PHOTOS_PER_REPORT - keptPhotos.length - drafts.photos.length;
    if (files.length > room) toast.error(t("snagging.form.tooManyPhotos", { count: MAX_PHOTOS_PER_REPORT }));
    if (room > 0) drafts.add(files.slice(0, room));
  };

  const annotated = drafts.photos.find((p) => p.localId === annotating);

  return (
    <>
      <form
        ref={formRef}
        noValidate
        aria-busy={save.isSaving || undefined}
        onSubmit={(event) => {
          event.preventDefault();
          submit("open");
        }}
        className="max-w-3xl space-y-5"
      >
        {draft.restored && (
          <p
            role="status"
            className="flex flex-wrap items-center gap-x-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-1 text-sm text-amber-900"
          >
            {t("draft.restored")}
            <button type="button" className="min-h-11 font-semibold underline" onClick={discard}>
              {t("draft.discard")}
            </button>
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t("snagging.form.reference")} value={values.title} readOnly error={errors.title} />
          <SelectField
            label={t("snagging.field.project")}
            value={values.projectId}
            disabled={mode === "edit"}
            error={errors.projectId}
            onChange={(e) => {
              set("projectId", e.target.value);
              // A location belongs to one project.
              setLocationId(null);
              setNewLocations([]);
            }}
          >
            <option value="">{t("snagging.form.selectProject")}</option>
            {projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </SelectField>
        </div>
        <LocationField
          projectId={values.projectId}
          userId={userId}
          value={locationId}
          onChange={setLocationId}
          knownPath={initial.locationPath ?? null}
          pinnedSheetId={pin?.sheetId ?? null}
          pending={newLocations}
          onAddPending={(made) => setNewLocations((list) => [...list, made])}
        />
        <PriorityField value={values.priority} onChange={(p) => set("priority", p)} error={errors.priority} />
        <CategoryField
          value={values.category}
          keep={mode === "edit" ? initial.values.category : undefined}
          onChange={(category) => set("category", category)}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("snagging.field.dueDate")}
            type="date"
            min={localDay(new Date())}
            value={values.dueDate}
            error={errors.dueDate}
            onChange={(e) => set("dueDate", e.target.value)}
          />
          <div>
            <SelectField
              label={t("snagging.field.assignee")}
              value={values.assignedTo}
              onChange={(e) => set("assignedTo", e.target.value)}
            >
              <option value="">{t("snagging.unassigned")}</option>
              <AssigneeOptions members={assignees} contacts={contacts} />
            </SelectField>
            <button
              type="button"
              onClick={() => setAddingContact(true)}
              className="mt-1 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
            >
              <UserPlus aria-hidden className="size-4" />
              {t("snagging.form.newContact")}
            </button>
          </div>
        </div>
        {mode === "create" && pin && (
          <p className="flex flex-wrap items-center gap-2 rounded-lg border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-900">
            {t("snagging.form.pinned", { across: Math.round(pin.x * 100), down: Math.round(pin.y * 100) })}
            <Link to={`/app/projects/${values.projectId}/sheets/${pin.sheetId}`} className="font-semibold underline">
              {t("snagging.form.backToPlan")}
            </Link>
            <button type="button" className="font-semibold underline" onClick={() => setPin(null)}>
              {t("snagging.form.removePin")}
            </button>
          </p>
        )}
        {mode === "create" && <DeviceLocationPanel location={location} onLocate={locate} />}
        {/* Beside the camera button, which takes the focus after 'Save and add next'. */}
        {lastSaved && (
          <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">
            {t("snagging.form.saved")}{" "}
            <Link to={`/app/snagging/${lastSaved.id}`} className="font-semibold underline">
              {lastSaved.title}
            </Link>
            {lastSaved.count > 1 && ` · ${t("snagging.form.savedOnWalk", { count: lastSaved.count })}`}.{" "}
            {t("snagging.form.addNext")}
          </p>
        )}
        <PhotoSection
          kept={kept}
          photos={drafts.photos}
          error={errors.photos}
          showErrors={showErrors}
          disabled={save.isSaving}
          cameraButtonRef={cameraButton}
          onAdd={addPhotos}
          onKeptText={(id, field, value) =>
            setKept((list) => list.map((k) => (k.attachmentId === id ? { ...k, [field]: value } : k)))
          }
          onKeptToggle={(id) =>
            setKept((list) => list.map((k) => (k.attachmentId === id ? { ...k, removed: !k.removed } : k)))
          }
          onText={drafts.setText}
          onAnnotate={setAnnotating}
          onMove={drafts.move}
          onRemove={drafts.remove}
        />
        {save.progress && <UploadProgressBar progress={save.progress} />}
        {notSaved && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
            {notSaved}
          </p>
        )}
        {draft.saved && <p className="text-sm text-slate-500">{t("draft.saved")}</p>}
        <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
          <Link to="/app/snagging" className={buttonClass("secondary")}>
            {t("common.cancel")}
          </Link>
          {mode === "create" && (
            <Button
              variant="secondary"
              onClick={() => submit("next")}
              isLoading={save.create.isPending}
              disabled={save.isSaving}
            >
              {t("snagging.form.saveAndNext")}
            </Button>
          )}
          <Button type="submit" isLoading={save.isSaving}>
            {mode === "create" ? t("snagging.form.saveReport") : t("snagging.form.saveChanges")}
          </Button>
        </div>
        {annotated?.upload && (
          <AnnotationOverlay
            image={annotated.upload}
            initialShapes={annotated.shapes}
            onClose={() => setAnnotating(null)}
            onSave={(blob, shapes) => {
              drafts.setAnnotation(annotated.localId, blob, shapes);
              setAnnotating(null);
              toast.success(t("snagging.form.annotationSaved"));
            }}
          />
        )}
      </form>
      {/* Outside the report's form: the dialog has a form of its own. */}
      <LazyContactDialog
        open={addingContact}
        companies={[...new Set(contacts.map((c) => c.company))]}
        onClose={() => setAddingContact(false)}
        onSaved={(contact) => set("assignedTo", contact.id)}
      />
    </>
  );
}
