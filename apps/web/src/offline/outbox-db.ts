// The IndexedDB side of the offline queue (the only code touching it), one database per user so a
// queue is always sent with its author's session. Each write that must stay consistent (an item
// with its photos; a success with its mapping and the rewrite of later items) is one transaction.
import type { PartialBulk, QueuedPhoto, QueueItem, QueueStore } from "@sitesnag/shared/sync-queue";
import Dexie, { type EntityTable } from "dexie";
import { outboxDatabaseName } from "./outbox-names";

type StoredItem = QueueItem & { seq?: number };
type Mapping = { tempId: string; id: string };
type Meta = { key: string; value: number };

class OutboxDatabase extends Dexie {
  items!: EntityTable<StoredItem, "seq">;
  photos!: EntityTable<QueuedPhoto, "id">;
  mappings!: EntityTable<Mapping, "tempId">;
  meta!: EntityTable<Meta, "key">;
  /** Bulk changes applied in part, until the person dismisses them (decision 0085). */
  notices!: EntityTable<PartialBulk, "id">;
  constructor(name: string) {
    super(name);
    this.version(1).stores({ items: "++seq, &id, tempId", photos: "id, itemId", mappings: "tempId", meta: "key" });
    this.version(2).stores({ notices: "id" });
  }
}

export class DexieQueueStore implements QueueStore {
  readonly db: OutboxDatabase;
  constructor(userId: string) {
    this.db = new OutboxDatabase(outboxDatabaseName(userId));
  }
  async enqueue(item: QueueItem, photos: QueuedPhoto[]) {
    await this.db.transaction("rw", this.db.items, this.db.photos, async () => {
      await this.db.photos.bulkAdd(photos);
      await this.db.items.add(item);
    });
  }
  async items() {
    return (await this.db.items.orderBy("seq").toArray()).map(({ seq: _seq, ...item }) => item);
  }
  async photos(ids: readonly string[]) {
    return (await this.db.photos.bulkGet([...ids])).filter((p): p is QueuedPhoto => p !== undefined);
  }
  async complete(item: QueueItem, createdId: string | null, partial: PartialBulk | null = null) {
    const { items, photos, mappings, notices } = this.db;
    await this.db.transaction("rw", [items, photos, mappings, notices], async () => {
      await this.drop(item.id);
      if (partial) await notices.put(partial);
      if (!createdId) return;
      await this.db.mappings.put({ tempId: item.tempId, id: createdId });
      await this.db.items
        .filter((other) => other.data.reportId === item.tempId)
        .modify((other) => {
          other.data.reportId = createdId;
        });
    });
  }
  async fail(itemId: string, error: string, status: number) {
    await this.db.items.where("id").equals(itemId).modify({ error, errorStatus: status });
  }
  async retry(itemId: string) {
    await this.db.items.where("id").equals(itemId).modify({ error: null, errorStatus: null });
  }
  async discard(itemId: string) {
    await this.db.transaction("rw", this.db.items, this.db.photos, () => this.drop(itemId));
  }
  async mappings() {
    return new Map((await this.db.mappings.toArray()).map((m) => [m.tempId, m.id]));
  }
  async notices() {
    return (await this.db.notices.toArray()).sort((a, b) => a.at - b.at);
  }
  async dismissNotice(id: string) {
    await this.db.notices.delete(id);
  }
  async photoBytes() {
    let total = 0;
    await this.db.photos.each((p) => {
      total += p.blob.size;
    });
    return total;
  }
  async lastSync(): Promise<number | null> {
    return (await this.db.meta.get("lastSync"))?.value ?? null;
  }
  async setLastSync(at: number) {
    await this.db.meta.put({ key: "lastSync", value: at });
  }
  private async drop(itemId: string) {
    await this.db.photos.where("itemId").equals(itemId).delete();
    await this.db.items.where("id").equals(itemId).delete();
  }
}
