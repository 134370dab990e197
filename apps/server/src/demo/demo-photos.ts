// Sample photos for demo sandboxes: simple construction scenes drawn as SVG, rasterised to JPEG
// and put through the same pipeline as an upload (orientation, stripping, display + thumbnail).
// Drawn once per process and cached; each sandbox stores its own copies under fresh keys.
import sharp from "sharp";
import { processPhoto } from "../photos/photos";
import type { UploadedPhoto } from "../snagging/snagging.uploads";

const W = 1200;
const H = 900;
const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${body}</svg>`;

function tiles(): string {
  let grid = "";
  for (let x = 0; x <= W; x += 150)
    grid += `<line x1="${x}" y1="0" x2="${x - 120}" y2="${H}" stroke="#b8a98f" stroke-width="6"/>`;
  for (let y = 60; y <= H; y += 140)
    grid += `<line x1="0" y1="${y}" x2="${W}" y2="${y + 30}" stroke="#b8a98f" stroke-width="6"/>`;
  return svg(`<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e9dfcc"/><stop offset="1" stop-color="#cfc2a8"/></linearGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#g)"/>${grid}
    <polyline points="420,330 470,380 455,430 520,470 505,520 560,560" fill="none" stroke="#2b2b2b" stroke-width="7"/>
    <polyline points="470,380 520,360 560,390" fill="none" stroke="#2b2b2b" stroke-width="4"/>
    <ellipse cx="1000" cy="780" rx="180" ry="60" fill="#000" opacity="0.12"/>`);
}

function stair(): string {
  let steps = "";
  for (let i = 0; i < 7; i += 1)
    steps += `<rect x="${100 + i * 140}" y="${820 - i * 100}" width="${1100 - i * 140}" height="100" fill="${i % 2 ? "#9ca3af" : "#a8b0ba"}"/>`;
  return svg(`<rect width="${W}" height="${H}" fill="#d6d3cd"/>${steps}
    <line x1="80" y1="640" x2="1150" y2="40" stroke="#374151" stroke-width="18" stroke-linecap="round"/>
    <rect x="300" y="500" width="20" height="90" fill="#4b5563"/><rect x="640" y="300" width="20" height="90" fill="#4b5563" transform="rotate(14 650 345)"/>
    <circle cx="650" cy="330" r="46" fill="none" stroke="#dc2626" stroke-width="8"/>`);
}

function basin(): string {
  let wall = "";
  for (let x = 0; x < W; x += 100)
    for (let y = 0; y < 520; y += 100)
      wall += `<rect x="${x + 3}" y="${y + 3}" width="94" height="94" fill="#f4f6f8"/>`;
  return svg(`<rect width="${W}" height="${H}" fill="#c9d1d9"/>${wall}<rect y="520" width="${W}" height="380" fill="#8a7f72"/>
    <ellipse cx="600" cy="300" rx="300" ry="80" fill="#ffffff" stroke="#9aa5b1" stroke-width="6"/>
    <rect x="575" y="370" width="50" height="260" fill="#b0b7bf"/><rect x="560" y="600" width="200" height="40" fill="#b0b7bf"/>
    <path d="M640 640 q10 30 0 50 q-10 -20 0 -50z" fill="#3b82f6"/><path d="M620 700 q12 34 0 56 q-12 -22 0 -56z" fill="#3b82f6"/>
    <ellipse cx="640" cy="820" rx="220" ry="40" fill="#60a5fa" opacity="0.55"/>`);
}

function socket(): string {
  return svg(`<defs><radialGradient id="s" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#292524" stop-opacity="0.8"/><stop offset="1" stop-color="#292524" stop-opacity="0"/></radialGradient></defs>
    <rect width="${W}" height="${H}" fill="#ede7dd"/><rect y="760" width="${W}" height="140" fill="#f8f5ef"/>
    <rect x="380" y="300" width="440" height="230" rx="18" fill="#fafafa" stroke="#c7c2b8" stroke-width="5"/>
    <rect x="430" y="360" width="140" height="110" rx="10" fill="#e5e5e5"/><rect x="630" y="360" width="140" height="110" rx="10" fill="#e5e5e5"/>
    <rect x="480" y="385" width="14" height="36" fill="#444"/><rect x="510" y="385" width="14" height="36" fill="#444"/><rect x="494" y="430" width="16" height="26" fill="#444"/>
    <rect x="680" y="385" width="14" height="36" fill="#444"/><rect x="710" y="385" width="14" height="36" fill="#444"/><rect x="694" y="430" width="16" height="26" fill="#444"/>
    <ellipse cx="560" cy="300" rx="160" ry="90" fill="url(#s)"/>`);
}

function duct(): string {
  let speckle = "";
  for (let i = 0; i < 400; i += 1)
    speckle += `<circle cx="${(i * 97) % W}" cy="${(i * 53) % H}" r="${2 + (i % 4)}" fill="#6b7280" opacity="0.35"/>`;
  return svg(`<rect width="${W}" height="${H}" fill="#a3a3a3"/>${speckle}
    <rect x="340" y="250" width="520" height="380" fill="#1f2937"/>
    <rect x="380" y="290" width="440" height="300" fill="#d1d5db" stroke="#9ca3af" stroke-width="8"/>
    <line x1="380" y1="340" x2="820" y2="340" stroke="#9ca3af" stroke-width="4"/><line x1="380" y1="540" x2="820" y2="540" stroke="#9ca3af" stroke-width="4"/>
    <rect x="300" y="210" width="600" height="460" fill="none" stroke="#f97316" stroke-width="10" stroke-dasharray="30 20"/>`);
}

function skirting(): string {
  let splashes = "";
  for (let i = 0; i < 14; i += 1)
    splashes += `<ellipse cx="${150 + i * 70}" cy="${700 + ((i * 37) % 70)}" rx="${8 + (i % 5) * 4}" ry="${5 + (i % 3) * 3}" fill="#fafafa"/>`;
  return svg(`<rect width="${W}" height="${H}" fill="#8fa3b8"/><rect y="640" width="${W}" height="160" fill="#5b4636"/>
    <rect y="800" width="${W}" height="100" fill="#a58a6c"/>${splashes}`);
}

const SCENES = [tiles, stair, basin, socket, duct, skirting] as const;
export type DemoScene = 0 | 1 | 2 | 3 | 4 | 5;

let cached: Promise<UploadedPhoto[]> | undefined;

/** The processed sample photos, index = scene. Drawn and processed once per process. */
export function demoPhotos(): Promise<UploadedPhoto[]> {
  cached ??= Promise.all(
    SCENES.map(async (scene, i) => {
      const jpeg = await sharp(Buffer.from(scene())).jpeg({ quality: 82 }).toBuffer();
      const processed = await processPhoto(jpeg, `site-photo-${i + 1}.jpg`);
      return { ...processed, originalName: `site-photo-${i + 1}.jpg`, sourceSha256: processed.sha256 };
    }),
  ).catch((err: unknown) => {
    cached = undefined;
    throw err;
  });
  return cached;
}
