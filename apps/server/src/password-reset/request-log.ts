// The request log's `req` fields (Fastify's own set), with secrets in the query string masked: a
// password-reset link is opened as GET /reset-password?token=…, and its token must reach no log.
import type { FastifyRequest } from "fastify";

const SECRET_PARAMS = /([?&](?:token|reset_token|code)=)[^&#]*/gi;

export const redactUrl = (url: string): string => url.replace(SECRET_PARAMS, "$1[redacted]");

export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
