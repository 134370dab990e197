// The single translation point from any thrown error to DESIGN §4's JSON body.

import type { ApiErrorBody } from "@sitesnag/shared/errors";
import { DEFAULT_LOCALE, type Locale } from "@sitesnag/shared/i18n/locales";
import { installReadableZodMessages } from "@sitesnag/shared/zod-messages";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ZodError } from "zod";
import { isDatabaseUnavailable } from "../db/connection-errors";
import { localiseSentence } from "../i18n/localise-sentence";
import { requestLocale } from "../i18n/request-locale";
import { AppError, DATABASE_UNAVAILABLE, TOO_MANY_ATTEMPTS } from "./errors";

const STATUS_NAMES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  408: "Request Timeout",
  409: "Conflict",
  411: "Length Required",
  413: "Payload Too Large",
  414: "URI Too Long",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/**
 * Our words for the 4xx answers Fastify and its plugins produce: their own messages can quote the
 * request back (a content type, a URL) and name internals.
 */
const FRAMEWORK_MESSAGES: Record<number, string> = {
  400: "The request body is not valid JSON",
  404: "Not found",
  405: "This method is not allowed here",
  406: "The requested format is not available",
  408: "The request took too long to arrive",
  411: "The request must say how long its body is",
  413: "The request body is too large",
  415: "The request body must be JSON",
  429: TOO_MANY_ATTEMPTS,
};
const RETRY_AFTER_SECONDS = "5";

export function errorBody(statusCode: number, message: string, details?: Record<string, string[]>): ApiErrorBody {
  return { statusCode, error: STATUS_NAMES[statusCode] ?? "Error", message, ...(details ? { details } : {}) };
}

export function detailsFromIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const details: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "_";
    if (!details[key]) details[key] = [];
    // An issue at the root means the body (or query) was not an object at all.
    const message = key === "_" ? "The request must be a JSON object" : issue.message;
    // Two checks of one field can fail with the same sentence (a date both too big and not finite).
    if (!details[key].includes(message)) details[key].push(message);
  }
  return details;
}

export function firstMessage(details: Record<string, string[]>): string {
  const first = Object.values(details)[0]?.[0];
  return first ?? "Invalid input";
}

/** The body in the reader's language (i18n/localise-sentence.ts): the message and every detail. */
function localised(body: ApiErrorBody, locale: Locale): ApiErrorBody {
  if (locale === DEFAULT_LOCALE) return body;
  const details = body.details
    ? Object.fromEntries(
        Object.entries(body.details).map(([key, messages]) => [key, messages.map((m) => localiseSentence(locale, m))]),
      )
    : undefined;
  return { ...body, message: localiseSentence(locale, body.message), ...(details ? { details } : {}) };
}

export function registerErrorHandler(app: FastifyInstance): void {
  // Checks without a message of their own answer a sentence, not zod's default (shared/zod-messages.ts).
  installReadableZodMessages();
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    // Every answer below leaves in the reader's language (i18n/localise-sentence.ts).
    const answer = (statusCode: number, message: string, details?: Record<string, string[]>) =>
      reply.status(statusCode).send(localised(errorBody(statusCode, message, details), requestLocale(request)));
    if (error instanceof AppError) {
      if (error.options.retryAfterSeconds !== undefined) reply.header("retry-after", error.options.retryAfterSeconds);
      if (error.options.code) {
        const body = { ...errorBody(error.statusCode, error.message, error.details), code: error.options.code };
        return reply.status(error.statusCode).send(localised(body, requestLocale(request)));
      }
      return answer(error.statusCode, error.message, error.details);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = detailsFromIssues(
        error.validation.map((v) => ({
          path: (v.instancePath ?? "").split("/").filter(Boolean),
          message: v.message ?? "Invalid value",
        })),
      );
      return answer(400, firstMessage(details), details);
    }
    if (error instanceof ZodError) {
      const details = detailsFromIssues(error.issues);
      return answer(400, firstMessage(details), details);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      reply.header("retry-after", RETRY_AFTER_SECONDS);
      return answer(503, DATABASE_UNAVAILABLE);
    }
    const statusCode = "statusCode" in error && typeof error.statusCode === "number" ? error.statusCode : 500;
    if (statusCode >= 400 && statusCode < 500) {
      const isBodyError = "code" in error && String(error.code).startsWith("FST_ERR_CTP");
      const message =
        statusCode === 400 && !isBodyError
          ? "The request could not be understood"
          : (FRAMEWORK_MESSAGES[statusCode] ?? STATUS_NAMES[statusCode] ?? "The request was refused");
      return answer(statusCode, message);
    }
    request.log.error({ err: error }, "unhandled error");
    return answer(500, "Something went wrong on our side. Please try again.");
  });
}
