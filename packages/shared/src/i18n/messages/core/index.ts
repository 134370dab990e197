// The app shell, profile, trash, the sign-in errors and the password-reset email: one area of the
// catalogue (catalogues.ts joins the areas). Each area is a folder with one file per language.
import enGB from "./en-GB.json" with { type: "json" };
import es from "./es.json" with { type: "json" };
import lt from "./lt.json" with { type: "json" };
import pl from "./pl.json" with { type: "json" };
import ptPT from "./pt-PT.json" with { type: "json" };
import ro from "./ro.json" with { type: "json" };

export default { "en-GB": enGB, pl, ro, lt, "pt-PT": ptPT, es };
