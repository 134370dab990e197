// The site safety audit checklist (SPEC §9): 27 items in 10 sections, written against the UK
// regime a site manager is inspected under (CDM 2015, Work at Height Regulations 2005, LOLER 1998,
// COSHH 2002, RIDDOR 2013, HSG150/HSG144/HSG47 guidance). Every audit stores the template version
// it was answered against, so a later change of wording never silently re-labels an old audit.

export const AUDIT_TEMPLATE_VERSION = "uk-site-safety-2026.1";

export const PROJECT_TYPES = ["New build", "Fit-out", "Civils", "Maintenance"] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

export type AuditSection = { id: string; title: string };
export type TemplateItem = { id: string; section: string; question: string };

export const AUDIT_SECTIONS = [
  { id: "cdm", title: "Management & CDM" },
  { id: "access", title: "Site access & housekeeping" },
  { id: "height", title: "Working at height" },
  { id: "lifting", title: "Lifting operations & plant" },
  { id: "excavations", title: "Excavations" },
  { id: "electrical", title: "Electrical & temporary works" },
  { id: "fire", title: "Fire & hot works" },
  { id: "coshh", title: "COSHH & environmental" },
  { id: "ppe", title: "PPE & health" },
  { id: "incidents", title: "Incidents & RIDDOR" },
] as const satisfies readonly AuditSection[];

export type AuditSectionId = (typeof AUDIT_SECTIONS)[number]["id"];

const item = (section: AuditSectionId, n: number, question: string): TemplateItem => ({
  id: `${section}-${n}`,
  section,
  question,
});

export const AUDIT_TEMPLATE: readonly TemplateItem[] = [
  item(
    "cdm",
    1,
    "Construction phase plan is site-specific, current and available on site; principal designer and principal contractor appointed in writing (CDM 2015 reg. 12)",
  ),
  item("cdm", 2, "F10 notification displayed where the project is notifiable to HSE"),
  item(
    "cdm",
    3,
    "Everyone on site has had a site induction, and RAMS for today's activities are approved and briefed to the operatives doing the work",
  ),
  item("access", 1, "Site perimeter secure: hoarding, fencing and gates intact, locked out of hours and signed"),
  item(
    "access",
    2,
    "Pedestrian and vehicle routes segregated, clearly marked and kept clear (traffic management plan)",
  ),
  item("access", 3, "Housekeeping: walkways, stairs and work areas free of trip hazards; waste removed regularly"),
  item(
    "height",
    1,
    "Scaffolds inspected by a competent person before first use, every 7 days and after adverse weather; scaffold tags and register current",
  ),
  item(
    "height",
    2,
    "Edge protection (guard rails, toe boards) at every open edge; floor openings covered, fixed and marked",
  ),
  item(
    "height",
    3,
    "MEWPs, towers and ladders: operators trained (IPAF/PASMA), pre-use checks recorded, ladders only for short-duration light work",
  ),
  item(
    "lifting",
    1,
    "Lifting operations planned by a competent person with a lift plan; LOLER thorough examinations and certificates in date",
  ),
  item("lifting", 2, "Plant operators hold valid CPCS/NPORS cards; daily pre-use plant checks recorded"),
  item("lifting", 3, "Exclusion zones and trained banksmen/slingers in place for reversing plant and slewing loads"),
  item(
    "excavations",
    1,
    "Underground services located (drawings, CAT and Genny scan) and a permit to dig issued before breaking ground",
  ),
  item(
    "excavations",
    2,
    "Excavations supported or battered back, edge-protected with safe access, and inspected at the start of every shift",
  ),
  item(
    "electrical",
    1,
    "Temporary electrics at 110 V CTE or battery; distribution boards inspected and tested; portable tools PAT-tested",
  ),
  item(
    "electrical",
    2,
    "Temporary works register kept and a temporary works coordinator appointed; permits to load and strike issued",
  ),
  item("electrical", 3, "Live overhead and buried services identified, marked and protected (goal posts, barriers)"),
  item(
    "fire",
    1,
    "Fire risk assessment and emergency plan current; escape routes clear and signed; fire alarm tested weekly",
  ),
  item("fire", 2, "Hot work permits issued and closed out, with a fire watch kept for at least 60 minutes afterwards"),
  item(
    "fire",
    3,
    "Extinguishers of the right type at every fire point and in date; flammables and gas cylinders stored in a secure cage",
  ),
  item(
    "coshh",
    1,
    "COSHH assessments and safety data sheets held for every substance in use; operatives briefed and substances stored correctly",
  ),
  item(
    "coshh",
    2,
    "Environmental controls: fuel bunded with spill kits, waste segregated with transfer notes, dust, noise and run-off controlled",
  ),
  item(
    "ppe",
    1,
    "Operatives wear the PPE the RAMS require: hard hat, hi-vis, safety boots, gloves and eye protection, in good condition",
  ),
  item(
    "ppe",
    2,
    "Silica dust controlled at source (on-tool extraction or water suppression); RPE face-fit tested; health surveillance for noise and HAVS",
  ),
  item(
    "ppe",
    3,
    "Welfare adequate and clean: toilets, hot water washing, drying room, rest area, drinking water; first aiders and kits on site",
  ),
  item(
    "incidents",
    1,
    "Accident book kept; accidents, near misses and dangerous occurrences recorded, investigated and RIDDOR-reported in time",
  ),
  item("incidents", 2, "Lessons from incidents shared through toolbox talks; corrective actions tracked to close-out"),
];

/** Items of one section, in template order. */
export const itemsInSection = (section: string): TemplateItem[] => AUDIT_TEMPLATE.filter((i) => i.section === section);

export const sectionTitle = (section: string): string => AUDIT_SECTIONS.find((s) => s.id === section)?.title ?? section;
