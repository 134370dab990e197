import { type Kysely, sql } from "kysely";

// Issue 23's last slices (decision 0032).
// - notifications.detail: the text a notification quotes, written with it: a rejected fix's reason,
//   the share link's name for a fix made through a link. Before, both were read through subqueries
//   matching the same report and second. Existing rows are filled from those sources once here;
//   a row without one stays null and reads without it.
// - report_comments.mentioned: the ids (JSON list) of everyone a comment has notified, so an edit
//   notifies only the people it newly mentions, once. Null for comments written before: an edit of
//   one notifies the mentions it sends, as it did before.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("notifications").addColumn("detail", "text").execute();
  await db.schema.alterTable("report_comments").addColumn("mentioned", "text").execute();
  await sql`update notifications set detail = (select ra.comment from report_activity ra
    where ra.report_id = notifications.report_id and ra.type = 'verification_rejected'
      and ra.created_at = notifications.created_at order by ra.id limit 1)
    where kind = 'fix_rejected'`.execute(db);
  await sql`update notifications set detail = (select e.link_name from share_link_events e
    where e.report_id = notifications.report_id and e.created_at = notifications.created_at and e.kind = 'fix'
    limit 1)
    where actor_id is null and kind in ('status', 'fix_awaiting_verification')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("report_comments").dropColumn("mentioned").execute();
  await db.schema.alterTable("notifications").dropColumn("detail").execute();
}
