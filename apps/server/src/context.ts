import type { FastifyBaseLogger } from "fastify";
import type { TokenSigner } from "./auth/tokens";
import type { Config } from "./config";
import type { Db, DbKind } from "./db/database";
import type { FileStorage } from "./storage/file-storage";

/** Everything a service needs, built once at start-up and passed down explicitly. */
export type AppContext = {
  config: Config;
  db: Db;
  dbKind: DbKind;
  tokens: TokenSigner;
  storage: FileStorage;
  log: FastifyBaseLogger;
};
