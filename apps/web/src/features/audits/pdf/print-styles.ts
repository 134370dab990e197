// A4 print stylesheet for the audit document. Colours are forced on paper (print-color-adjust),
// rows never split across pages, and sizes are in millimetres and points as a printer expects.
export const PRINT_CSS = `
@page { size: A4; margin: 14mm 12mm; }
* { box-sizing: border-box; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { font: 9.5pt/1.35 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #0f172a; margin: 0; }
.sheet { max-width: 186mm; margin: 0 auto; padding: 6mm 0; }
h1 { font-size: 17pt; margin: 0 0 1mm; }
h2 { font-size: 12pt; margin: 6mm 0 2mm; border-bottom: 0.4mm solid #c2410c; padding-bottom: 1mm; break-after: avoid; }
.muted { color: #475569; }
.meta { width: 100%; border-collapse: collapse; margin-top: 3mm; }
.meta th { text-align: left; font-weight: 600; width: 24%; padding: 1mm 2mm; background: #f1f5f9; }
.meta td { padding: 1mm 2mm; border-bottom: 0.2mm solid #e2e8f0; }
.score { display: flex; gap: 5mm; align-items: center; margin-top: 3mm; }
.score .big { font-size: 24pt; font-weight: 700; padding: 2mm 5mm; border-radius: 2mm; }
.band-green { background: #dcfce7; color: #166534; } .band-yellow { background: #fef9c3; color: #713f12; } .band-red { background: #fee2e2; color: #991b1b; }
.risk-none { background: #f1f5f9; } .risk-low { background: #dcfce7; } .risk-medium { background: #fef9c3; }
.risk-high { background: #fed7aa; } .risk-very-high { background: #b91c1c; color: #fff; }
.matrix { border-collapse: separate; border-spacing: 0.6mm; }
.matrix td, .matrix th { width: 16mm; height: 10mm; text-align: center; font-size: 8pt; }
.matrix td b { background: #fff; color: #0f172a; border-radius: 1mm; padding: 0 0.8mm; margin: 0.2mm; display: inline-block; }
.items { width: 100%; border-collapse: collapse; }
.items th { background: #f1f5f9; text-align: left; font-size: 8pt; padding: 1.2mm; }
.items td { padding: 1.2mm; border-bottom: 0.2mm solid #e2e8f0; vertical-align: top; }
.items tr { break-inside: avoid; }
.sec { break-inside: avoid-page; }
.status { font-weight: 700; white-space: nowrap; }
.st-C { color: #166534; } .st-I { color: #854d0e; } .st-NC { color: #b91c1c; } .st-NA { color: #475569; } .st-none { color: #64748b; }
.photos img { width: 30mm; height: 22mm; object-fit: cover; margin: 1mm 1mm 0 0; border: 0.2mm solid #cbd5e1; }
.signatures { display: grid; grid-template-columns: 1fr 1fr; gap: 6mm; break-inside: avoid; }
.signatures img { width: 100%; height: 30mm; object-fit: contain; border: 0.3mm solid #cbd5e1; }
.unsigned { height: 30mm; border: 0.3mm dashed #94a3b8; display: flex; align-items: center; justify-content: center; color: #64748b; }
@media screen { body { background: #e2e8f0; } .sheet { background: #fff; padding: 10mm 12mm; margin: 6mm auto; box-shadow: 0 1mm 4mm rgba(0,0,0,.15); } }
`;
