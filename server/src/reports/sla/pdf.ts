import type { SlaReport, SlaRow } from '@pharos/core';

const MARGIN = 40;
const COLUMNS: { title: string; width: number; text: (row: SlaRow) => string }[] = [
  { title: 'Name', width: 170, text: (row) => row.name },
  { title: 'Uptime', width: 60, text: (row) => (row.uptime === null ? '—' : `${row.uptime.toFixed(3)} %`) },
  { title: 'Avg latency', width: 60, text: (row) => (row.latency_avg_ms === null ? '—' : `${row.latency_avg_ms} ms`) },
  { title: 'Downtime', width: 65, text: (row) => duration(row.downtime_seconds) },
  { title: 'Budget used', width: 60, text: (row) => `${row.budget_burned.toFixed(1)} %` },
  { title: 'Windows', width: 100, text: (row) => (row.windows.length === 0 ? '—' : `${row.windows.length}, first ${row.windows[0]!.start.slice(0, 16).replace('T', ' ')}`) },
];

function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3_600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 86_400) return `${(seconds / 3_600).toFixed(1)} h`;
  return `${(seconds / 86_400).toFixed(1)} d`;
}

function header(doc: PDFKit.PDFDocument, report: SlaReport): void {
  doc.font('Helvetica-Bold').fontSize(16).text('SLA report');
  doc.font('Helvetica').fontSize(9).moveDown(0.3);
  const breached = report.rows.filter((row) => row.breached).length;
  doc.text(`${report.from.slice(0, 16).replace('T', ' ')} – ${report.to.slice(0, 16).replace('T', ' ')} UTC · by ${report.group_by} · target ${report.target} % · ${report.resolution} resolution`);
  doc.text(`${report.rows.length} of ${report.total} rows · ${breached} below target`);
  doc.moveDown();
}

function tableRow(doc: PDFKit.PDFDocument, cells: string[], bold: boolean): void {
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
  let x = MARGIN;
  let height = 0;
  cells.forEach((cell, index) => {
    const width = COLUMNS[index]!.width;
    const options = { width: width - 6, lineBreak: true, height: 30, ellipsis: true };
    doc.text(cell, x, y, options);
    height = Math.max(height, doc.heightOfString(cell, options));
    x += width;
  });
  doc.x = MARGIN;
  doc.y = y + Math.min(height, 30) + 4;
}

/** The report as a PDF: the period and target, then a row per check or group, worst first. */
export async function slaPdf(report: SlaReport): Promise<Buffer> {
  // Loaded when a PDF is asked for: its font tables cost a start a sixth of a second.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: 'SLA report', Creator: 'Pharos' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  header(doc, report);
  tableRow(doc, COLUMNS.map((column) => column.title), true);
  for (const row of report.rows) {
    if (doc.y > doc.page.height - MARGIN - 40) {
      doc.addPage();
      tableRow(doc, COLUMNS.map((column) => column.title), true);
    }
    tableRow(doc, COLUMNS.map((column) => column.text(row)), false);
  }
  if (report.rows.length === 0) doc.font('Helvetica').fontSize(10).text('No check ran in this period.');
  doc.end();
  return done;
}
