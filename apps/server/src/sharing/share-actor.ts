/** How a share link is named where a person's name would be (report history, notifications). */
export const linkActorName = (name: string) => `Link “${name}”`;
