// The enrolment QR code as an SVG document, the form GoTrue sends in totp.qr_code (supabase-js
// puts it after `data:image/svg+xml;utf-8,` unencoded, so the markup must not contain '#').
import QRCode from 'qrcode';

/** Modules are drawn 3 units wide, with the 4-module quiet zone readers expect. */
const MODULE = 3;
const QUIET_ZONE = 4;

export function qrSvg(text: string): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'H' });
  const size = modules.size + 2 * QUIET_ZONE;
  const squares: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) squares.push(`M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
    }
  }
  const width = size * MODULE;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${width}" ` +
    `viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges">` +
    `<rect width="${size}" height="${size}" style="fill:white"/>` +
    `<path style="fill:black" d="${squares.join('')}"/></svg>`
  );
}
