// The failures Fastify answers before any hook or handler runs: the router refusing a URL (bad
// percent-encoding, a parameter past maxParamLength) and Node's HTTP parser refusing a request
// (headers too large, malformed). Both get the app's JSON body and security headers, and never
// echo the request back.
import http from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { errorBody } from "./error-handler";
import { SECURITY_HEADERS, type SecurityHeadersFor } from "./security-headers";

export const BAD_URL = "The address of this request is not valid";

/** Fastify's `frameworkErrors` option. */
export function frameworkErrorHandler(headersFor: SecurityHeadersFor) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    reply.headers(headersFor(request.raw));
    // A path parameter longer than any id is an id that does not exist.
    const body = error.code === "FST_ERR_MAX_PARAM_LENGTH" ? errorBody(404, "Not found") : errorBody(400, BAD_URL);
    reply.status(body.statusCode).send(body);
  };
}

const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: "The request headers are too large" },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: "The request took too long to arrive" },
};
const MALFORMED = { status: 400, message: "The request could not be understood" };
const HEADER_LINES = Object.entries(SECURITY_HEADERS)
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join("");

/** Fastify's `clientErrorHandler` option: the request never became a request, so answer on the socket. */
export function handleClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  if (socket.writable) {
    const { status, message } = CLIENT_ERRORS[error.code ?? ""] ?? MALFORMED;
    const body = JSON.stringify({ ...errorBody(status, message) });
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        "connection: close\r\n" +
        "content-type: application/json; charset=utf-8\r\n" +
        `content-length: ${Buffer.byteLength(body)}\r\n` +
        HEADER_LINES +
        `\r\n${body}`,
    );
  }
  socket.destroy(error);
}
