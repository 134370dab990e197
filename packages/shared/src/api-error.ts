// The error body every failed API call answers with (DESIGN §4), as a schema for the OpenAPI
// document (issue 38): named once, as the component `ApiError`, and referenced by every route.
import { z } from "zod";

export const ApiErrorSchema = z
  .object({
    statusCode: z.number().int(),
    error: z.string(),
    /** One sentence in the reader's language (Accept-Language, else the account's language). */
    message: z.string(),
    /** Per field (`name`, `items.0.title`): the sentences that field failed with. */
    details: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({
    id: "ApiError",
    description: "Every 4xx and 5xx answer: a status, its name and one sentence saying what to do.",
    examples: [
      {
        statusCode: 403,
        error: "Forbidden",
        message: "This API token can only read: changing anything needs the read write scope",
      },
      {
        statusCode: 400,
        error: "Bad Request",
        message: "Priority is required",
        details: { priority: ["Priority is required"], dueDate: ["Due date must be a date"] },
      },
    ],
  });
