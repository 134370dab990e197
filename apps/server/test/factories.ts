// Test data through the real API, with overrides. Each call makes a new account (and workspace).
import type { AuthResponse } from "@sitesnag/shared/auth";
import type { Project } from "@sitesnag/shared/projects";
import type { TestApp } from "./harness";

let counter = 0;

export async function signUp(
  t: TestApp,
  overrides: Partial<{ firstName: string; lastName: string; email: string; password: string }> = {},
): Promise<AuthResponse & { password: string }> {
  counter += 1;
  const body = {
    firstName: "Sam",
    lastName: "Builder",
    email: `sam.builder.${counter}.${Date.now()}@example.com`,
    password: "correct-horse-battery",
    ...overrides,
  };
  const res = await t.request({ method: "POST", url: "/api/auth/register", payload: body });
  if (res.statusCode !== 201) throw new Error(`signUp failed: ${res.statusCode} ${res.body}`);
  return { ...(res.json() as AuthResponse), password: body.password };
}

export async function createProject(
  t: TestApp,
  token: string,
  overrides: Partial<Omit<Project, "id" | "createdAt">> = {},
): Promise<Project> {
  const res = await t.request({
    method: "POST",
    url: "/api/projects",
    token,
    payload: { name: "Test Project", description: "", location: "", clientName: "", status: "active", ...overrides },
  });
  if (res.statusCode !== 201) throw new Error(`createProject failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { project: Project }).project;
}
