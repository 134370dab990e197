// The live streams open on this instance and the relay that feeds them (issue 39, decisions 0068
// and 0069). Guarantees:
// - An event reaches streams only after its change committed: the relay claims rows from the
//   live_events outbox (events.writer.ts writes them in the change's transaction).
// - Each row is claimed by one relay (on PostgreSQL with SKIP LOCKED), then fanned out through Redis
//   pub/sub to every instance (REDIS_URL), or straight to this instance's streams without it. A
//   failed publish falls back to this instance's streams; the others' clients catch up by replay.
// - A stream only ever gets its own workspace's events.
// - A stream closes within a second of its session ending (logout, refresh-token reuse, password
//   reset; here or through Redis), when its access token expires (the client reopens with a fresh
//   one), and within MEMBERSHIP_CHECK_MS of its user leaving the workspace (at once when the removal
//   is announced, team.changed).
// - At most MAX_STREAMS_PER_SESSION streams per session on an instance.
// - A slow reader is closed rather than buffered without bound: it reconnects and replays.
// - closeAll (graceful shutdown) ends every stream with a `closing` event, so the client reconnects
//   to another instance at once.
import { MAX_STREAMS_PER_SESSION } from "@sitesnag/shared/live";
import type { FastifyBaseLogger } from "fastify";
import type { SessionStatus } from "../auth/session-status";
import type { Db, DbKind } from "../db/database";
import type { LiveEventRow } from "../db/schema";
import type { SharedRedis } from "../shared-state/redis";
import { eventText, presentEvent } from "./events.presenter";
import { claimUnpublished, pruneEvents, workspacesOf } from "./events.repository";
import { onLiveEventsWritten } from "./events.writer";

/** How often the relay looks for committed events while this process writes some, and otherwise. */
const FAST_POLL_MS = 100;
const SLOW_POLL_MS = 2_000;
/** After a local write the relay polls fast this long (the write's transaction may commit late). */
const FAST_WINDOW_MS = 5_000;
const CLAIM_BATCH = 500;
/** Events are kept 48 h: a stream can replay what it missed over the last 24 h at least. */
export const KEEP_EVENTS_MS = 48 * 3600_000;
const PRUNE_EVERY_MS = 10 * 60_000;
const MEMBERSHIP_CHECK_MS = 5_000;
/** Bytes a stream may have waiting in its socket before it is closed as too slow. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** A live event older than its stream by more than this, with an id at or below where the stream
 * started, was already covered by the stream's replay or the client's first fetch. */
const LATE_COMMIT_MS = 10_000;

export type StreamSink = {
  write: (text: string) => boolean;
  buffered: () => number;
  end: () => void;
};

export type LiveStream = {
  workspaceId: string;
  userId: string;
  sessionId: string;
  /** When the access token the stream was opened with expires (ms). */
  expiresAt: number;
  openedAt: number;
  /** The position the stream started from: events at or below it came through replay. */
  startId: number;
  /** Ids already sent through replay, not sent again live. */
  replayed: Set<number>;
  /** Live events that arrived while the replay was being read; null once the stream is ready. */
  pending: { id: number; text: string }[] | null;
  sink: StreamSink;
  closed: boolean;
};

export type CloseReason = "restart" | "signed-out" | "expired" | "removed" | "slow";

export class LiveHub {
  private readonly streams = new Set<LiveStream>();
  private readonly byWorkspace = new Map<string, Set<LiveStream>>();
  private readonly perSession = new Map<string, number>();
  private readonly channel: string | undefined;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly unsubscribe: (() => void)[] = [];
  private lastWriteAt = 0;
  private lastPollAt = 0;
  private polling = false;
  private stopped = false;

  constructor(
    private readonly options: {
      db: Db;
      dbKind: DbKind;
      sessions: SessionStatus;
      redis: SharedRedis | undefined;
      log: FastifyBaseLogger;
      heartbeatMs: number;
    },
  ) {
    this.channel = options.redis ? `${options.redis.prefix}live-events` : undefined;
  }

  get size(): number {
    return this.streams.size;
  }

  async start(): Promise<void> {
    const { redis, sessions, heartbeatMs } = this.options;
    this.unsubscribe.push(onLiveEventsWritten(() => this.noteWrite()));
    this.unsubscribe.push(
      sessions.onEnded((sessionId) => this.closeWhere((s) => s.sessionId === sessionId, "signed-out")),
    );
    if (redis && this.channel) {
      const channel = this.channel;
      redis.subscriber.on("message", (from: string, message: string) => {
        if (from !== channel) return;
        try {
          this.deliver(JSON.parse(message) as LiveEventRow[]);
        } catch (err) {
          this.options.log.warn({ err }, "live events: an unreadable message from Redis was skipped");
        }
      });
      await redis.subscriber.subscribe(channel);
    }
    this.every(FAST_POLL_MS, () => void this.poll());
    this.every(heartbeatMs, () => this.heartbeat());
    this.every(1_000, () => this.closeWhere((s) => s.expiresAt <= Date.now(), "expired"));
    this.every(MEMBERSHIP_CHECK_MS, () => void this.checkMembership());
    this.every(PRUNE_EVERY_MS, () => void this.prune());
  }

  /**
   * Registers a stream; false when its session already holds the most it may. The caller sends
   * the replay with `write` and only then calls `ready`: live events that arrive meanwhile wait.
   */
  open(stream: Omit<LiveStream, "closed" | "replayed" | "startId" | "pending">): LiveStream | undefined {
    const count = this.perSession.get(stream.sessionId) ?? 0;
    if (count >= MAX_STREAMS_PER_SESSION || this.stopped) return undefined;
    const entry: LiveStream = {
      ...stream,
      startId: Number.MAX_SAFE_INTEGER,
      replayed: new Set(),
      pending: [],
      closed: false,
    };
    this.perSession.set(stream.sessionId, count + 1);
    this.streams.add(entry);
    let set = this.byWorkspace.get(stream.workspaceId);
    if (!set) {
      set = new Set();
      this.byWorkspace.set(stream.workspaceId, set);
    }
    set.add(entry);
    return entry;
  }

  /**
   * The replay has been sent (the rows in `replayed`; the client resumes from `startId`): the live
   * events that arrived meanwhile follow, except those the replay already carried.
   */
  ready(stream: LiveStream, startId: number, replayed: readonly number[]): void {
    stream.startId = startId;
    for (const id of replayed) stream.replayed.add(id);
    const pending = stream.pending ?? [];
    stream.pending = null;
    for (const event of pending) if (!stream.replayed.has(event.id)) this.send(stream, event.text);
  }

  /** Forgets a stream (its connection closed). */
  remove(stream: LiveStream): void {
    if (!this.streams.delete(stream)) return;
    stream.closed = true;
    const set = this.byWorkspace.get(stream.workspaceId);
    set?.delete(stream);
    if (set?.size === 0) this.byWorkspace.delete(stream.workspaceId);
    const count = (this.perSession.get(stream.sessionId) ?? 1) - 1;
    if (count <= 0) this.perSession.delete(stream.sessionId);
    else this.perSession.set(stream.sessionId, count);
  }

  /** Sends text to a stream; closes it when the client reads too slowly. */
  send(stream: LiveStream, text: string): void {
    if (stream.closed) return;
    stream.sink.write(text);
    if (stream.sink.buffered() > MAX_BUFFERED_BYTES) this.close(stream, "slow");
  }

  close(stream: LiveStream, reason: CloseReason): void {
    if (stream.closed) return;
    if (!stream.pending) stream.sink.write(`event: closing\ndata: ${JSON.stringify({ reason })}\n\n`);
    stream.sink.end();
    this.remove(stream);
  }

  /** Graceful shutdown: every stream is told to reconnect (elsewhere) and ended. */
  closeAll(): void {
    this.stopped = true;
    this.closeWhere(() => true, "restart");
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    for (const unsubscribe of this.unsubscribe) unsubscribe();
    this.closeWhere(() => true, "restart");
  }

  /** A change on this process wrote events: look for them often until they are surely committed. */
  noteWrite(): void {
    this.lastWriteAt = Date.now();
  }

  /** Claims committed events and fans them out. Public so tests and the bench can drive it. */
  async poll(force = false): Promise<number> {
    if (this.polling || this.stopped) return 0;
    const now = Date.now();
    // Nobody to tell: no stream here and no other instance. Rows wait (a stream replays by id).
    if (!force && this.streams.size === 0 && !this.options.redis) return 0;
    if (!force && now - this.lastWriteAt > FAST_WINDOW_MS && now - this.lastPollAt < SLOW_POLL_MS) return 0;
    this.polling = true;
    this.lastPollAt = now;
    try {
      const rows = await claimUnpublished(this.options.db, this.options.dbKind, now, CLAIM_BATCH);
      if (rows.length > 0) await this.publish(rows);
      return rows.length;
    } catch (err) {
      this.options.log.warn({ err }, "live events: claiming events failed; tried again shortly");
      return 0;
    } finally {
      this.polling = false;
    }
  }

  private async publish(rows: LiveEventRow[]): Promise<void> {
    const { redis } = this.options;
    if (redis && this.channel) {
      try {
        await redis.client.publish(this.channel, JSON.stringify(rows));
        return;
      } catch (err) {
        redis.warn(
          "live",
          err,
          "live events not published (Redis unavailable): other instances' streams catch up on reconnect",
        );
      }
    }
    this.deliver(rows);
  }

  /**
   * Hands published events to this instance's streams of their workspaces. A stream gets the batch's
   * events in one write (a bulk change of 100 reports is 100 events: one socket write per stream,
   * not 100).
   */
  deliver(rows: readonly LiveEventRow[]): void {
    const batches = new Map<LiveStream, string[]>();
    for (const row of rows) {
      const streams = this.byWorkspace.get(row.workspace_id);
      if (row.type === "team.changed") this.closeRemoved(row);
      if (!streams) continue;
      const text = eventText(row);
      for (const stream of streams) {
        if (stream.replayed.has(row.id)) continue;
        if (row.id <= stream.startId && row.created_at < stream.openedAt - LATE_COMMIT_MS) continue;
        if (stream.pending) stream.pending.push({ id: row.id, text });
        else {
          const batch = batches.get(stream);
          if (batch) batch.push(text);
          else batches.set(stream, [text]);
        }
      }
    }
    for (const [stream, texts] of batches) this.send(stream, texts.join(""));
  }

  /** A member removed from a workspace: their streams there close at once (subject = the member). */
  private closeRemoved(row: LiveEventRow): void {
    if (presentEvent(row).data.change !== "removed") return;
    this.closeWhere((s) => s.userId === row.subject_id && s.workspaceId === row.workspace_id, "removed");
  }

  private heartbeat(): void {
    for (const stream of this.streams) if (!stream.pending) this.send(stream, ": heartbeat\n\n");
  }

  private async checkMembership(): Promise<void> {
    if (this.streams.size === 0) return;
    const userIds = [...new Set([...this.streams].map((s) => s.userId))];
    const current = new Map<string, string>();
    try {
      for (let i = 0; i < userIds.length; i += 500)
        for (const row of await workspacesOf(this.options.db, userIds.slice(i, i + 500)))
          current.set(row.id, row.workspace_id);
    } catch (err) {
      this.options.log.warn({ err }, "live events: membership check failed; tried again shortly");
      return;
    }
    this.closeWhere((s) => current.get(s.userId) !== s.workspaceId, "removed");
  }

  private async prune(): Promise<void> {
    try {
      const pruned = await pruneEvents(this.options.db, Date.now() - KEEP_EVENTS_MS);
      if (pruned > 0) this.options.log.info({ pruned }, "live events: old events pruned");
    } catch (err) {
      this.options.log.warn({ err }, "live events: pruning failed; tried again later");
    }
  }

  private closeWhere(test: (stream: LiveStream) => boolean, reason: CloseReason): void {
    for (const stream of [...this.streams]) if (test(stream)) this.close(stream, reason);
  }

  private every(ms: number, run: () => void): void {
    const timer = setInterval(run, ms);
    timer.unref();
    this.timers.push(timer);
  }
}
