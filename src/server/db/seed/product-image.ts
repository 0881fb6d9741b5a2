/**
 * Product illustrations for the demo catalogue. Real product photos cannot ship with an
 * open-source repo, so every product gets a small SVG drawn in its own colour: a device
 * silhouette for electronics, a garment silhouette for apparel. Variant 0 is the main
 * image; 1-4 are gallery shots (back / studio angle, close-up, lifestyle with swatches,
 * tilted on a dotted backdrop). The seed stores up to 4 gallery images per product.
 */

/** Distinct shots; larger variant numbers wrap around. */
export const SHOT_COUNT = 5;

export type ProductSvgInput = { name: string; brand: string; kind: string; color: string; variant: number };

const W = 400;
const CX = 200;

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

// ---------------------------------------------------------------------------------------
// Colour helpers

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const match = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(hex.trim());
  const digits = match?.[1] ?? '888888';
  const full = digits.length === 3 ? digits.replace(/./g, (ch) => ch + ch) : digits;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((v) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, '0')).join('')}`;
}

function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([0, 1, 2].map((i) => (x[i] ?? 0) + ((y[i] ?? 0) - (x[i] ?? 0)) * t) as Rgb);
}

function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

type Palette = {
  /** Product colour. */
  c: string;
  /** Darker shades, for frames, seams and shadows. */
  d: string;
  dd: string;
  /** Lighter tints, for highlights and prints. */
  l: string;
  ll: string;
  /** Print / accent colour that contrasts with c. */
  accent: string;
};

function palette(color: string): Palette {
  const c = toHex(parseHex(color));
  const light = luminance(c) > 0.72;
  return {
    c,
    d: mix(c, '#000000', light ? 0.22 : 0.35),
    dd: mix(c, '#000000', light ? 0.45 : 0.6),
    l: mix(c, '#ffffff', 0.35),
    ll: mix(c, '#ffffff', 0.7),
    accent: light ? mix(c, '#7a5c1e', 0.6) : mix(c, '#ffffff', 0.6),
  };
}

// ---------------------------------------------------------------------------------------
// Shared shapes

const GOLD = '#d4af37';

/** Mirrors points around the vertical centre line (garments are symmetric). */
function mirror(points: readonly (readonly [number, number])[]): [number, number][] {
  return points.map(([x, y]) => [W - x, y]);
}

function poly(points: readonly (readonly [number, number])[]): string {
  return `M${points.map(([x, y]) => `${r(x)} ${r(y)}`).join('L')}Z`;
}

function r(n: number): number {
  return Math.round(n * 10) / 10;
}

function screenArt(x: number, y: number, w: number, h: number, p: Palette): string {
  // A sunrise over hills: reads as "a screen with something on it" at thumbnail size.
  const base = y + h;
  return (
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="4" fill="url(#scr)"/>` +
    `<circle cx="${r(x + w * 0.7)}" cy="${r(y + h * 0.38)}" r="${r(h * 0.12)}" fill="${p.ll}" opacity=".8"/>` +
    `<path d="M${x} ${r(base - h * 0.25)}Q${r(x + w * 0.3)} ${r(base - h * 0.6)} ${r(x + w * 0.55)} ${r(base - h * 0.3)}T${x + w} ${r(base - h * 0.35)}V${base}H${x}Z" fill="${p.l}" opacity=".55"/>`
  );
}

type Ctx = { p: Palette; name: string; back: boolean };

// ---------------------------------------------------------------------------------------
// Electronics

const DEVICES: Readonly<Record<string, (ctx: Ctx) => string>> = {
  phone: ({ p, back }) =>
    back
      ? `<rect x="140" y="78" width="120" height="244" rx="22" fill="${p.c}" stroke="${p.d}" stroke-width="3"/>` +
        `<rect x="152" y="92" width="60" height="82" rx="18" fill="${p.d}"/>` +
        [[170, 112], [170, 152], [194, 132]].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="11" fill="#111" stroke="${p.l}" stroke-width="2"/>`).join('') +
        `<circle cx="198" cy="104" r="3" fill="#fde68a"/>`
      : `<rect x="140" y="78" width="120" height="244" rx="22" fill="${p.c}" stroke="${p.d}" stroke-width="2"/>` +
        `<rect x="146" y="84" width="108" height="232" rx="17" fill="url(#scr)"/>` +
        `<circle cx="200" cy="97" r="4" fill="#000"/>` +
        `<text x="200" y="150" font-size="26" font-weight="300" fill="#fff" text-anchor="middle">10:09</text>` +
        `<rect x="160" y="250" width="80" height="40" rx="10" fill="${p.l}" opacity=".45"/>`,
  tablet: ({ p, back }) =>
    back
      ? `<rect x="105" y="86" width="190" height="244" rx="18" fill="${p.c}" stroke="${p.d}" stroke-width="3"/>` +
        `<rect x="120" y="100" width="34" height="34" rx="10" fill="${p.d}"/><circle cx="137" cy="117" r="9" fill="#111"/>`
      : `<rect x="105" y="86" width="190" height="244" rx="18" fill="${p.d}"/>` + screenArt(113, 94, 174, 228, p),
  laptop: ({ p, back }) =>
    back
      ? `<rect x="95" y="92" width="210" height="150" rx="10" fill="${p.c}" stroke="${p.d}" stroke-width="3"/>` +
        `<circle cx="200" cy="167" r="14" fill="${p.d}"/>` +
        `<path d="M75 246H325L312 262H88Z" fill="${p.d}"/>`
      : `<rect x="95" y="92" width="210" height="150" rx="10" fill="#1c1d21"/>` +
        screenArt(103, 100, 194, 134, p) +
        `<path d="M75 242H325L310 262H90Z" fill="${p.c}" stroke="${p.d}" stroke-width="2"/>` +
        `<rect x="180" y="242" width="40" height="5" rx="2" fill="${p.d}"/>`,
  monitor: ({ p }) =>
    `<rect x="70" y="86" width="260" height="160" rx="8" fill="#1b1d22"/>` +
    screenArt(77, 93, 246, 142, p) +
    `<path d="M186 246h28l8 48h-44z" fill="${p.d}"/><rect x="145" y="292" width="110" height="10" rx="5" fill="${p.d}"/>`,
  tv: ({ p }) =>
    `<rect x="40" y="100" width="320" height="186" rx="6" fill="#15161a"/>` +
    screenArt(46, 106, 308, 170, p) +
    `<path d="M84 286l-14 26h14l16-26zM316 286l14 26h-14l-16-26z" fill="${p.dd}"/>`,
  mouse: ({ p }) =>
    `<path d="M200 100C252 100 264 152 264 208C264 272 236 304 200 304S136 272 136 208C136 152 148 100 200 100Z" fill="${p.c}" stroke="${p.d}" stroke-width="3"/>` +
    `<path d="M200 102V186M138 186H262" stroke="${p.d}" stroke-width="3" fill="none"/>` +
    `<rect x="193" y="128" width="14" height="32" rx="7" fill="${p.dd}"/>`,
  keyboard: ({ p }) =>
    `<rect x="50" y="150" width="260" height="108" rx="12" fill="${p.c}" stroke="${p.d}" stroke-width="3"/>` +
    `<rect x="60" y="160" width="240" height="80" fill="url(#keys)"/>` +
    `<path d="M350 190c22 0 26 20 26 40 0 26-12 40-26 40s-26-14-26-40c0-20 4-40 26-40z" fill="${p.c}" stroke="${p.d}" stroke-width="3"/>`,
  storage: ({ p }) =>
    `<rect x="140" y="100" width="120" height="210" rx="26" fill="${p.c}" stroke="${p.d}" stroke-width="3"/>` +
    `<rect x="140" y="250" width="120" height="60" rx="26" fill="#c2410c"/>` +
    `<circle cx="236" cy="124" r="10" fill="#fff" stroke="${p.d}" stroke-width="3"/>` +
    `<rect x="170" y="300" width="60" height="10" rx="3" fill="${p.dd}"/>`,
  camera: ({ p }) =>
    `<path d="M150 132l14-28h72l14 28z" fill="${p.dd}"/>` +
    `<rect x="86" y="130" width="228" height="146" rx="18" fill="${p.c}" stroke="${p.d}" stroke-width="3"/>` +
    `<rect x="86" y="176" width="228" height="100" rx="18" fill="#202124"/>` +
    `<rect x="96" y="150" width="46" height="118" rx="16" fill="#2a2b2f"/>` +
    `<rect x="258" y="118" width="28" height="12" rx="4" fill="${p.d}"/>` +
    `<circle cx="218" cy="206" r="62" fill="#111" stroke="${p.l}" stroke-width="5"/>` +
    `<circle cx="218" cy="206" r="42" fill="#1e293b"/><circle cx="218" cy="206" r="26" fill="url(#glass)"/>` +
    `<circle cx="208" cy="196" r="7" fill="#fff" opacity=".55"/>`,
  lens: ({ p }) =>
    `<rect x="120" y="132" width="150" height="136" rx="10" fill="#1f2023"/>` +
    `<rect x="160" y="132" width="30" height="136" fill="url(#keys)"/>` +
    `<rect x="212" y="132" width="6" height="136" fill="${p.l}"/>` +
    `<ellipse cx="120" cy="200" rx="14" ry="66" fill="#3b3c40"/>` +
    `<ellipse cx="270" cy="200" rx="34" ry="70" fill="#111"/><ellipse cx="270" cy="200" rx="22" ry="52" fill="url(#glass)"/>`,
  'action-camera': ({ p }) =>
    `<rect x="120" y="120" width="160" height="150" rx="22" fill="${p.c}" stroke="${p.d}" stroke-width="3"/>` +
    `<rect x="134" y="134" width="72" height="72" rx="14" fill="#111"/><circle cx="170" cy="170" r="24" fill="url(#glass)"/>` +
    `<rect x="216" y="140" width="50" height="40" rx="6" fill="url(#scr)"/>` +
    `<rect x="222" y="108" width="34" height="12" rx="4" fill="#e11d48"/>`,
  'instant-camera': ({ p }) =>
    `<rect x="105" y="108" width="190" height="196" rx="38" fill="${p.c}" stroke="${p.d}" stroke-width="3"/>` +
    `<circle cx="200" cy="218" r="56" fill="${p.ll}"/><circle cx="200" cy="218" r="40" fill="#1f2937"/><circle cx="200" cy="218" r="24" fill="url(#glass)"/>` +
    `<rect x="128" y="126" width="50" height="34" rx="8" fill="${p.ll}"/><rect x="236" y="128" width="34" height="26" rx="6" fill="#111"/>`,
  speaker: ({ p, name }) =>
    /stanmore|emberton|stone/i.test(name)
      ? `<rect x="80" y="118" width="240" height="170" rx="16" fill="#1d1b19" stroke="${p.c}" stroke-width="8"/>` +
        `<rect x="98" y="136" width="204" height="110" rx="6" fill="url(#grille)"/>` +
        [140, 200, 260].map((x) => `<circle cx="${x}" cy="268" r="8" fill="${GOLD}"/>`).join('')
      : `<rect x="80" y="150" width="240" height="110" rx="55" fill="${p.c}" stroke="${p.d}" stroke-width="3"/>` +
        `<rect x="106" y="158" width="188" height="94" rx="40" fill="url(#grille)"/>` +
        `<ellipse cx="86" cy="205" rx="12" ry="50" fill="${p.d}"/><ellipse cx="314" cy="205" rx="12" ry="50" fill="${p.d}"/>` +
        `<rect x="172" y="192" width="56" height="24" rx="6" fill="${p.dd}"/>`,
  'party-speaker': ({ p }) =>
    `<rect x="120" y="70" width="160" height="258" rx="14" fill="#1b1b1f"/>` +
    [140, 250].map((y) => `<circle cx="200" cy="${y}" r="54" fill="#0c0c0e" stroke="${p.c}" stroke-width="8"/><circle cx="200" cy="${y}" r="18" fill="${p.l}"/>`).join('') +
    `<rect x="140" y="80" width="120" height="8" rx="4" fill="${p.l}"/>`,
  'smart-speaker': ({ p, name }) =>
    /echo/i.test(name)
      ? `<circle cx="200" cy="200" r="100" fill="${p.c}" stroke="${p.d}" stroke-width="3"/>` +
        `<circle cx="200" cy="200" r="92" fill="url(#grille)"/>` +
        `<ellipse cx="200" cy="290" rx="70" ry="10" fill="#38bdf8" opacity=".8"/>`
      : `<rect x="135" y="96" width="130" height="220" rx="50" fill="${p.c}" stroke="${p.d}" stroke-width="3"/>` +
        `<rect x="145" y="140" width="110" height="166" rx="40" fill="url(#grille)"/>` +
        `<circle cx="200" cy="118" r="6" fill="${p.d}"/>`,
  soundbar: ({ p }) =>
    `<rect x="290" y="140" width="80" height="170" rx="10" fill="${p.dd}"/><circle cx="330" cy="225" r="26" fill="#0c0c0e"/>` +
    `<rect x="30" y="226" width="270" height="44" rx="20" fill="${p.c}" stroke="${p.d}" stroke-width="3"/>` +
    `<rect x="44" y="232" width="242" height="32" rx="14" fill="url(#grille)"/>`,
  'streaming-stick': ({ p }) =>
    `<rect x="70" y="184" width="160" height="44" rx="12" fill="${p.c}" stroke="${p.d}" stroke-width="3"/>` +
    `<rect x="230" y="194" width="30" height="24" rx="3" fill="#9ca3af"/>` +
    `<rect x="280" y="100" width="50" height="210" rx="24" fill="#2b2d31"/>` +
    `<circle cx="305" cy="140" r="16" fill="#45474c"/><circle cx="305" cy="140" r="6" fill="#111"/>` +
    `<circle cx="305" cy="118" r="5" fill="#38bdf8"/>`,
  projector: ({ p }) =>
    `<path d="M120 214L20 120V320Z" fill="${p.ll}" opacity=".35"/>` +
    `<rect x="110" y="160" width="200" height="110" rx="20" fill="${p.c}" stroke="${p.d}" stroke-width="3"/>` +
    `<circle cx="150" cy="214" r="30" fill="#111"/><circle cx="150" cy="214" r="18" fill="url(#glass)"/>` +
    `<path d="M220 190h70M220 205h70M220 220h70M220 235h70" stroke="${p.d}" stroke-width="4"/>`,
  watch: ({ p, name }) => {
    const round = /galaxy watch|active|phoenix/i.test(name);
    const strap = `<rect x="166" y="62" width="68" height="100" rx="14" fill="${p.d}"/><rect x="166" y="240" width="68" height="100" rx="14" fill="${p.d}"/>`;
    const face = round
      ? `<circle cx="200" cy="200" r="68" fill="${p.c}" stroke="${p.dd}" stroke-width="4"/><circle cx="200" cy="200" r="56" fill="#0b1020"/>`
      : `<rect x="140" y="128" width="120" height="144" rx="34" fill="${p.c}" stroke="${p.dd}" stroke-width="4"/><rect x="150" y="138" width="100" height="124" rx="26" fill="#0b1020"/>`;
    return (
      strap +
      face +
      `<rect x="${round ? 266 : 258}" y="180" width="10" height="30" rx="4" fill="${p.dd}"/>` +
      `<circle cx="200" cy="200" r="36" fill="none" stroke="#f43f5e" stroke-width="7" stroke-dasharray="170 300"/>` +
      `<circle cx="200" cy="200" r="26" fill="none" stroke="#a3e635" stroke-width="7" stroke-dasharray="120 300"/>` +
      `<circle cx="200" cy="200" r="16" fill="none" stroke="#22d3ee" stroke-width="7" stroke-dasharray="70 300"/>`
    );
  },
  'analog-watch': ({ p }) =>
    `<rect x="170" y="60" width="60" height="280" rx="20" fill="${p.d}"/>` +
    `<circle cx="200" cy="200" r="66" fill="${p.c}" stroke="${p.dd}" stroke-width="3"/>` +
    `<circle cx="200" cy="200" r="54" fill="#fbfaf7"/>` +
    `<circle cx="200" cy="200" r="46" fill="none" stroke="${p.dd}" stroke-width="6" stroke-dasharray="2 22.1"/>` +
    `<path d="M200 200V166M200 200L222 212" stroke="#1f2937" stroke-width="4" stroke-linecap="round"/>` +
    `<circle cx="200" cy="200" r="4" fill="${p.c}"/><rect x="264" y="192" width="10" height="16" rx="3" fill="${p.c}"/>`,
  band: ({ p }) =>
    `<rect x="172" y="60" width="56" height="280" rx="28" fill="${p.c}" stroke="${p.d}" stroke-width="3"/>` +
    `<rect x="178" y="140" width="44" height="120" rx="20" fill="#0b1020"/>` +
    `<text x="200" y="196" font-size="18" fill="#fff" text-anchor="middle">8,412</text>` +
    `<rect x="188" y="210" width="24" height="5" rx="2" fill="#a3e635"/>`,
  ring: ({ p }) =>
    `<ellipse cx="200" cy="210" rx="96" ry="70" fill="none" stroke="${p.dd}" stroke-width="30"/>` +
    `<ellipse cx="200" cy="200" rx="96" ry="70" fill="none" stroke="${p.c}" stroke-width="28"/>` +
    `<ellipse cx="200" cy="196" rx="96" ry="70" fill="none" stroke="${p.ll}" stroke-width="4" opacity=".6"/>`,
  earbuds: ({ p, name }) => {
    const stem = /airpods|buds3|wave beam/i.test(name);
    const bud = (x: number) =>
      `<circle cx="${x}" cy="112" r="24" fill="${p.c}" stroke="${p.d}" stroke-width="3"/><circle cx="${x}" cy="112" r="10" fill="${p.dd}"/>` +
      (stem ? `<rect x="${x - 8}" y="126" width="16" height="48" rx="8" fill="${p.c}" stroke="${p.d}" stroke-width="3"/>` : '');
    return (
      `<rect x="115" y="186" width="170" height="118" rx="48" fill="${p.c}" stroke="${p.d}" stroke-width="3"/>` +
      `<path d="M117 226H283" stroke="${p.d}" stroke-width="3"/><circle cx="200" cy="262" r="4" fill="#22c55e"/>` +
      bud(160) +
      bud(240)
    );
  },
  headphones: ({ p }) =>
    `<path d="M118 214C110 90 290 90 282 214" fill="none" stroke="${p.d}" stroke-width="18" stroke-linecap="round"/>` +
    `<rect x="90" y="188" width="58" height="110" rx="26" fill="${p.c}" stroke="${p.d}" stroke-width="3"/>` +
    `<rect x="252" y="188" width="58" height="110" rx="26" fill="${p.c}" stroke="${p.d}" stroke-width="3"/>` +
    `<rect x="138" y="200" width="14" height="86" rx="7" fill="${p.dd}"/><rect x="248" y="200" width="14" height="86" rx="7" fill="${p.dd}"/>`,
  neckband: ({ p }) =>
    `<path d="M128 110C104 300 296 300 272 110" fill="none" stroke="${p.c}" stroke-width="20" stroke-linecap="round"/>` +
    `<path d="M128 110C130 150 150 170 160 200M272 110C270 150 250 170 240 200" fill="none" stroke="${p.dd}" stroke-width="3"/>` +
    `<circle cx="160" cy="206" r="16" fill="${p.d}"/><circle cx="240" cy="206" r="16" fill="${p.d}"/>`,
  'power-bank': ({ p }) =>
    `<rect x="130" y="88" width="140" height="226" rx="22" fill="${p.c}" stroke="${p.d}" stroke-width="3"/>` +
    [0, 1, 2, 3].map((i) => `<circle cx="${176 + i * 16}" cy="282" r="4" fill="${i < 3 ? '#22c55e' : p.d}"/>`).join('') +
    `<rect x="160" y="82" width="24" height="8" rx="2" fill="${p.dd}"/><rect x="200" y="82" width="40" height="8" rx="2" fill="${p.dd}"/>`,
  dashcam: ({ p }) =>
    `<rect x="180" y="60" width="40" height="70" rx="8" fill="${p.dd}"/>` +
    `<rect x="100" y="120" width="200" height="130" rx="30" fill="${p.c}" stroke="${p.d}" stroke-width="3"/>` +
    `<circle cx="200" cy="185" r="46" fill="#111"/><circle cx="200" cy="185" r="28" fill="url(#glass)"/>` +
    `<circle cx="270" cy="142" r="5" fill="#ef4444"/>`,
  inflator: ({ p }) =>
    `<path d="M280 200C350 200 350 300 290 300" fill="none" stroke="#1f2937" stroke-width="8"/>` +
    `<rect x="120" y="110" width="160" height="200" rx="30" fill="${p.c}" stroke="${p.d}" stroke-width="3"/>` +
    `<rect x="146" y="140" width="108" height="58" rx="8" fill="#0b1020"/>` +
    `<text x="200" y="180" font-size="26" fill="#4ade80" text-anchor="middle">35 PSI</text>` +
    `<circle cx="170" cy="250" r="14" fill="${p.dd}"/><circle cx="230" cy="250" r="14" fill="${p.dd}"/>`,
  'car-stereo': ({ p, name }) =>
    /inch|touch|carplay/i.test(name)
      ? `<rect x="70" y="110" width="260" height="180" rx="12" fill="#18191c"/>` +
        screenArt(86, 124, 228, 140, p) +
        [0, 1, 2].map((i) => `<rect x="${108 + i * 70}" y="150" width="44" height="44" rx="10" fill="${p.ll}" opacity=".7"/>`).join('')
      : `<rect x="50" y="160" width="300" height="80" rx="10" fill="#18191c"/>` +
        `<rect x="140" y="176" width="140" height="48" rx="4" fill="url(#scr)"/>` +
        `<text x="210" y="207" font-size="18" fill="${p.ll}" text-anchor="middle">FM 98.3</text>` +
        `<circle cx="96" cy="200" r="26" fill="${p.c}" stroke="${p.l}" stroke-width="3"/>` +
        `<path d="M300 180v40M318 180v40" stroke="${p.l}" stroke-width="6"/>`,
  'car-speaker': ({ p }) =>
    `<circle cx="200" cy="200" r="110" fill="#17181b"/>` +
    `<circle cx="200" cy="200" r="92" fill="url(#cone)" stroke="${p.l}" stroke-width="4"/>` +
    `<circle cx="200" cy="200" r="34" fill="${p.d}"/><circle cx="200" cy="200" r="14" fill="${p.ll}"/>`,
  'car-charger': ({ p }) =>
    `<rect x="165" y="140" width="70" height="170" rx="32" fill="${p.c}" stroke="${p.d}" stroke-width="3"/>` +
    `<rect x="146" y="96" width="108" height="60" rx="20" fill="${p.d}"/>` +
    `<rect x="164" y="116" width="26" height="12" rx="3" fill="#111"/><rect x="206" y="114" width="28" height="16" rx="3" fill="#111"/>` +
    `<ellipse cx="200" cy="100" rx="40" ry="4" fill="#38bdf8" opacity=".8"/>`,
};

// ---------------------------------------------------------------------------------------
// Apparel: garments are built from a bodice (with sleeves) and a lower part (skirt or legs)

type Bodice = {
  hemY: number;
  hemHalf: number;
  waistY?: number;
  waistHalf?: number;
  /** 0 = sleeveless. */
  sleeve: number;
  /** How far out the sleeve points: 0.3 hangs down, 0.9 sticks out (t-shirt). */
  sleeveSpread?: number;
  neck?: 'round' | 'v' | 'deep-v';
  shoulderHalf?: number;
};

function bodice(b: Bodice): string {
  const sh = b.shoulderHalf ?? 60;
  const ch = sh - 8;
  const neckY = 94;
  const neckDepth = b.neck === 'v' ? 36 : b.neck === 'deep-v' ? 70 : 16;
  const neckHalf = 22;
  const left: [number, number][] = [
    [CX - sh, 104],
    [CX - ch, 150],
  ];
  if (b.waistY !== undefined && b.waistHalf !== undefined && b.waistY < b.hemY) left.push([CX - b.waistHalf, b.waistY]);
  left.push([CX - b.hemHalf, b.hemY]);
  // Clockwise: neck, right side down to the hem, curved hem, left side back up.
  const right = mirror(left);
  const neck =
    b.neck === 'round' || b.neck === undefined
      ? `Q${CX} ${neckY + neckDepth * 2} ${CX + neckHalf} ${neckY}`
      : `L${CX} ${neckY + neckDepth}L${CX + neckHalf} ${neckY}`;
  const [hl] = left.slice(-1);
  const body =
    `M${CX - neckHalf} ${neckY}${neck}` +
    right.map(([x, y]) => `L${r(x)} ${r(y)}`).join('') +
    (hl ? `Q${CX} ${hl[1] + 10} ${r(hl[0])} ${hl[1]}` : '') +
    left
      .slice(0, -1)
      .reverse()
      .map(([x, y]) => `L${r(x)} ${r(y)}`)
      .join('') +
    'Z';
  return body + (b.sleeve > 0 ? sleeves(sh, ch, b.sleeve, b.sleeveSpread ?? 0.6) : '');
}

/**
 * Both sleeves: from the shoulder point out along the arm for `length`, across the cuff,
 * and back to the armpit. Short sleeves get wide cuffs, long ones taper.
 */
function sleeves(sh: number, ch: number, length: number, spread: number): string {
  const norm = Math.hypot(spread, 1);
  const dx = -spread / norm;
  const dy = 1 / norm;
  const cuff = length < 70 ? 46 : 34;
  const s: [number, number] = [CX - sh, 104];
  const a: [number, number] = [CX - ch, 150];
  const outer: [number, number] = [s[0] + dx * length, s[1] + dy * length];
  // The cuff runs perpendicular to the arm, towards the body.
  const inner: [number, number] = [outer[0] + dy * cuff, outer[1] - dx * cuff];
  const left = [s, outer, inner, a];
  return poly(left) + poly(mirror(left));
}

function legs(waistY: number, waistHalf: number, hemY: number, hemHalf: number, crotchY: number, gap: number): string {
  const left: [number, number][] = [
    [CX - waistHalf, waistY],
    [CX - hemHalf, hemY],
    [CX - gap, hemY],
    [CX, crotchY],
  ];
  return poly([...left, ...mirror(left.slice(0, 3)).reverse()]);
}

function skirt(waistY: number, waistHalf: number, hemY: number, hemHalf: number): string {
  return `M${CX - waistHalf} ${waistY}H${CX + waistHalf}L${CX + hemHalf} ${hemY}Q${CX} ${hemY + 14} ${CX - hemHalf} ${hemY}Z`;
}

type Garment = {
  /** Fabric parts, drawn in the product colour and its print. */
  fabric: string;
  /** Drawn before the fabric (inner layers, hoods). */
  under?: string;
  /** Drawn on top (trims, buttons, dupattas). */
  over?: string;
};

const INNER = '#f3efe6';

const GARMENTS: Readonly<Record<string, (ctx: Ctx) => Garment>> = {
  kurta: ({ p }) => ({
    fabric: bodice({ hemY: 318, hemHalf: 74, waistY: 200, waistHalf: 52, sleeve: 110, neck: 'v' }),
    over: `<path d="M178 94L200 130L222 94" fill="none" stroke="${GOLD}" stroke-width="5"/><path d="M128 300v-40M272 300v-40" stroke="${p.d}" stroke-width="2"/>`,
  }),
  kurti: ({ p }) => ({
    fabric: bodice({ hemY: 262, hemHalf: 72, waistY: 190, waistHalf: 52, sleeve: 80, neck: 'round' }),
    under: `<path d="${legs(240, 46, 336, 30, 262, 6)}" fill="${INNER}" stroke="#d6d0c4"/>`,
    over: `<path d="M186 112h28" stroke="${p.accent}" stroke-width="4"/>`,
  }),
  'kurta-set': ({ p }) => ({
    under: `<path d="${legs(240, 56, 338, 70, 266, 6)}" fill="${p.d}"/>`,
    fabric: bodice({ hemY: 282, hemHalf: 76, waistY: 196, waistHalf: 52, sleeve: 100, neck: 'round' }),
    over: `<path d="M136 100L168 94L268 236L270 320L244 322L240 246Z" fill="${p.ll}" opacity=".6" stroke="${GOLD}" stroke-width="3"/>`,
  }),
  anarkali: ({ p }) => ({
    fabric: bodice({ hemY: 172, hemHalf: 46, sleeve: 110, neck: 'round' }) + skirt(170, 46, 330, 128),
    over:
      `<path d="M200 178V330M172 178L130 328M228 178L270 328M186 178L164 332M214 178L236 332" stroke="${p.d}" stroke-width="1.5" opacity=".6"/>` +
      `<path d="M154 172H246" stroke="${GOLD}" stroke-width="6"/>`,
  }),
  gown: ({ p }) => ({
    fabric: bodice({ hemY: 176, hemHalf: 44, sleeve: 70, neck: 'v' }) + skirt(174, 44, 330, 104),
    over: `<path d="M156 176H244" stroke="${p.d}" stroke-width="5"/>`,
  }),
  saree: ({ p }) => ({
    under: `<path d="${bodice({ hemY: 146, hemHalf: 50, sleeve: 36, neck: 'round' })}" fill="${p.accent}"/>`,
    fabric: skirt(150, 48, 330, 82) + 'M136 100L168 94L262 206L268 318L238 320L232 222Z',
    over:
      `<path d="M124 324Q200 340 282 324" fill="none" stroke="${GOLD}" stroke-width="10"/>` +
      `<path d="M168 94L262 206L268 318" fill="none" stroke="${GOLD}" stroke-width="7"/>` +
      `<path d="M186 210L180 330M198 210L196 334M210 210L212 334" stroke="${p.d}" stroke-width="2"/>`,
  }),
  lehenga: ({ p }) => ({
    under: `<path d="${bodice({ hemY: 142, hemHalf: 50, sleeve: 40, neck: 'round' })}" fill="${p.d}"/>`,
    fabric: skirt(160, 48, 330, 142),
    over:
      `<path d="M62 326Q200 346 338 326" fill="none" stroke="${GOLD}" stroke-width="12"/>` +
      `<path d="M150 162H250" stroke="${GOLD}" stroke-width="6"/>` +
      `<path d="M140 100L170 94L300 250L300 320" fill="none" stroke="${p.ll}" stroke-width="26" opacity=".45"/>`,
  }),
  skirt: ({ p, name }) => {
    const short = /mini/i.test(name);
    return {
      fabric: skirt(116, 54, short ? 230 : 322, short ? 96 : 116),
      over: `<rect x="144" y="104" width="112" height="18" rx="4" fill="${p.d}"/>`,
    };
  },
  palazzo: ({ p }) => ({
    fabric: legs(112, 58, 324, 100, 190, 8),
    over: `<rect x="140" y="100" width="120" height="18" rx="4" fill="${p.d}"/>`,
  }),
  jeans: ({ p, name }) => {
    const wide = /wide|flare|boot|mom|straight/i.test(name);
    return {
      fabric: legs(86, 58, 330, wide ? 82 : 54, 170, wide ? 10 : 6),
      over:
        `<path d="M148 92Q160 130 190 134M252 92Q240 130 210 134M200 92V160" fill="none" stroke="#d6a756" stroke-width="2" stroke-dasharray="4 3"/>` +
        `<rect x="140" y="80" width="120" height="14" rx="3" fill="${p.d}"/><circle cx="200" cy="87" r="4" fill="#b08d57"/>` +
        `<path d="M160 140V300M240 140V300" stroke="${p.ll}" stroke-width="18" opacity=".25"/>`,
    };
  },
  shorts: ({ p }) => ({
    fabric: legs(120, 62, 236, 80, 196, 4),
    over: `<rect x="136" y="110" width="128" height="16" rx="3" fill="${p.d}"/><path d="M122 226H182M218 226H278" stroke="${p.ll}" stroke-width="5" opacity=".6"/>`,
  }),
  dress: ({ p, name }) => {
    const bodycon = /bodycon/i.test(name);
    return {
      fabric: bodice({ hemY: 300, hemHalf: bodycon ? 62 : 104, waistY: 176, waistHalf: 42, sleeve: /sleeveless|halter/i.test(name) ? 0 : 42, sleeveSpread: 0.6, neck: 'v' }),
      over: `<path d="M158 176H242" stroke="${p.d}" stroke-width="4"/>`,
    };
  },
  top: ({ p, name }) => ({
    fabric: bodice({
      hemY: /crop/i.test(name) ? 190 : 232,
      hemHalf: /peplum|kaftan/i.test(name) ? 92 : 60,
      waistY: 196,
      waistHalf: 48,
      sleeve: /kaftan/i.test(name) ? 90 : 48,
      sleeveSpread: /kaftan/i.test(name) ? 1.4 : 0.7,
      neck: /shirt/i.test(name) ? 'v' : 'round',
    }),
    over: /shirt/i.test(name) ? `<path d="M200 130V230" stroke="${p.d}" stroke-width="2"/>` : undefined,
  }),
  tshirt: ({ p, name }) => ({
    fabric: bodice({ hemY: /crop/i.test(name) ? 196 : 262, hemHalf: /oversized/i.test(name) ? 80 : 64, sleeve: 56, sleeveSpread: 1, shoulderHalf: /oversized/i.test(name) ? 72 : 62, neck: 'round' }),
    over: `<path d="M178 94Q200 132 222 94" fill="none" stroke="${p.d}" stroke-width="5"/>`,
  }),
  'co-ord': ({ p }) => ({
    fabric: bodice({ hemY: 192, hemHalf: 62, sleeve: 60, sleeveSpread: 0.6, neck: 'v' }) + legs(200, 56, 334, 70, 254, 6),
    over: `<rect x="144" y="196" width="112" height="12" rx="3" fill="${p.d}"/>`,
  }),
  jumpsuit: ({ p, name }) => ({
    fabric: bodice({ hemY: 180, hemHalf: 46, sleeve: /sleeveless/i.test(name) ? 0 : 40, sleeveSpread: 0.6, neck: 'v' }) + legs(176, 46, /playsuit/i.test(name) ? 250 : 330, /wide|culotte/i.test(name) ? 84 : 58, 236, 6),
    over: `<path d="M154 180H246" stroke="${p.d}" stroke-width="6"/>`,
  }),
  shrug: ({ p }) => ({
    under: `<path d="${bodice({ hemY: 250, hemHalf: 54, sleeve: 0, neck: 'round' })}" fill="${INNER}"/>`,
    fabric: poly([[178, 94], [140, 104], [148, 150], [142, 262], [178, 262], [190, 150]]) + poly(mirror([[178, 94], [140, 104], [148, 150], [142, 262], [178, 262], [190, 150]])) + sleeves(60, 52, 150, 0.35),
    over: `<path d="M178 262H142M222 262H258" stroke="${p.d}" stroke-width="6"/>`,
  }),
  sweater: ({ p }) => ({
    fabric: bodice({ hemY: 276, hemHalf: 64, sleeve: 160, sleeveSpread: 0.3, neck: 'round', shoulderHalf: 64 }),
    over:
      `<path d="M138 270H262" stroke="${p.d}" stroke-width="12"/>` +
      `<path d="M178 94Q200 132 222 94" fill="none" stroke="${p.d}" stroke-width="8"/>` +
      `<path d="M150 150V260M250 150V260M175 150V260M225 150V260" stroke="${p.d}" stroke-width="2" opacity=".35"/>`,
  }),
  hoodie: ({ p }) => ({
    under: `<path d="M160 104Q160 50 200 50Q240 50 240 104Z" fill="${p.d}"/>`,
    fabric: bodice({ hemY: 276, hemHalf: 66, sleeve: 160, sleeveSpread: 0.3, neck: 'v', shoulderHalf: 66 }),
    over:
      `<path d="M190 120V160M210 120V160" stroke="#eee" stroke-width="3"/>` +
      `<path d="M160 230H240L250 268H150Z" fill="none" stroke="${p.d}" stroke-width="3"/><path d="M138 272H262" stroke="${p.d}" stroke-width="10"/>`,
  }),
  jacket: ({ p, name }) => ({
    fabric: bodice({ hemY: /crop|biker|bomber/i.test(name) ? 236 : 262, hemHalf: 66, sleeve: 160, sleeveSpread: 0.3, neck: 'v', shoulderHalf: 66 }),
    over:
      `<path d="M200 130V262" stroke="${p.dd}" stroke-width="4"/>` +
      (/puffer/i.test(name) ? `<path d="M140 160H260M138 195H262M136 230H264" stroke="${p.d}" stroke-width="3"/>` : `<path d="M178 94L200 130L222 94L238 118L200 150L162 118Z" fill="${p.d}"/>`) +
      `<rect x="150" y="190" width="30" height="5" fill="${p.d}"/><rect x="220" y="190" width="30" height="5" fill="${p.d}"/>`,
  }),
  coat: ({ p }) => ({
    fabric: bodice({ hemY: 330, hemHalf: 84, waistY: 200, waistHalf: 56, sleeve: 160, sleeveSpread: 0.3, neck: 'deep-v', shoulderHalf: 64 }),
    over:
      `<path d="M178 94L200 164L162 124ZM222 94L200 164L238 124Z" fill="${p.d}"/>` +
      `<rect x="140" y="198" width="120" height="12" rx="3" fill="${p.d}"/>` +
      [180, 220].flatMap((x) => [236, 270].map((y) => `<circle cx="${x}" cy="${y}" r="4" fill="${p.dd}"/>`)).join(''),
  }),
  blazer: ({ p }) => ({
    under: `<path d="M178 96L200 190L222 96Z" fill="#f8fafc"/>`,
    fabric: bodice({ hemY: 268, hemHalf: 66, waistY: 200, waistHalf: 56, sleeve: 156, sleeveSpread: 0.3, neck: 'deep-v', shoulderHalf: 64 }),
    over:
      `<path d="M178 94L200 166L170 132L184 124ZM222 94L200 166L230 132L216 124Z" fill="${p.d}"/>` +
      `<circle cx="200" cy="206" r="5" fill="${p.dd}"/><circle cx="200" cy="232" r="5" fill="${p.dd}"/>` +
      `<path d="M150 224h28M222 224h28" stroke="${p.d}" stroke-width="4"/>`,
  }),
  waistcoat: ({ p }) => ({
    under: `<path d="${bodice({ hemY: 250, hemHalf: 56, sleeve: 150, sleeveSpread: 0.3, neck: 'round' })}" fill="#f8fafc"/>`,
    fabric: bodice({ hemY: 264, hemHalf: 58, waistY: 220, waistHalf: 54, sleeve: 0, neck: 'deep-v', shoulderHalf: 50 }),
    over: [190, 220, 250].map((y) => `<circle cx="200" cy="${y}" r="4" fill="${p.dd}"/>`).join(''),
  }),
  'ethnic-jacket': ({ p }) => ({
    under: `<path d="${bodice({ hemY: 318, hemHalf: 70, waistY: 200, waistHalf: 52, sleeve: 120, neck: 'round' })}" fill="${INNER}" stroke="#d6d0c4"/>`,
    fabric: poly([[176, 94], [146, 102], [150, 150], [136, 300], [186, 300], [186, 140]]) + poly(mirror([[176, 94], [146, 102], [150, 150], [136, 300], [186, 300], [186, 140]])),
    over: `<path d="M186 140V300M214 140V300" stroke="${GOLD}" stroke-width="5"/><path d="M176 94L186 140M224 94L214 140" stroke="${GOLD}" stroke-width="4"/>`,
  }),
};

/** The print drawn over the fabric, read from the product name ("Floral Printed", "Striped"). */
function printPattern(name: string, p: Palette): string | null {
  const tile = (size: number, body: string, transform = '') =>
    `<pattern id="print" width="${size}" height="${size}" patternUnits="userSpaceOnUse"${transform ? ` patternTransform="${transform}"` : ''}>${body}</pattern>`;
  if (/\bsolid\b|clean look/i.test(name)) return null;
  if (/floral|flower/i.test(name))
    return tile(
      28,
      `<g fill="${p.accent}" opacity=".75"><circle cx="10" cy="6" r="3"/><circle cx="14" cy="10" r="3"/><circle cx="10" cy="14" r="3"/><circle cx="6" cy="10" r="3"/></g><circle cx="10" cy="10" r="2" fill="${GOLD}"/><circle cx="24" cy="24" r="2" fill="${p.accent}" opacity=".6"/>`,
    );
  if (/stripe|leheriya|pinstripe/i.test(name))
    return tile(14, `<rect width="5" height="14" fill="${p.accent}" opacity=".45"/>`, /leheriya/i.test(name) ? 'rotate(35)' : '');
  if (/check|houndstooth/i.test(name))
    return tile(20, `<rect width="10" height="20" fill="${p.accent}" opacity=".25"/><rect width="20" height="10" fill="${p.accent}" opacity=".25"/>`);
  if (/polka|bandhani|dot/i.test(name)) return tile(16, `<circle cx="8" cy="8" r="2.6" fill="${p.accent}" opacity=".8"/>`);
  if (/embroider|chikankari|sequin|zari|mirror|gota|kantha|crystal/i.test(name))
    return tile(24, `<path d="M12 4l3 8-3 8-3-8z" fill="${GOLD}" opacity=".7"/><circle cx="2" cy="2" r="1.5" fill="${p.ll}"/>`);
  if (/motifs|block|ikat|geometric|abstract|graphic|typography|printed/i.test(name))
    return tile(26, `<path d="M13 3l10 10-10 10L3 13z" fill="none" stroke="${p.accent}" stroke-width="2" opacity=".6"/><circle cx="13" cy="13" r="2" fill="${p.accent}"/>`);
  if (/cable|quilt|knit/i.test(name)) return tile(18, `<path d="M0 9Q9 0 18 9" fill="none" stroke="${p.d}" stroke-width="2"/>`);
  return null;
}

function drawGarment(kind: string, ctx: Ctx): { art: string; defs: string } {
  const builder = GARMENTS[kind] ?? GARMENTS.kurta;
  if (!builder) return { art: '', defs: '' };
  const g = builder(ctx);
  const { p } = ctx;
  const pattern = printPattern(ctx.name, p);
  // The fabric path is drawn twice (colour, then print); `<use>` keeps the file small.
  const defs = `<path id="fab" d="${g.fabric}"/>${pattern ?? ''}`;
  const art =
    (g.under ?? '') +
    `<use href="#fab" fill="${p.c}" stroke="${p.d}" stroke-width="2" stroke-linejoin="round"/>` +
    (pattern ? `<use href="#fab" fill="url(#print)"/>` : '') +
    `<use href="#fab" fill="url(#sheen)"/>` +
    (g.over ?? '');
  return { art, defs };
}

// ---------------------------------------------------------------------------------------
// Composition

/** The part of the name worth printing: models read from the front, apparel titles from the back. */
function shortName(name: string, brand: string): string {
  const rest = name.startsWith(`${brand} `) ? name.slice(brand.length + 1) : name;
  const clean = rest.replace(/\s*\([^)]*\)/g, '').trim();
  const words = clean.split(/\s+/);
  const max = 30;
  if (clean.length <= max) return clean;
  const fromEnd = / Women /.test(name);
  const kept: string[] = [];
  for (const word of fromEnd ? [...words].reverse() : words) {
    if ([...kept, word].join(' ').length > max - 1) break;
    kept.push(word);
  }
  const text = (fromEnd ? kept.reverse() : kept).join(' ');
  return fromEnd ? `…${text}` : `${text}…`;
}

export function renderProductSvg(input: ProductSvgInput): string {
  const p = palette(input.color);
  const variant = ((Math.trunc(input.variant) % SHOT_COUNT) + SHOT_COUNT) % SHOT_COUNT;
  const ctx: Ctx = { p, name: input.name, back: variant === 1 };
  const device = DEVICES[input.kind];
  const garment = device ? null : drawGarment(input.kind, ctx);
  const art = device ? device(ctx) : (garment?.art ?? '');

  // Gallery shot 1 is a studio shot against a backdrop that contrasts with the product.
  const dark = variant === 1 && luminance(p.c) > 0.3;
  const bg =
    variant === 0
      ? [mix(p.c, '#ffffff', 0.86), mix(p.c, '#ffffff', 0.96)]
      : variant === 1
        ? dark
          ? [mix(p.c, '#0f172a', 0.78), '#0b1020']
          : ['#f1f5f9', mix(p.c, '#94a3b8', 0.8)]
        : variant === 2
          ? ['#f6f1ea', '#e8dfd2']
          : variant === 3
            ? [mix(p.c, '#ffffff', 0.7), mix(p.c, '#ffffff', 0.9)]
            : ['#fafaf9', mix(p.c, '#ffffff', 0.8)];
  const transform =
    variant === 1
      ? 'rotate(-8 200 200)'
      : variant === 2
        ? 'translate(200 215) scale(1.6) translate(-200 -175)'
        : variant === 3
          ? 'translate(62 30) scale(.8)'
          : variant === 4
            ? 'rotate(7 200 200) translate(16 16) scale(.92)'
            : '';
  const decor =
    variant === 3
      ? `<path d="M0 400L400 120V400Z" fill="#fff" opacity=".45"/><circle cx="70" cy="90" r="46" fill="${p.ll}" opacity=".7"/>` +
        [p.c, p.d, p.l].map((c, i) => `<circle cx="${40 + i * 30}" cy="318" r="11" fill="${c}" stroke="#fff" stroke-width="3"/>`).join('')
      : variant === 1
        ? `<circle cx="200" cy="190" r="150" fill="${dark ? p.c : '#ffffff'}" opacity="${dark ? '.18' : '.6'}"/>`
        : variant === 4
          ? `<pattern id="dots" width="18" height="18" patternUnits="userSpaceOnUse"><circle cx="9" cy="9" r="1.6" fill="${p.d}" opacity=".25"/></pattern><rect width="${W}" height="${W}" fill="url(#dots)"/>`
          : '';

  const usedDefs = [
    art.includes('url(#scr)') ? `<linearGradient id="scr" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${mix(p.c, '#0b1020', 0.55)}"/><stop offset="1" stop-color="#0b1020"/></linearGradient>` : '',
    art.includes('url(#glass)') ? `<radialGradient id="glass" cx=".4" cy=".35"><stop offset="0" stop-color="#7dd3fc"/><stop offset=".5" stop-color="#1e3a8a"/><stop offset="1" stop-color="#020617"/></radialGradient>` : '',
    art.includes('url(#cone)') ? `<radialGradient id="cone"><stop offset="0" stop-color="${p.l}"/><stop offset="1" stop-color="#0c0c0e"/></radialGradient>` : '',
    art.includes('url(#grille)') ? `<pattern id="grille" width="8" height="8" patternUnits="userSpaceOnUse"><circle cx="4" cy="4" r="1.7" fill="#000" opacity=".35"/></pattern>` : '',
    art.includes('url(#keys)') ? `<pattern id="keys" width="20" height="20" patternUnits="userSpaceOnUse"><rect x="2" y="2" width="16" height="16" rx="3" fill="${p.ll}"/></pattern>` : '',
    art.includes('url(#sheen)') ? `<linearGradient id="sheen" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity=".12"/><stop offset=".45" stop-color="#fff" stop-opacity=".12"/><stop offset="1" stop-color="#000" stop-opacity=".15"/></linearGradient>` : '',
    garment?.defs ?? '',
  ].join('');

  const ink = dark ? '#f8fafc' : '#1f2937';
  const label = shortName(input.name, input.brand);
  const labelWidth = Math.min(368, Math.round(label.length * 8.2 + 28));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${W}" width="${W}" height="${W}" role="img" aria-label="${escapeXml(input.name)}" font-family="system-ui,-apple-system,'Segoe UI',Roboto,sans-serif">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg[0]}"/><stop offset="1" stop-color="${bg[1]}"/></linearGradient>${usedDefs}</defs>` +
    `<rect width="${W}" height="${W}" fill="url(#bg)"/>` +
    decor +
    (variant === 2 ? '' : `<ellipse cx="200" cy="338" rx="120" ry="12" fill="#000" opacity="${dark ? '.35' : '.1'}"/>`) +
    `<g${transform ? ` transform="${transform}"` : ''}>${art}</g>` +
    `<text x="24" y="40" font-size="15" font-weight="700" letter-spacing="2" fill="${ink}">${escapeXml(input.brand.toUpperCase())}</text>` +
    `<rect x="16" y="350" width="${labelWidth}" height="32" rx="16" fill="${dark ? '#000' : '#fff'}" opacity=".72"/>` +
    `<text x="30" y="371" font-size="14" fill="${ink}">${escapeXml(label)}</text></svg>`;
  return svg;
}
