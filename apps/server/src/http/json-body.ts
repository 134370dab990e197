// The one JSON body parser: UTF-8 only (RFC 8259), prototype-poisoning safe, and an empty body
// sent with a JSON content type (some clients always set it) is no body rather than an error.
import type { FastifyInstance } from "fastify";
import { AppError } from "./errors";

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)/i;

export const COMPRESSED_BODY = "Request bodies must be sent uncompressed (no Content-Encoding)";

export function registerJsonBodyParser(app: FastifyInstance): void {
  // No route reads a compressed body (JSON or multipart); saying so beats "not valid UTF-8".
  app.addHook("onRequest", async (request) => {
    const encoding = request.headers["content-encoding"];
    if (encoding !== undefined && !/^\s*identity\s*$/i.test(String(encoding))) {
      throw new AppError(415, COMPRESSED_BODY);
    }
  });
  const parseJson = app.getDefaultJsonParser("error", "error");
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    const charset = CHARSET.exec(request.headers["content-type"] ?? "")?.[1];
    if (charset !== undefined && !/^utf-?8$/i.test(charset)) {
      return done(new AppError(415, "The request body must be JSON in UTF-8"), undefined);
    }
    let text: string;
    try {
      // Bytes that are not UTF-8 are refused, never stored as U+FFFD.
      text = utf8.decode(body as Buffer);
    } catch {
      return done(new AppError(400, "The request body is not valid UTF-8"), undefined);
    }
    if (text.trim() === "") return done(null, undefined);
    return parseJson(request, text, done);
  });
}
