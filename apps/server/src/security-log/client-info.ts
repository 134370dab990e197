import type { FastifyRequest } from "fastify";
import type { ClientInfo } from "./security-log.repository";

/** The address (behind TRUST_PROXY hops) and browser a request came from. */
export const clientInfo = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip ?? null,
  userAgent: typeof request.headers["user-agent"] === "string" ? request.headers["user-agent"] : null,
});
