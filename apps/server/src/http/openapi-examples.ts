// Examples for the OpenAPI document's components (issue 38), kept on the server so the web app's
// bundle does not carry them; test/openapi.test.ts parses each with the schema it illustrates.
import type { Report } from "@sitesnag/shared/snagging";

/** components.schemas.Report.examples */
export const REPORT_EXAMPLE = {
  id: "7d1f0c4e-2b9a-4e61-8f3d-0a6b5c4d3e2f",
  projectId: "0f8c3a52-6d1e-4b7a-9c2f-5e4d3b2a1c0f",
  projectName: "Harbour Court",
  title: "SNAG-0042",
  description: "Cracked tile beside the shower tray",
  status: "open",
  priority: "high",
  category: "tiling",
  assignedTo: "3c2b1a09-8f7e-4d6c-b5a4-9e8d7c6b5a41",
  assignedToName: "Sam Tiler",
  assigneeCompany: "Northern Tiling Ltd",
  createdByName: "Alex Site",
  dueDate: 1764892800,
  createdAt: 1764288000,
  locationLat: null,
  locationLng: null,
  pageUrl: null,
  version: 1,
  createdBy: "5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d",
  rejectionCount: 0,
  requireEvidenceToClose: false,
  verifiedClosing: true,
  attachments: [
    {
      id: "9e8d7c6b-5a4f-4e3d-a2c1-b0a9f8e7d6c5",
      file_path: "/files/photos/9e8d7c6b-5a4f-4e3d-a2c1-b0a9f8e7d6c5.jpg",
      original_name: "IMG_2041.jpg",
      thumbnail_path: "/files/photos/9e8d7c6b-5a4f-4e3d-a2c1-b0a9f8e7d6c5-thumb.jpg",
      content_type: "image/jpeg",
      size_bytes: 412733,
      width: 2048,
      height: 1536,
      kind: "evidence",
      sha256: "5f2b1c3d4e5f60718293a4b5c6d7e8f9a0b1c2d3e4f5061728394a5b6c7d8e9f",
      created_at: 1764288000,
    },
  ],
  sheetId: null,
  pinX: null,
  pinY: null,
  locationId: null,
  locationPath: "Block A > Level 2 > Flat 2.07",
} satisfies Report;

/** Examples added to named components, by component name. */
export const COMPONENT_EXAMPLES: Record<string, unknown[]> = { Report: [REPORT_EXAMPLE] };
