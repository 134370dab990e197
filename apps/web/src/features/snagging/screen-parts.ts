// Parts of the snagging screens that are not in their route chunk's first load but that the screen
// waits for anyway (issue 7): the router's loader starts them when the route is chosen, beside the
// route's chunk, and the screen's module starts them too (a navigation the loader did not see).
export const loadReportForm = () => import("./components/report-form/report-form");
