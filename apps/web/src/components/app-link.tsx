// A link that works with or without the router. The pre-rendered pages (landing, legal) hydrate
// without react-router, to keep their first load small, so they render plain anchors (a full page
// load); inside the single-page app the router supplies its <Link> through LinkRendererContext and
// the same components navigate client-side. Both render the same <a href> markup.
import { type AnchorHTMLAttributes, type ComponentType, createContext, useContext } from "react";

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string };

export const LinkRendererContext = createContext<ComponentType<AppLinkProps> | null>(null);

export function AppLink({ to, ...rest }: AppLinkProps) {
  const RouterLink = useContext(LinkRendererContext);
  return RouterLink ? <RouterLink to={to} {...rest} /> : <a href={to} {...rest} />;
}
