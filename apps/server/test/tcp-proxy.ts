// A TCP proxy on a loopback port between a test app and PostgreSQL. Cutting it is a real network
// fault (every open connection dropped, new ones refused, as while the database restarts) that
// the test controls without touching the shared cluster or anyone else's connections.
import net from "node:net";

/** When cutOnCommit cuts: before the app hears PostgreSQL acknowledge a COMMIT, or just after. */
export type CommitMoment = "before-ack" | "after-ack";

type CommitTrap = { moment: CommitMoment; sprung: () => void };

export class TcpProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  private trap: CommitTrap | undefined;
  private constructor(
    private readonly target: { host: string; port: number },
    private readonly readsPostgres: boolean,
    public port = 0,
  ) {}

  /** `postgres`: the link carries PostgreSQL's protocol, which cutOnCommit reads. */
  static async start(target: { host: string; port: number }, options: { postgres?: boolean } = {}): Promise<TcpProxy> {
    const proxy = new TcpProxy(target, options.postgres ?? false);
    await proxy.listen();
    return proxy;
  }

  private listen(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on("close", () => this.sockets.delete(socket));
        // A reset on either side ends both; the error itself is the fault under test.
        socket.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      if (this.readsPostgres) this.relayServerMessages(upstream, client);
      else upstream.pipe(client);
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => {
        const address = server.address();
        if (address && typeof address === "object") this.port = address.port;
        resolve();
      });
    });
  }

  /**
   * PostgreSQL's answers, one protocol message at a time (type byte, int32 length; no TLS between
   * the app and this proxy), so a COMMIT's acknowledgement (CommandComplete "COMMIT") can be found.
   */
  private relayServerMessages(upstream: net.Socket, client: net.Socket): void {
    let pending: Buffer = Buffer.alloc(0);
    let cutAfterReady: CommitTrap | undefined;
    upstream.on("data", (chunk: Buffer) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      let at = 0;
      while (pending.length - at >= 5) {
        const end = at + 1 + pending.readInt32BE(at + 1);
        if (end > pending.length) break;
        const type = String.fromCharCode(pending[at] as number);
        const trap = this.trap;
        if (trap && type === "C" && pending.toString("latin1", at + 5, end - 1) === "COMMIT") {
          this.trap = undefined;
          if (trap.moment === "before-ack") {
            // The commit is done in the database; the app never hears of it.
            client.write(pending.subarray(0, at));
            void this.cut().then(trap.sprung);
            return;
          }
          cutAfterReady = trap;
        } else if (cutAfterReady && type === "Z") {
          // The app has the acknowledgement (and ReadyForQuery); every later query fails.
          const trapped = cutAfterReady;
          client.end(pending.subarray(0, end));
          this.sockets.delete(client);
          void this.cut().then(trapped.sprung);
          return;
        }
        at = end;
      }
      if (at > 0) client.write(pending.subarray(0, at));
      pending = pending.subarray(at);
    });
    upstream.on("end", () => client.end());
  }

  /**
   * Cuts the link (as `cut` does) at the next COMMIT PostgreSQL acknowledges: "before-ack" drops
   * the acknowledgement, so the commit happened but the app cannot know it; "after-ack" delivers
   * it first. Resolves once the link is cut.
   */
  cutOnCommit(moment: CommitMoment): Promise<void> {
    if (!this.readsPostgres) throw new Error("cutOnCommit needs a proxy started with { postgres: true }");
    return new Promise((resolve) => {
      this.trap = { moment, sprung: resolve };
    });
  }

  /** Drops every connection and stops listening: new connections are refused (ECONNREFUSED). */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Listens again on the same port, as the database coming back. */
  async restore(): Promise<void> {
    if (!this.server) await this.listen();
  }

  get isUp(): boolean {
    return this.server !== undefined;
  }

  close(): Promise<void> {
    return this.cut();
  }
}
