// GET /api/events: the caller's workspace's changes as Server-Sent Events (issue 39, decisions
// 0068 and 0069). Opened with the access token in the Authorization header (a fetch-based client;
// EventSource cannot send headers). A reconnect sends Last-Event-ID and gets what it missed from
// the table, or a `reset` event when that is no longer possible.
import { LiveStreamHeadersSchema } from "@sitesnag/shared/live";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { bearerToken, currentSessionId, currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { AppError } from "../http/errors";
import { fileAnswer } from "../http/openapi";
import { eventText } from "./events.presenter";
import { eventExists, eventsAfter, latestEventId } from "./events.repository";
import type { LiveHub } from "./live-hub";

export const TOO_MANY_STREAMS =
  "Too many live update streams are open for this session. Close another tab of SiteSnag and try again.";
/** More missed events than this and the client is told to refetch instead. */
const REPLAY_LIMIT = 1_000;
/** How long the client waits before reconnecting after a dropped connection (the SSE `retry:`). */
const RETRY_MS = 2_000;

/** What the stream can replay after `lastSeen`: the rows, or "reset" when it cannot know. */
async function replay(ctx: AppContext, workspaceId: string, lastSeen: number, latest: number) {
  // An id beyond the newest (another database) or one pruned since: what followed is unknown.
  if (lastSeen > latest) return "reset" as const;
  if (lastSeen === latest) return [];
  if (!(await eventExists(ctx.db, lastSeen))) return "reset" as const;
  const rows = await eventsAfter(ctx.db, workspaceId, lastSeen, REPLAY_LIMIT + 1);
  return rows.length > REPLAY_LIMIT ? ("reset" as const) : rows;
}

export function eventRoutes(ctx: AppContext, hub: LiveHub, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", authenticate);

    app.get(
      "/",
      {
        schema: { summary: "The workspace's live changes as server-sent events", headers: LiveStreamHeadersSchema },
        config: { answers: { 200: fileAnswer("text/event-stream", "Server-sent events (LiveEvent), until closed") } },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const raw = reply.raw;
        let started = false;
        let ended = false;
        const stream = hub.open({
          workspaceId: user.workspace_id,
          userId: user.id,
          sessionId: currentSessionId(request),
          expiresAt: (ctx.tokens.accessExpiresAt(bearerToken(request) ?? "") ?? 0) * 1000,
          openedAt: Date.now(),
          sink: {
            write: (text) => (started && !ended ? raw.write(text) : true),
            buffered: () => raw.writableLength,
            end: () => {
              ended = true;
              if (started) raw.end();
            },
          },
        });
        if (!stream) throw new AppError(429, TOO_MANY_STREAMS);
        const header = request.headers["last-event-id"];
        let latest: number;
        let missed: Awaited<ReturnType<typeof replay>>;
        try {
          latest = await latestEventId(ctx.db);
          missed = header === undefined ? [] : await replay(ctx, user.workspace_id, Number(header), latest);
        } catch (err) {
          hub.remove(stream);
          throw err;
        }
        request.raw.socket.setNoDelay(true);
        // The response's close: the client went away (or the stream was ended here).
        raw.on("close", () => hub.remove(stream));
        reply.hijack();
        raw.writeHead(200, {
          ...(reply.getHeaders() as Record<string, string>),
          "content-type": "text/event-stream; charset=utf-8",
          "cache-control": "no-store, no-transform",
          // nginx and similar proxies must pass each event on at once.
          "x-accel-buffering": "no",
          // A stream's connection is never reused: once it ends (shutdown, sign-out) the socket goes
          // too, so a graceful shutdown is not kept waiting for it as an idle keep-alive connection.
          connection: "close",
        });
        started = true;
        if (ended) {
          raw.end();
          return;
        }
        let text = `retry: ${RETRY_MS}\n\n`;
        if (missed === "reset") text += `id: ${latest}\nevent: reset\ndata: {}\n\n`;
        else for (const row of missed) text += eventText(row);
        text += `id: ${latest}\nevent: ready\ndata: {}\n\n`;
        raw.write(text);
        hub.ready(stream, latest, missed === "reset" ? [] : missed.map((row) => row.id));
      },
    );
  };
}
