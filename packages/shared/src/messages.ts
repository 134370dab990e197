// Messages screens compare or show before validating, in a module without zod so a screen can
// read them without loading it (issue 7). The schemas that produce them import them from here.
export const PASSWORD_FIELDS_REQUIRED = "Please fill in all password fields";
