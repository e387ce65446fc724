import type { MetricSummary } from '@guided-retrieval/benchmarks';

const METRICS = [
  ['accuracy', 'Accuracy'],
  ['precision', 'Precision'],
  ['recall', 'Recall'],
  ['f1', 'F1'],
  ['perfectRecall', 'Perfect recall'],
] as const;
const COLOURS = ['#1f6feb', '#d29922', '#8957e5', '#8b949e', '#2da44e', '#cf222e'];

export interface Series {
  name: string;
  metrics: MetricSummary;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A grouped bar chart of the five metrics, one bar per system (like the paper's Figure 4). */
export function metricsChart(title: string, series: readonly Series[]): string {
  const width = 720;
  const height = 320;
  const left = 48;
  const top = 40;
  const plotW = width - left - 16;
  const plotH = height - top - 70;
  const groupW = plotW / METRICS.length;
  const barW = Math.max(4, (groupW - 16) / Math.max(1, series.length));
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="${width / 2}" y="20" text-anchor="middle" font-size="14" font-weight="bold">${escapeXml(title)}</text>`,
  ];
  for (let tick = 0; tick <= 5; tick++) {
    const y = top + plotH - (tick / 5) * plotH;
    parts.push(`<line x1="${left}" x2="${left + plotW}" y1="${y}" y2="${y}" stroke="#eee"/>`);
    parts.push(`<text x="${left - 6}" y="${y + 4}" text-anchor="end" fill="#555">${(tick / 5).toFixed(1)}</text>`);
  }
  METRICS.forEach(([key, label], g) => {
    const x0 = left + g * groupW + 8;
    series.forEach((s, i) => {
      const value = s.metrics[key];
      const h = value * plotH;
      const x = x0 + i * barW;
      parts.push(
        `<rect x="${x.toFixed(1)}" y="${(top + plotH - h).toFixed(1)}" width="${(barW - 2).toFixed(1)}" height="${h.toFixed(1)}" fill="${COLOURS[i % COLOURS.length]}"><title>${escapeXml(s.name)} ${label}: ${value.toFixed(3)}</title></rect>`,
      );
    });
    parts.push(`<text x="${(x0 + (barW * series.length) / 2).toFixed(1)}" y="${top + plotH + 16}" text-anchor="middle">${label}</text>`);
  });
  series.forEach((s, i) => {
    const x = left + i * 150;
    const y = height - 24;
    parts.push(`<rect x="${x}" y="${y - 9}" width="10" height="10" fill="${COLOURS[i % COLOURS.length]}"/>`);
    parts.push(`<text x="${x + 14}" y="${y}">${escapeXml(s.name)}</text>`);
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
