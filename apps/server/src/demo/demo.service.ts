// Demo sandboxes: every demo login gets its own workspace, seeded with sample data and removed
// 24 hours later, so visitors never see each other's edits.
import { randomBytes } from "node:crypto";
import type { AuthResponse } from "@sitesnag/shared/auth";
import { DEMO_EMAIL, DEMO_LIFETIME_SECONDS, DEMO_PASSWORD } from "@sitesnag/shared/demo";
import { hashPassword } from "../auth/passwords";
import { issueTokens } from "../auth/token-rotation";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { newId } from "../ids";
import { deleteProjectsWithFiles } from "../projects/projects.cascade";
import { chargeStorage, storedBytesOf } from "../quotas/storage-quota";
import { type SheetServices, uploadSheets } from "../sheets/sheets.service";
import { deleteFilesQuietly, fileKeysOf, storePhotos } from "../snagging/snagging.files";
import { withMilestones } from "../snagging/snagging.repository";
import type { UploadedPhoto } from "../snagging/snagging.uploads";
import { nowSeconds } from "../time";
import { trashFilesOfWorkspaces } from "../trash/trash.service";
import { findUploadKeysOfWorkspaces } from "../uploads/uploads.repository";
import { presentUser } from "../users/users.presenter";
import { insertUser } from "../users/users.repository";
import { deleteWorkspaces, findExpiredDemoWorkspaceIds, insertWorkspace } from "../workspaces/workspaces.repository";
import { type DemoSeed, insertDemoSeed, planDemoSeed } from "./demo.seed";
import { addDemoAudits } from "./demo-audits";
import { writeDemoHistory } from "./demo-history";
import { demoPhotos } from "./demo-photos";
import { DEMO_PLAN_LEVEL, DEMO_PLAN_NAME, demoPlanPng } from "./demo-plan";

export const isDemoCredentials = (email: string, password: string): boolean =>
  email.trim().toLowerCase() === DEMO_EMAIL && password === DEMO_PASSWORD;

/**
 * A new sandbox, signed in. With the drawing services, the block's sample drawing is uploaded too
 * (rendered off the request path like any drawing) and its snags pinned on it, and sample audits
 * are made through the audit service (demo-audits.ts).
 */
export async function startDemo(ctx: AppContext, sheets?: SheetServices): Promise<AuthResponse> {
  await removeExpiredDemos(ctx).catch((err: unknown) => ctx.log.warn({ err }, "demo clean-up failed"));
  const now = nowSeconds();
  // A random password nobody knows: the sandbox is reached only through this login.
  const passwordHash = await hashPassword(randomBytes(24).toString("base64url"));
  const workspaceId = newId();
  const userId = newId();
  const seed = planDemoSeed({ workspaceId, userId, now });
  // Photos are stored before the rows that name them (snagging.files.ts), and removed again if the
  // sandbox's transaction fails.
  const photos = await demoPhotos();
  const attachments = (
    await Promise.all(
      seed.reports.map((report) =>
        storePhotos(
          ctx,
          report.scenes.map((scene) => photos[scene] as UploadedPhoto),
          { reportId: report.id, workspaceId, firstPosition: 0, now: report.created_at },
        ),
      ),
    )
  ).flat();
  const user = await ctx.db
    .transaction()
    .execute(async (trx) => {
      await insertWorkspace(trx, {
        id: workspaceId,
        name: "Demo workspace",
        isDemo: true,
        expiresAt: now + DEMO_LIFETIME_SECONDS,
        createdAt: now,
      });
      const row = await insertUser(trx, {
        id: userId,
        workspace_id: workspaceId,
        email: `demo-${newId()}@demo.sitesnag.invalid`,
        password_hash: passwordHash,
        first_name: "Demo",
        last_name: "User",
        role: "user",
        membership_type: "free",
        membership_start_date: null,
        membership_end_date: null,
        created_at: now,
      });
      await insertDemoSeed(trx, seed, attachments);
      await writeDemoHistory(
        trx,
        seed.reports.map(({ scenes: _scenes, ...report }) => ({
          ...withMilestones(report),
          sheet_id: null,
          pin_x: null,
          pin_y: null,
          assigned_contact_id: null,
        })),
        attachments,
        row,
      );
      await chargeStorage(ctx, trx, workspaceId, storedBytesOf(attachments));
      return row;
    })
    .catch(async (err: unknown) => {
      await deleteFilesQuietly(ctx, fileKeysOf(attachments));
      throw err;
    });
  // The drawing and the audits are extras: a sandbox whose extras fail still opens, without them.
  const [block, school] = seed.projects.map((p) => p.id) as [string, string];
  await Promise.all([
    sheets
      ? addDemoPlan(sheets, user, seed.plan).catch((err: unknown) => ctx.log.warn({ err }, "demo drawing not added"))
      : undefined,
    addDemoAudits(ctx, user, { block, school }, now).catch((err: unknown) =>
      ctx.log.warn({ err }, "demo audits not added"),
    ),
  ]);
  return { user: presentUser(user), ...(await issueTokens(ctx, user.id)) };
}

async function addDemoPlan(sheets: SheetServices, user: UserRow, plan: DemoSeed["plan"]): Promise<void> {
  const bytes = await demoPlanPng();
  const [sheet] = await uploadSheets(sheets, user, plan.projectId, async () => ({
    bytes,
    kind: "png",
    fileName: "block-b-typical-floor.png",
    fields: { name: DEMO_PLAN_NAME, level: DEMO_PLAN_LEVEL },
  }));
  if (!sheet) return;
  await sheets.ctx.db.transaction().execute(async (trx) => {
    // The block's location carries its drawing: a pin on it proposes that location (issue 36).
    if (plan.locationId)
      await trx
        .updateTable("locations")
        .set({ sheet_id: sheet.id })
        .where("id", "=", plan.locationId)
        .where("workspace_id", "=", user.workspace_id)
        .execute();
    for (const pin of plan.pins)
      await trx
        .updateTable("snagging_reports")
        .set({ sheet_id: sheet.id, pin_x: pin.x, pin_y: pin.y })
        .where("id", "=", pin.reportId)
        .where("workspace_id", "=", user.workspace_id)
        .execute();
  });
}

/** Deletes demo workspaces past their expiry, their files included. */
export async function removeExpiredDemos(ctx: AppContext): Promise<number> {
  const ids = await findExpiredDemoWorkspaceIds(ctx.db, nowSeconds());
  if (ids.length === 0) return 0;
  const projectIds = (await ctx.db.selectFrom("projects").select("id").where("workspace_id", "in", ids).execute()).map(
    (p) => p.id,
  );
  // Their Trash goes with them (its rows by cascade), so its files go too; so do their uploads' files.
  const trashedFiles = await trashFilesOfWorkspaces(ctx, ids);
  const uploadKeys = await findUploadKeysOfWorkspaces(ctx.db, ids);
  await deleteProjectsWithFiles(ctx, projectIds, (trx) => deleteWorkspaces(trx, ids));
  await deleteFilesQuietly(ctx, [...trashedFiles, ...uploadKeys]);
  return ids.length;
}
