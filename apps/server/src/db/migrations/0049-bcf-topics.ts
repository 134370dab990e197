import type { Kysely } from "kysely";

// BCF exchange (issue 38, decision 0074). A report imported from a BIM tool keeps its topic's GUID,
// so importing the same topics again updates those reports instead of adding copies: unique per
// project (the same topic may be imported into two projects). A comment keeps its BCF comment GUID
// for the same reason (unique per report), and the BCF author's name when the author is not a
// member of the workspace (the comment then has no author_id). NULLs never collide in a unique
// index on either database, so reports made in SiteSnag need no value.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("snagging_reports").addColumn("bcf_guid", "text").execute();
  await db.schema
    .createIndex("snagging_reports_bcf_guid")
    .on("snagging_reports")
    .columns(["project_id", "bcf_guid"])
    .unique()
    .execute();
  await db.schema.alterTable("report_comments").addColumn("bcf_guid", "text").execute();
  await db.schema.alterTable("report_comments").addColumn("external_author", "text").execute();
  await db.schema
    .createIndex("report_comments_bcf_guid")
    .on("report_comments")
    .columns(["report_id", "bcf_guid"])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("report_comments_bcf_guid").ifExists().execute();
  await db.schema.alterTable("report_comments").dropColumn("external_author").execute();
  await db.schema.alterTable("report_comments").dropColumn("bcf_guid").execute();
  await db.schema.dropIndex("snagging_reports_bcf_guid").ifExists().execute();
  await db.schema.alterTable("snagging_reports").dropColumn("bcf_guid").execute();
}
