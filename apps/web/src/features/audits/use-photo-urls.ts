import { useEffect, useRef, useState } from "react";
import { loadAuditStore } from "./api/audit-store";

/** Object URLs for stored photos by id; created on first sight, revoked when the page goes. */
export function usePhotoUrls(ids: readonly string[]): Record<string, string> {
  const [urls, setUrls] = useState<Record<string, string>>({});
  const known = useRef(new Map<string, string>());
  const key = ids.join(",");

  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the id list's content
  useEffect(() => {
    const missing = ids.filter((id) => !known.current.has(id));
    if (missing.length === 0) return;
    let isCurrent = true;
    void loadAuditStore()
      .then(({ auditRepository }) => auditRepository.getPhotos(missing))
      .then((photos) => {
        if (!isCurrent) return;
        for (const p of photos) if (!known.current.has(p.id)) known.current.set(p.id, URL.createObjectURL(p.blob));
        setUrls(Object.fromEntries(known.current));
      });
    return () => {
      isCurrent = false;
    };
  }, [key]);

  useEffect(() => {
    const map = known.current;
    return () => {
      for (const url of map.values()) URL.revokeObjectURL(url);
      map.clear();
    };
  }, []);

  return urls;
}
