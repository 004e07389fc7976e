// Draws the demo portfolio pictures as SVG and renders them to WebP with sharp.
// Run once by hand (`npm run images:demo`); the outputs are committed under seed/images
// so start-up never needs sharp or the network.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const OUT = path.resolve("seed/images");
const W = 1200;
const H = 900;

const skies = {
  morning: ["#9cc9ef", "#e8f2fb"],
  noon: ["#5f9fd9", "#cfe5f7"],
  evening: ["#f3b27a", "#fbe3c4"],
  overcast: ["#a9b6c2", "#e3e8ec"],
};

function rand(seed) {
  let s = seed;
  return () => (s = (s * 16807) % 2147483647) / 2147483647;
}

function backdrop(sky, r) {
  const [top, bottom] = skies[sky];
  let clouds = "";
  for (let i = 0; i < 3; i++) {
    const x = 100 + r() * 1000;
    const y = 80 + r() * 160;
    clouds += `<g fill="#fff" opacity="0.75"><ellipse cx="${x}" cy="${y}" rx="90" ry="26"/><ellipse cx="${x + 50}" cy="${y - 16}" rx="60" ry="24"/></g>`;
  }
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
  <linearGradient id="grass" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8fb35a"/><stop offset="1" stop-color="#5d7f34"/></linearGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>${clouds}
  <path d="M0 650 Q300 610 600 640 T1200 630 V900 H0Z" fill="#b9c98f" opacity="0.6"/>
  <rect y="700" width="${W}" height="200" fill="url(#grass)"/>`;
}

function framing(r, opts) {
  const left = 220 + r() * 60;
  const right = W - 220 - r() * 60;
  const base = 720;
  const wallTop = base - opts.stories * 170;
  const peak = wallTop - 170 - r() * 50;
  const mid = (left + right) / 2;
  const wood = "#d8b07a";
  const edge = "#a97c45";
  let s = `<rect x="${left - 30}" y="${base}" width="${right - left + 60}" height="28" fill="#9a9a94"/>`;
  for (let st = 0; st < opts.stories; st++) {
    const y0 = base - st * 170;
    const y1 = y0 - 170;
    s += `<rect x="${left}" y="${y1 - 12}" width="${right - left}" height="14" fill="${wood}" stroke="${edge}" stroke-width="2"/>`;
    s += `<rect x="${left}" y="${y0 - 14}" width="${right - left}" height="14" fill="${wood}" stroke="${edge}" stroke-width="2"/>`;
    for (let x = left; x <= right - 10; x += 40) {
      s += `<rect x="${x}" y="${y1}" width="10" height="${y0 - y1 - 14}" fill="${wood}" stroke="${edge}" stroke-width="1.5"/>`;
    }
    const wx = left + 120 + r() * 120;
    s += `<rect x="${wx}" y="${y1 + 40}" width="110" height="14" fill="${wood}" stroke="${edge}" stroke-width="2"/><rect x="${wx}" y="${y1 + 120}" width="110" height="12" fill="${wood}" stroke="${edge}" stroke-width="2"/>`;
  }
  // trusses
  for (let x = left; x <= right; x += 60) {
    const t = (x - left) / (right - left);
    const ty =
      t < 0.5 ? wallTop - 12 - (peak - (wallTop - 12)) * -2 * t : wallTop - 12 - (peak - (wallTop - 12)) * -2 * (1 - t);
    s += `<line x1="${x}" y1="${wallTop - 12}" x2="${x}" y2="${ty}" stroke="${wood}" stroke-width="8"/>`;
  }
  s += `<path d="M${left - 30} ${wallTop - 6} L${mid} ${peak} L${right + 30} ${wallTop - 6}" fill="none" stroke="${edge}" stroke-width="16" stroke-linejoin="round"/>`;
  s += `<path d="M${left - 30} ${wallTop - 6} L${mid} ${peak} L${right + 30} ${wallTop - 6}" fill="none" stroke="${wood}" stroke-width="11" stroke-linejoin="round"/>`;
  s += `<line x1="${left}" y1="${wallTop - 12}" x2="${right}" y2="${wallTop - 12}" stroke="${wood}" stroke-width="12"/>`;
  // lumber stack
  for (let i = 0; i < 5; i++)
    s += `<rect x="${80 + i * 6}" y="${780 - i * 14}" width="180" height="12" fill="${wood}" stroke="${edge}" stroke-width="2"/>`;
  return s;
}

function house(r, opts) {
  const left = 200 + r() * 80;
  const right = W - 200 - r() * 80;
  const base = 740;
  const wallTop = 470 + r() * 40;
  const overhang = 40;
  const pitch = 0.45 + r() * 0.25;
  const peak = wallTop - ((right - left) / 2 + overhang) * pitch;
  const mid = (left + right) / 2;
  const wall = opts.wall;
  let s = `<rect x="${left}" y="${wallTop}" width="${right - left}" height="${base - wallTop}" fill="${wall}"/>`;
  for (let y = wallTop + 18; y < base; y += 18)
    s += `<line x1="${left}" y1="${y}" x2="${right}" y2="${y}" stroke="#000" stroke-opacity="0.07" stroke-width="2"/>`;
  const win = (x, y) =>
    `<rect x="${x}" y="${y}" width="90" height="110" fill="#fff"/><rect x="${x + 8}" y="${y + 8}" width="74" height="94" fill="#7fa8c9"/><line x1="${x + 45}" y1="${y + 8}" x2="${x + 45}" y2="${y + 102}" stroke="#fff" stroke-width="5"/><line x1="${x + 8}" y1="${y + 55}" x2="${x + 82}" y2="${y + 55}" stroke="#fff" stroke-width="5"/>`;
  s += win(left + 60, wallTop + 60) + win(right - 150, wallTop + 60);
  s += `<rect x="${mid - 45}" y="${base - 170}" width="90" height="170" fill="${opts.door}"/><circle cx="${mid + 28}" cy="${base - 85}" r="5" fill="#e2c044"/>`;
  // roof with shingle courses
  const roofPath = `M${left - overhang} ${wallTop + 6} L${mid} ${peak} L${right + overhang} ${wallTop + 6} Z`;
  s += `<clipPath id="roof"><path d="${roofPath}"/></clipPath><path d="${roofPath}" fill="${opts.roof}"/>`;
  let rows = "";
  for (let y = peak + 10, i = 0; y < wallTop + 6; y += 22, i++) {
    rows += `<line x1="0" y1="${y}" x2="${W}" y2="${y}" stroke="#000" stroke-opacity="0.25" stroke-width="3"/>`;
    for (let x = (i % 2) * 24; x < W; x += 48)
      rows += `<line x1="${x}" y1="${y}" x2="${x}" y2="${y + 22}" stroke="#000" stroke-opacity="0.18" stroke-width="2"/>`;
  }
  s += `<g clip-path="url(#roof)">${rows}${opts.roofOverlay ? opts.roofOverlay(left - overhang, right + overhang, peak, wallTop) : ""}</g>`;
  s += `<path d="M${left - overhang} ${wallTop + 6} L${mid} ${peak} L${right + overhang} ${wallTop + 6}" fill="none" stroke="#3a3a3a" stroke-width="8" stroke-linejoin="round"/>`;
  if (opts.gutters)
    s += `<rect x="${left - overhang - 6}" y="${wallTop + 2}" width="${right - left + 2 * overhang + 12}" height="16" rx="4" fill="#f4f4f2" stroke="#9a9a9a" stroke-width="2"/><rect x="${right + 10}" y="${wallTop + 14}" width="14" height="${base - wallTop - 14}" fill="#f4f4f2" stroke="#9a9a9a" stroke-width="2"/>`;
  // bushes
  for (let i = 0; i < 4; i++)
    s += `<circle cx="${left + 30 + i * 45}" cy="${base + 4}" r="${26 + r() * 10}" fill="#4f7a2c"/>`;
  return s;
}

const greenCoat = (x0, x1, top, bottom) => {
  const split = x0 + (x1 - x0) * 0.55;
  return `<rect x="${x0}" y="${top}" width="${split - x0}" height="${bottom - top + 10}" fill="#3c4a3e" opacity="0.35"/>
  <rect x="${split}" y="${top}" width="${x1 - split}" height="${bottom - top + 10}" fill="#d9d4c7" opacity="0.35"/>
  <line x1="${split}" y1="${top}" x2="${split}" y2="${bottom + 10}" stroke="#7ccf3b" stroke-width="10" opacity="0.9"/>`;
};

const items = [
  { file: "framing-custom-home.webp", draw: (r) => framing(r, { stories: 2 }), sky: "morning" },
  { file: "framing-room-addition.webp", draw: (r) => framing(r, { stories: 1 }), sky: "noon" },
  { file: "framing-garage.webp", draw: (r) => framing(r, { stories: 1 }), sky: "evening" },
  {
    file: "roofing-architectural-shingles.webp",
    draw: (r) => house(r, { wall: "#e9e1d2", door: "#7a3b2e", roof: "#4b4f55", gutters: true }),
    sky: "noon",
  },
  {
    file: "roofing-storm-repair.webp",
    draw: (r) => house(r, { wall: "#c9d3d9", door: "#2f4b63", roof: "#6b5a4c", gutters: false }),
    sky: "overcast",
  },
  {
    file: "roofing-replacement.webp",
    draw: (r) => house(r, { wall: "#f2efe8", door: "#335c3a", roof: "#2f3338", gutters: true }),
    sky: "morning",
  },
  {
    file: "bright-green-ranch.webp",
    draw: (r) => house(r, { wall: "#efe6d6", door: "#8a4b2a", roof: "#5b5f63", roofOverlay: greenCoat }),
    sky: "noon",
  },
  {
    file: "bright-green-two-story.webp",
    draw: (r) => house(r, { wall: "#dfe7ec", door: "#26435c", roof: "#56595c", roofOverlay: greenCoat, gutters: true }),
    sky: "evening",
  },
  {
    file: "bright-green-video.webp",
    draw: (r) => house(r, { wall: "#ece3cf", door: "#6d2f2f", roof: "#54585c", roofOverlay: greenCoat }),
    sky: "morning",
  },
];

// Pictures of the public pages themselves (service cards, hero), in the sizes the
// pages ask for through srcset.
const PUBLIC_OUT = path.resolve("app/assets/images");
const siteImages = [
  { file: "service-framing", draw: (r) => framing(r, { stories: 2 }), sky: "morning", widths: [480, 800] },
  {
    file: "service-roofing",
    draw: (r) => house(r, { wall: "#e9e1d2", door: "#7a3b2e", roof: "#3f4349" }),
    sky: "noon",
    widths: [480, 800],
  },
  {
    file: "service-gutters",
    draw: (r) => house(r, { wall: "#dfe7ec", door: "#26435c", roof: "#56595c", gutters: true }),
    sky: "morning",
    widths: [480, 800],
  },
  {
    file: "bright-green-video",
    draw: (r) => house(r, { wall: "#ece3cf", door: "#6d2f2f", roof: "#54585c", roofOverlay: greenCoat }),
    sky: "evening",
    widths: [480, 960],
  },
];

function svgFor(item, r) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${backdrop(item.sky, r)}${item.draw(r)}</svg>`;
}

fs.mkdirSync(OUT, { recursive: true });
fs.mkdirSync(PUBLIC_OUT, { recursive: true });
let seed = 7;
for (const item of items) {
  const r = rand(seed++ * 7919);
  const file = path.join(OUT, item.file);
  await sharp(Buffer.from(svgFor(item, r)))
    .webp({ quality: 80 })
    .toFile(file);
  console.log(`${item.file} ${fs.statSync(file).size} bytes`);
}
for (const item of siteImages) {
  const svg = Buffer.from(svgFor(item, rand(seed++ * 7919)));
  for (const width of item.widths) {
    const file = path.join(PUBLIC_OUT, `${item.file}-${width}.webp`);
    await sharp(svg).resize(width).webp({ quality: 78 }).toFile(file);
    console.log(`${path.basename(file)} ${fs.statSync(file).size} bytes`);
  }
}
