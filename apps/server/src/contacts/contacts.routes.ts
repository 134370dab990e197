import {
  ContactAnswerSchema,
  ContactInputSchema,
  ContactListSchema,
  ContactRemovedSchema,
} from "@sitesnag/shared/contacts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { MAX_ID_PARAM_LENGTH } from "../ids";
import { createContact, editContact, listContacts, removeContact } from "./contacts.service";

// Any string up to the router's param limit; a non-UUID simply answers 404 in the service.
const IdParams = z.object({ id: z.string().max(MAX_ID_PARAM_LENGTH) });

/** /api/contacts: the workspace's external assignees (decision 0029). */
export function contactRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", authenticate);

    app.get(
      "/",
      { schema: { summary: "The workspace's contacts" }, config: { answers: { 200: ContactListSchema } } },
      async (request) => ({ contacts: await listContacts(ctx, currentUser(request)) }),
    );

    app.post(
      "/",
      {
        schema: { summary: "Add a contact (an assignee without an account)", body: ContactInputSchema },
        config: { answers: { 201: ContactAnswerSchema } },
      },
      async (request, reply) =>
        reply.status(201).send({ contact: await createContact(ctx, currentUser(request), request.body) }),
    );

    app.put(
      "/:id",
      {
        schema: { summary: "Change a contact", params: IdParams, body: ContactInputSchema },
        config: { answers: { 200: ContactAnswerSchema } },
      },
      async (request) => ({
        contact: await editContact(ctx, currentUser(request), request.params.id, request.body),
      }),
    );

    app.delete(
      "/:id",
      {
        schema: { summary: "Delete a contact, unassigning its reports", params: IdParams },
        config: { answers: { 200: ContactRemovedSchema } },
      },
      async (request) => removeContact(ctx, currentUser(request), request.params.id),
    );
  };
}
