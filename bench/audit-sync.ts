// npm run bench:audit-sync: an audit of 200 items and 50 photos, answered and signed on a device,
// synced from its outbox (issue 25's benchmark) through the browser's sync code (audit-sync.ts with
// the in-memory twin of the device store) against the real audit endpoints over SQLite, in-process
// (app.inject, no network). Times both ways an audit reaches the server: made in this version
// (create by clientId, one PATCH of every answer, each photo by Idempotency-Key, signatures and
// completion) and saved by an earlier version or read from a backup (one whole-audit import), then
// a second run with nothing left to send. Checks the server holds every answer and photo once.
// AUDIT_SYNC_ITEMS (≤ 200, the template limit) and AUDIT_SYNC_PHOTOS (≤ 100) make a quick smoke run.
import type { AuditTemplateApi } from "@sitesnag/shared/audit-templates";
import type { AuditDetail, AuditSummary, ChecklistItem } from "@sitesnag/shared/audits";
import { newChecklist } from "@sitesnag/shared/audits";
import type { AuditApi } from "@sitesnag/shared/audits-api";
import sharp from "sharp";
import { signatureDataUrl } from "../apps/server/test/audit-factories";
import { createProject, signUp } from "../apps/server/test/factories";
import { createTestApp, type TestApp } from "../apps/server/test/harness";
import { multipart } from "../apps/server/test/images";
import {
  AuditRefused,
  type AuditTransport,
  newSyncRecord,
  syncAudits,
} from "../apps/web/src/features/audits/sync/audit-sync";
import { createMemoryAuditRecords } from "../apps/web/src/offline/audit-records.memory";

const ITEMS = Math.max(1, Math.min(Number(process.env.AUDIT_SYNC_ITEMS ?? 200), 200));
const PHOTOS = Math.max(0, Math.min(Number(process.env.AUDIT_SYNC_PHOTOS ?? 50), 100));
const SECTIONS = Math.ceil(ITEMS / 20);

const t = await createTestApp("sqlite");

/** The web transport's rules (audit-sync-web.ts) over app.inject: a 4xx is a refusal, 404 on deletes is done. */
function transport(token: string, counts: Record<string, number>): AuditTransport {
  const call = async (method: string, url: string, payload?: unknown, headers?: Record<string, string>) => {
    counts[method] = (counts[method] ?? 0) + 1;
    const res = await t.request({
      method: method as "GET",
      url: `/api${url}`,
      token,
      payload: payload as never,
      headers,
    });
    if (res.statusCode >= 400 && res.statusCode < 500) {
      throw new AuditRefused((res.json() as { message: string }).message, res.statusCode);
    }
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode}`);
    return res.statusCode === 204 ? null : (res.json() as { audit: AuditApi }).audit;
  };
  const quietly404 = async (run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (error) {
      if (!(error instanceof AuditRefused && error.status === 404)) throw error;
    }
  };
  return {
    create: async (body) => (await call("POST", "/audits", body)) as AuditApi,
    importAudit: async (body) => (await call("POST", "/audits/import", body)) as AuditApi,
    patch: async (id, body) => (await call("PATCH", `/audits/${id}`, body)) as AuditApi,
    addPhoto: async (id, itemId, blob, key) => {
      const form = await multipart({}, [{ name: "photo.jpg", data: Buffer.from(await blob.arrayBuffer()) }]);
      return (await call("POST", `/audits/${id}/items/${itemId}/photos`, form.payload, {
        ...form.headers,
        "idempotency-key": key,
      })) as AuditApi;
    },
    removePhoto: (id, photoId) => quietly404(() => call("DELETE", `/audits/${id}/photos/${photoId}`)),
    remove: (id) => quietly404(() => call("DELETE", `/audits/${id}`)),
  };
}

/** One signed device audit of the template: every item answered, PHOTOS photos on as many items. */
async function deviceAudit(template: AuditTemplateApi, projectId: string, userId: string, photos: Blob[]) {
  const ref = { id: template.id, name: template.name, version: template.version, sections: template.sections };
  const now = Math.floor(Date.now() / 1000) - 600;
  const auditId = crypto.randomUUID();
  const photoIds = photos.map(() => crypto.randomUUID());
  const checklist = newChecklist(ref).map(
    (item, n): ChecklistItem => ({
      ...item,
      status: n % 7 === 0 ? "NC" : n % 11 === 0 ? "N/A" : "C",
      notes: n % 3 === 0 ? `Observation ${n}: checked on the walk-round, see photo` : "",
      ...(n % 7 === 0
        ? { riskSeverity: 3, riskLikelihood: 4, actionOwner: "Site lead", dueDate: now + 7 * 86_400 }
        : {}),
      photos: n < photoIds.length ? [photoIds[n] as string] : [],
    }),
  );
  // More photos than items: the rest go on the first items (20 per item at most).
  for (let p = checklist.length; p < photoIds.length; p++)
    checklist[p % checklist.length]?.photos.push(photoIds[p] as string);
  const signature = await signatureDataUrl();
  const detail: AuditDetail = {
    auditId,
    userId,
    templateVersion: ref.version,
    notes: "Benchmark walk-round",
    formData: {
      projectType: [],
      projectName: "Bench site",
      siteAddress: "",
      principalContractor: "Bench Build",
      auditorName: "Bench Auditor",
      auditorRole: "Site manager",
      auditDate: new Date(now * 1000).toISOString().slice(0, 10),
      auditTime: "09:00",
      weather: "Dry",
      shift: "Day",
      inductionConfirmed: true,
      siteContact: "",
      siteContactTel: "",
    },
    checklist,
    template: ref,
    auditorSignature: signature,
    auditorSignedAt: now,
    siteRepName: "Sam Site",
    siteRepSignature: signature,
    siteRepSignedAt: now,
    updatedAt: now,
  };
  const summary: AuditSummary = {
    id: auditId,
    userId,
    projectId,
    projectName: "Bench site",
    auditDate: now - (now % 86_400),
    auditorName: "Bench Auditor",
    status: "completed",
    overallScore: 0,
    totalItems: ITEMS,
    passedItems: 0,
    failedItems: 0,
    notes: detail.notes,
    templateVersion: ref.version,
    createdAt: now,
    updatedAt: now,
  };
  const records = createMemoryAuditRecords();
  await records.saveDetail(detail);
  for (const [n, blob] of photos.entries()) {
    await records.putPhoto({ id: photoIds[n] as string, auditId, type: "image/jpeg", blob, createdAt: now });
  }
  return { records, summary };
}

async function run(t: TestApp, origin: "create" | "import", photos: Blob[]) {
  // A workspace each: the per-minute write budgets (decision 0019) are per account and workspace.
  const owner = await signUp(t, { firstName: "Bench", lastName: "Auditor" });
  const projectId = (await createProject(t, owner.accessToken, { name: "Bench site" })).id;
  const sections = Array.from({ length: SECTIONS }, (_, s) => ({
    title: `Section ${s + 1}`,
    items: Array.from({ length: Math.min(20, ITEMS - s * 20) }, (_, i) => ({
      question: `Check ${s + 1}.${i + 1}: is the work area as the method statement says?`,
      answerSet: "cinna" as const,
    })),
  }));
  const made = await t.request({
    method: "POST",
    url: "/api/audit-templates",
    token: owner.accessToken,
    payload: { name: `Bench ${ITEMS} items`, sections },
  });
  if (made.statusCode !== 201) throw new Error(`template: ${made.statusCode} ${made.body}`);
  const template = (made.json() as { template: AuditTemplateApi }).template;
  const { records, summary } = await deviceAudit(template, projectId, owner.user.id, photos);
  if (origin === "create") await records.putSync(newSyncRecord(summary.id, summary.userId, "create"));
  const counts: Record<string, number> = {};
  const deps = {
    records,
    transport: transport(owner.accessToken, counts),
    summaries: () => [summary],
    toBase64: async (blob: Blob) => Buffer.from(await blob.arrayBuffer()).toString("base64"),
  };
  const started = performance.now();
  const outcome = await syncAudits(deps, owner.user.id);
  const ms = performance.now() - started;
  if (outcome.synced !== 1)
    throw new Error(`sync: ${JSON.stringify(outcome)} ${(await records.getSync(summary.id))?.error}`);
  const againStarted = performance.now();
  await syncAudits(deps, owner.user.id);
  const againMs = performance.now() - againStarted;

  const serverId = (await records.getSync(summary.id))?.serverId;
  const res = await t.request({ method: "GET", url: `/api/audits/${serverId}`, token: owner.accessToken });
  const audit = (res.json() as { audit: AuditApi }).audit;
  const answered = audit.items.filter((i) => i.status !== "").length;
  const stored = audit.items.reduce((n, i) => n + i.photos.length, 0);
  if (answered !== ITEMS || stored !== PHOTOS || audit.status !== "completed") {
    throw new Error(`server holds ${answered} answers, ${stored} photos, ${audit.status}`);
  }
  const requests = Object.entries(counts)
    .map(([m, n]) => `${n} ${m}`)
    .join(", ");
  const label = origin === "create" ? "outbox (create, answers, photos, sign)" : "whole-audit import";
  console.log(
    `${label.padEnd(40)} ${(ms / 1000).toFixed(2).padStart(7)} s   ${requests}; a second run: ${againMs.toFixed(1)} ms`,
  );
}

try {
  // Photos as the device keeps them: at most 1600 px, JPEG (compress-photo.ts); noise makes them
  // weigh what a site photo does (~0.4 MB) rather than a few KB of flat colour.
  const photos = await Promise.all(
    Array.from({ length: PHOTOS }, async (_, p) => {
      const jpeg = await sharp({
        create: { width: 1600, height: 1200, channels: 3, noise: { type: "gaussian", mean: 110 + p, sigma: 18 } },
      })
        .blur(1.2)
        .jpeg({ quality: 72 })
        .toBuffer();
      return new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" });
    }),
  );
  const bytes = photos.reduce((n, b) => n + b.size, 0);
  console.log(
    `audit sync: ${ITEMS} items in ${SECTIONS} sections, ${PHOTOS} photos (${(bytes / 1024 / 1024).toFixed(1)} MB), SQLite, in-process`,
  );
  await run(t, "create", photos);
  await run(t, "import", photos);
} finally {
  await t.close();
}
