// The server's own words in the reader's language (issue 35): email in its recipient's language
// (an invitation in its inviter's, as the invitee has no account yet), and PDFs in the language of
// whoever downloads them, or the one `?lang=` names; and every check's sentence (the shared schemas',
// zod's own, the services') in the signed-in user's language, before sign-in by Accept-Language.
import type { AuthResponse } from "@sitesnag/shared/auth";
import type { CreatedInvitation } from "@sitesnag/shared/team";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mailNewNotifications, sendDueDigests } from "../src/notification-mail/notification-mail.jobs";
import { expectError, expectFieldError } from "./assertions";
import { createAudit } from "./audit-factories";
import { createProject, insertReport, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { readPdf } from "./pdf-tools";
import { type CapturedMail, type SmtpCapture, startSmtpCapture } from "./smtp-capture";

const PUBLIC_URL = "https://snag.example.com";
const DAY = 24 * 60 * 60;
/** 2026-11-25 07:30 UTC: the digest's hour for someone in UTC. */
const SEVEN_THIRTY_UTC = Date.UTC(2026, 10, 25, 7, 30) / 1000;

describe.each(DIALECTS)("the server's words in the reader's language (%s)", (kind) => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let owner: AuthResponse;
  let mate: AuthResponse;
  let projectId: string;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp(kind, { SMTP_URL: smtp.url, PUBLIC_URL, MAIL_DIGEST_HOUR: "7" });
    owner = await signUp(t, { firstName: "Olga", lastName: "Owner" });
    const invite = await t.request({ method: "POST", url: "/api/invitations", token: owner.accessToken, payload: {} });
    mate = (
      await t.request({
        method: "POST",
        url: `/api/invitations/token/${(invite.json() as { token: string }).token}/register`,
        payload: {
          firstName: "Tomasz",
          lastName: "Mate",
          email: `tomasz.${Date.now()}@example.com`,
          password: "teammate-pass-1",
        },
      })
    ).json() as AuthResponse;
    projectId = (await createProject(t, owner.accessToken, { name: "Riverside", clientName: "Acme" })).id;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(async () => {
    await t.ctx.mail.deliverDue();
    smtp.messages.length = 0;
  });

  const setLocale = async (who: AuthResponse, locale: string) => {
    const res = await t.request({
      method: "PATCH",
      url: `/api/users/${who.user.id}`,
      token: who.accessToken,
      payload: { locale },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const mailTo = (address: string) => smtp.messages.filter((m) => m.envelopeTo[0] === address);

  it("mails an invitation in its inviter's language, footer and page language included", async () => {
    await setLocale(owner, "pl");
    try {
      const email = `gosc.${Date.now()}@example.com`;
      const res = await t.request({
        method: "POST",
        url: "/api/invitations",
        token: owner.accessToken,
        payload: { email },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect((res.json() as CreatedInvitation).emailed).toBe(true);
      await t.ctx.mail.deliverDue();
      const [mail] = mailTo(email) as [CapturedMail];
      expect(mail.parsed.subject).toBe("Olga Owner zaprasza Cię do zespołu „Olga's workspace” w SiteSnag");
      expect(mail.parsed.text).toContain("Otwórz ten link, aby przyjąć zaproszenie. Działa jeden raz, dla");
      // The expiry date in Polish ("2 gru 2026"), not SPEC's English "Dec 2, 2026".
      expect(mail.parsed.text).toMatch(/do \d{1,2} [a-ząćęłńóśźż]{3} \d{4}:/);
      expect(mail.parsed.text).toContain("Wysłane przez SiteSnag.");
      expect(mail.parsed.text).not.toContain("invited you");
      expect(mail.parsed.html).toContain('<html lang="pl">');
    } finally {
      await setLocale(owner, "en-GB");
    }
  });

  it("mails a notification in its recipient's language, whoever caused it", async () => {
    await setLocale(mate, "pl");
    const r = await insertReport(t, { workspaceId: owner.user.workspaceId, projectId, userId: owner.user.id });
    const patched = await t.request({
      method: "PATCH",
      url: `/api/snagging/${r.id}`,
      token: owner.accessToken,
      payload: { assignedTo: mate.user.id },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    await mailNewNotifications(t.ctx);
    await t.ctx.mail.deliverDue();
    const [mail] = mailTo(mate.user.email) as [CapturedMail];
    expect(mail.parsed.subject).toBe(`${r.title}: Olga Owner: przypisano Ci ${r.title}`);
    expect(mail.parsed.text).toContain("Dzień dobry, Tomasz,");
    expect(mail.parsed.text).toContain(`Otwórz ${r.title}:`);
    expect(mail.parsed.text).toContain("opcja „Przypisane do mnie” jest ustawiona na natychmiastowy e-mail");
    expect(mail.parsed.text).toContain("Wyłącz te wiadomości: https://snag.example.com/unsubscribe?token=");
    expect(mail.parsed.html).toContain(">Wyłącz te wiadomości</a>");
    // The bell keeps its English sentence.
    const bell = await t.request({ method: "GET", url: "/api/notifications", token: mate.accessToken });
    expect(bell.body).toContain(`Olga Owner assigned you ${r.title}`);
  });

  it("sends the daily digest in its recipient's language, with Polish plural forms and dates", async () => {
    await setLocale(mate, "pl");
    const now = SEVEN_THIRTY_UTC;
    const due = (dueDate: number, priority: "high" | "low") =>
      insertReport(
        t,
        { workspaceId: owner.user.workspaceId, projectId, userId: owner.user.id },
        { assigned_to: mate.user.id, due_date: dueDate, priority },
      );
    const overdue = [await due(now - 2 * DAY, "high"), await due(now - 3 * DAY, "low")];
    await due(now + DAY, "low");
    await mailNewNotifications(t.ctx);
    expect(await sendDueDigests(t.ctx, now)).toBeGreaterThanOrEqual(1);
    await t.ctx.mail.deliverDue();
    const [digest] = mailTo(mate.user.email) as [CapturedMail];
    expect(digest.parsed.subject).toBe("Twoje dzienne podsumowanie SiteSnag: 2 po terminie, 1 z bliskim terminem");
    const text = digest.parsed.text ?? "";
    expect(text).toContain("Oto Twoje dzienne podsumowanie.");
    expect(text.indexOf("Po terminie")).toBeLessThan(text.indexOf("Termin w ciągu 7 dni"));
    expect(text).toContain(`${overdue[0]?.title} (Wysoki), termin 23 lis 2026`);
    expect(text).not.toContain("Overdue");
  });

  const pdfText = async (url: string, token: string) => {
    const res = await t.request({ method: "GET", url, token });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    // pdftotext -raw: words in reading order; joined so a label cut across lines still reads.
    return (await readPdf(res.rawPayload)).text.replace(/\s+/g, " ");
  };

  it("writes a report PDF in its downloader's language, or the one ?lang= names", async () => {
    await setLocale(mate, "pl");
    const r = await insertReport(
      t,
      { workspaceId: owner.user.workspaceId, projectId, userId: owner.user.id },
      { priority: "high", status: "in-progress", category: "plumbing", due_date: SEVEN_THIRTY_UTC },
    );
    const url = `/api/snagging/${r.id}/download-pdf`;
    const polish = await pdfText(url, mate.accessToken);
    for (const words of [
      "Raport usterek",
      "W toku",
      "Priorytet: Wysoki",
      "Hydraulika",
      "PRZYPISANE DO",
      "Nieprzypisane",
    ]) {
      expect(polish).toContain(words);
    }
    expect(polish).toContain("TERMIN 25 lis 2026");
    expect(polish).toMatch(/Strona 1 z \d/);
    expect(polish).toContain("Cracked tile by the lift lobby"); // what people wrote stays theirs
    expect(polish).not.toContain("Snagging report");

    const english = await pdfText(`${url}?lang=en-GB`, mate.accessToken);
    for (const words of ["Snagging report", "In Progress", "High priority", "ASSIGNED TO", "DUE DATE Nov 25, 2026"]) {
      expect(english).toContain(words);
    }
    expect(english).toMatch(/Page 1 of \d/);
    expect(english).not.toContain("Raport usterek");
    // An unknown language is English, not an error; the owner reads their own (English).
    expect(await pdfText(`${url}?lang=xx-YY`, mate.accessToken)).toContain("Snagging report");
    expect(await pdfText(`${url}?lang=ro`, owner.accessToken)).toContain("Raport de defecte");
    expect(await pdfText(url, owner.accessToken)).toContain("Snagging report");
  });

  it("writes a report's history in the reader's language, on the timeline and in the PDF; English as before", async () => {
    await setLocale(mate, "pl");
    const r = await insertReport(
      t,
      { workspaceId: owner.user.workspaceId, projectId, userId: owner.user.id },
      { priority: "high", status: "open" },
    );
    for (const payload of [{ priority: "critical", dueDate: SEVEN_THIRTY_UTC }, { status: "in-progress" }]) {
      const res = await t.request({ method: "PATCH", url: `/api/snagging/${r.id}`, token: owner.accessToken, payload });
      expect(res.statusCode, res.body).toBe(200);
    }
    const summaries = async (who: AuthResponse) => {
      const res = await t.request({ method: "GET", url: `/api/snagging/${r.id}/activity`, token: who.accessToken });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { activity: { summary: string }[] }).activity.map((e) => e.summary);
    };
    const polish = await summaries(mate);
    expect(polish).toContain("Olga Owner zmienił(a) status z Otwarte na W toku");
    expect(polish).toContainEqual(
      expect.stringMatching(/^Olga Owner zmienił\(a\): Priorytet z Wysoki na Krytyczny; Termin z Brak na 25 lis 2026$/),
    );
    const english = await summaries(owner);
    expect(english).toContain("Olga Owner changed the status from Open to In progress");
    expect(english).toContainEqual(
      expect.stringMatching(/^Olga Owner changed Priority from High to Critical; Due date from None to /),
    );

    const pdf = await pdfText(`/api/snagging/${r.id}/download-pdf`, mate.accessToken);
    expect(pdf).toContain("Olga Owner zmienił(a) status z Otwarte na W toku");
    expect(pdf).not.toContain("changed the status");
    expect(await pdfText(`/api/snagging/${r.id}/download-pdf`, owner.accessToken)).toContain(
      "Olga Owner changed the status from Open to In progress",
    );
  });

  it("names a deleted project's report count in the Trash in the reader's language", async () => {
    const gone = await createProject(t, owner.accessToken, { name: "Annexe" });
    await insertReport(t, { workspaceId: owner.user.workspaceId, projectId: gone.id, userId: owner.user.id }, {});
    const del = await t.request({ method: "DELETE", url: `/api/projects/${gone.id}`, token: owner.accessToken });
    expect(del.statusCode, del.body).toBeLessThan(300);
    const detail = async () => {
      const res = await t.request({ method: "GET", url: "/api/trash", token: owner.accessToken });
      expect(res.statusCode, res.body).toBe(200);
      const item = (res.json() as { items: { name: string; detail: string; reportCount: number | null }[] }).items.find(
        (i) => i.name === "Annexe",
      );
      // The count too, so the app writes the sentence in its own language (the pseudo-locale, a switch offline).
      expect(item?.reportCount).toBe(1);
      return item?.detail;
    };
    expect(await detail()).toBe("1 report");
    await setLocale(owner, "lt");
    try {
      expect(await detail()).toBe("1 ataskaita");
    } finally {
      await setLocale(owner, "en-GB");
    }
  });

  it("writes the snag list PDF in the language asked for: a client's, from an English-speaking manager", async () => {
    await insertReport(
      t,
      { workspaceId: owner.user.workspaceId, projectId, userId: owner.user.id },
      { status: "open", category: "electrical", due_date: SEVEN_THIRTY_UTC - DAY },
    );
    const url = `/api/projects/${projectId}/snag-list.pdf?groupBy=category&status=open`;
    const polish = await pdfText(`${url}&lang=pl`, owner.accessToken);
    for (const words of ["LISTA USTEREK", "KLIENT Acme", "Według statusu", "Otwarte", "Elektryka", "Spis treści"]) {
      expect(polish).toContain(words);
    }
    expect(polish).toContain("Status: Otwarte");
    expect(polish).toContain("Termin 24 lis 2026 (po terminie)");
    expect(polish).not.toContain("Snag list");

    const english = await pdfText(url, owner.accessToken);
    for (const words of ["SNAG LIST", "By status", "Electrical", "Contents", "Status Open", "(overdue)"]) {
      expect(english).toContain(words);
    }
    // A language code that is not one of ours is English, never a 400.
    expect(await pdfText(`${url}&lang=de`, owner.accessToken)).toContain("SNAG LIST");
  });

  it("answers the schemas' checks and the services' refusals in the signed-in user's language", async () => {
    await setLocale(mate, "pl");
    const create = (payload: object) =>
      t.request({ method: "POST", url: "/api/projects", token: mate.accessToken, payload });
    // A schema's own sentence, read as a pattern: the field's name and the Polish plural too.
    expectFieldError(
      await create({ name: "x".repeat(201), status: "active" }),
      "name",
      "Nazwa projektu: maksymalnie 200 znaków",
    );
    expectFieldError(
      await create({ name: "Dock", status: "finished" }),
      "status",
      "Status: dozwolone wartości: active, completed lub archived",
    );
    // A query's check: a range read back from the sentence.
    expectFieldError(
      await t.request({ method: "GET", url: "/api/projects?limit=0", token: mate.accessToken }),
      "limit",
      "Limit: wymagana liczba całkowita od 1 do 200",
    );
    // A service's refusal, word for word and with a value read back.
    expectError(
      await t.request({ method: "GET", url: `/api/snagging/${crypto.randomUUID()}`, token: mate.accessToken }),
      404,
      "Nie znaleziono raportu",
    );
    // Nothing changes for the English reader.
    expectFieldError(
      await t.request({
        method: "POST",
        url: "/api/projects",
        token: owner.accessToken,
        payload: { name: "x".repeat(201), status: "active" },
      }),
      "name",
      "Project name must be at most 200 characters",
    );
  });

  it("answers before sign-in by Accept-Language, and English for a language it does not ship", async () => {
    const register = (language: string) =>
      t.request({
        method: "POST",
        url: "/api/auth/register",
        headers: { "accept-language": language },
        payload: {
          firstName: "x".repeat(101),
          lastName: "Ruiz",
          email: `r.${Date.now()}@example.com`,
          password: "correct-horse-battery",
        },
      });
    expectFieldError(await register("es-ES,es;q=0.9"), "firstName", "Nombre: como máximo 100 caracteres");
    expectFieldError(await register("lt"), "firstName", "Vardas: daugiausia 100 simbolių");
    expectFieldError(await register("de"), "firstName", "First name must be at most 100 characters");
  });

  it("answers the unsubscribe link in the visitor's language (Accept-Language), saying which mail stopped", async () => {
    const unsubscribe = (what: string, language: string) =>
      t.request({
        method: "POST",
        url: "/api/mail/unsubscribe",
        headers: { "accept-language": language },
        payload: { token: t.ctx.mail.unsubscribeTokens.sign({ userId: mate.user.id, what }) },
      });
    const polish = await unsubscribe("assigned", "pl-PL,pl;q=0.9,en;q=0.5");
    expect(polish.statusCode, polish.body).toBe(200);
    expect(polish.json()).toEqual({
      stopped: "e-maile „Przypisane do mnie”",
      email: mate.user.email,
      what: "assigned",
    });
    expect((await unsubscribe("digest", "ro")).json()).toMatchObject({ stopped: "rezumatul zilnic", what: "digest" });
    expect((await unsubscribe("no_such_kind", "es")).json()).toMatchObject({ stopped: "estos correos", what: "other" });
    expect((await unsubscribe("assigned", "de")).json()).toMatchObject({ stopped: "“Assigned to me” emails" });
    // A bad link's refusal too.
    const bad = await t.request({
      method: "POST",
      url: "/api/mail/unsubscribe",
      headers: { "accept-language": "pl" },
      payload: { token: "not-a-token" },
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { message: string }).message).not.toContain("unsubscribe link is not valid");
  });

  it("writes an audit PDF's own words in its downloader's language (the template's stay for their own ids)", async () => {
    const audit = await createAudit(t, owner.accessToken, projectId);
    const url = `/api/audits/${audit.id}/pdf`;
    const polish = await pdfText(`${url}?lang=pl`, owner.accessToken);
    for (const words of [
      "Audyt BHP budowy",
      "Szkic (niepodpisany) · Wersja",
      "DATA AUDYTU 20 lis 2026",
      "Macierz ryzyka",
      "Podpisy",
    ]) {
      expect(polish).toContain(words);
    }
    expect(polish).toMatch(/Strona 1 z \d/);
    const english = await pdfText(url, owner.accessToken);
    for (const words of ["Site safety audit", "AUDIT DATE Nov 20, 2026", "Risk matrix", "Signatures"]) {
      expect(english).toContain(words);
    }
  });
});
