// A signed-in user for unit tests of code that reads the session (api-client, early reads).
export const TEST_USER = {
  id: "u1",
  firstName: "Pat",
  lastName: "Foreman",
  email: "pat@example.com",
  role: "user" as const,
  workspaceId: "w1",
  workspaceRole: "owner" as const,
  membership_type: "free" as const,
  membership_start_date: null,
  membership_end_date: null,
  membership_amount: 0,
  created_at: 0,
  locale: "en-GB" as const,
};
