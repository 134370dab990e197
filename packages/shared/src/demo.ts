/** The demo credentials shown on /demo. Signing in with them opens a fresh sandbox (DESIGN §5). */
export const DEMO_EMAIL = "demo@sitesnag.app";
export const DEMO_PASSWORD = "demo-site-visit";
export const DEMO_LIFETIME_SECONDS = 24 * 60 * 60;
