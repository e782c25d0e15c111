import { createCanvas, GlobalFonts } from '@napi-rs/canvas';

export interface BarSeries {
  label: string;
  color: string;
  values: number[];
}

/** A grouped bar chart (values 0..1) as PNG bytes. */
export function renderBarChart(title: string, groups: string[], series: BarSeries[]): Buffer {
  const family = GlobalFonts.families.some((f) => f.family === 'DejaVu Sans')
    ? '"DejaVu Sans"'
    : 'sans-serif';
  const groupWidth = Math.max(90, 28 * series.length + 40);
  const left = 60;
  const top = 60;
  const plotHeight = 320;
  const bottom = 110;
  // room on the right for the last rotated label
  const width = Math.max(480, left + groups.length * groupWidth + 140);
  const height = top + plotHeight + bottom;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);

  ctx.fillStyle = '#111111';
  ctx.font = `bold 16px ${family}`;
  ctx.fillText(title, left, 28);

  ctx.font = `11px ${family}`;
  for (let tick = 0; tick <= 10; tick += 2) {
    const y = top + plotHeight - (tick / 10) * plotHeight;
    ctx.strokeStyle = tick === 0 ? '#333333' : '#e3e3e3';
    ctx.beginPath();
    ctx.moveTo(left, y);
    ctx.lineTo(width - 20, y);
    ctx.stroke();
    ctx.fillStyle = '#444444';
    ctx.fillText(`${tick * 10}%`, 18, y + 4);
  }

  const barWidth = Math.min(28, (groupWidth - 30) / Math.max(series.length, 1));
  groups.forEach((group, g) => {
    const x0 = left + g * groupWidth + (groupWidth - barWidth * series.length) / 2;
    series.forEach((s, i) => {
      const v = Math.max(0, Math.min(1, s.values[g] ?? 0));
      const h = v * plotHeight;
      const x = x0 + i * barWidth;
      ctx.fillStyle = s.color;
      ctx.fillRect(x, top + plotHeight - h, barWidth - 3, h);
      ctx.fillStyle = '#222222';
      ctx.font = `10px ${family}`;
      ctx.fillText((100 * v).toFixed(0), x + 1, top + plotHeight - h - 4);
    });
    ctx.save();
    ctx.translate(left + g * groupWidth + groupWidth / 2 - 10, top + plotHeight + 12);
    ctx.rotate(Math.PI / 6);
    ctx.fillStyle = '#111111';
    ctx.font = `11px ${family}`;
    ctx.fillText(group, 0, 0);
    ctx.restore();
  });

  let lx = left;
  const ly = height - 18;
  for (const s of series) {
    ctx.fillStyle = s.color;
    ctx.fillRect(lx, ly - 10, 12, 12);
    ctx.fillStyle = '#111111';
    ctx.font = `12px ${family}`;
    ctx.fillText(s.label, lx + 18, ly);
    lx += 30 + ctx.measureText(s.label).width;
  }
  return canvas.toBuffer('image/png');
}
