// Draws the demo posts' illustrations as small SVG files in public/images/.
// The project makes its own images (no stock downloads); this script is how
// they were made, and re-running it reproduces them exactly (seeded).
//   npm run images
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const WIDTH = 1200;
const HEIGHT = 675;

/** A small seeded random source (mulberry32), so every run draws the same picture. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round = (value: number) => Math.round(value * 10) / 10;

interface Ridge {
  base: number;
  height: number;
  color: string;
  /** Horizontal distance between points: small is jagged, large is rolling. */
  step: number;
}

function ridgePath(ridge: Ridge, next: () => number): string {
  const points: string[] = [];
  let y = ridge.base - next() * ridge.height;
  for (let x = 0; x <= WIDTH + ridge.step; x += ridge.step) {
    y += (next() - 0.5) * ridge.height;
    y = Math.min(ridge.base, Math.max(ridge.base - ridge.height * 1.6, y));
    points.push(`${round(x)},${round(y)}`);
  }
  return `<path d="M0,${HEIGHT} L${points.join(" L")} L${WIDTH},${HEIGHT} Z" fill="${ridge.color}"/>`;
}

interface Scene {
  sky: [string, string];
  sun?: { x: number; y: number; r: number; color: string; glow: string };
  stars?: number;
  ridges?: Ridge[];
  water?: { y: number; color: string; shine: string };
  /** Extra shapes drawn last (foreground). */
  foreground?: (next: () => number) => string;
}

function draw(scene: Scene, seed: number): string {
  const next = random(seed);
  const parts: string[] = [
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${scene.sky[0]}"/><stop offset="1" stop-color="${scene.sky[1]}"/></linearGradient>` +
      (scene.sun
        ? `<radialGradient id="glow"><stop offset="0" stop-color="${scene.sun.glow}" stop-opacity=".55"/><stop offset="1" stop-color="${scene.sun.glow}" stop-opacity="0"/></radialGradient>`
        : "") +
      `</defs>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>`,
  ];
  for (let index = 0; index < (scene.stars ?? 0); index += 1) {
    parts.push(
      `<circle cx="${round(next() * WIDTH)}" cy="${round(next() * HEIGHT * 0.5)}" r="${round(0.6 + next() * 1.4)}" fill="#f8fafc" opacity="${round(0.3 + next() * 0.6)}"/>`,
    );
  }
  if (scene.sun) {
    const { x, y, r, color } = scene.sun;
    parts.push(
      `<circle cx="${x}" cy="${y}" r="${r * 4}" fill="url(#glow)"/>`,
      `<circle cx="${x}" cy="${y}" r="${r}" fill="${color}"/>`,
    );
  }
  for (const ridge of scene.ridges ?? []) parts.push(ridgePath(ridge, next));
  if (scene.water) {
    const { y, color, shine } = scene.water;
    parts.push(
      `<rect y="${y}" width="${WIDTH}" height="${HEIGHT - y}" fill="${color}"/>`,
    );
    for (let index = 0; index < 14; index += 1) {
      const width = 40 + next() * 160;
      parts.push(
        `<rect x="${round(next() * (WIDTH - width))}" y="${round(y + 10 + next() * (HEIGHT - y - 20))}" width="${round(width)}" height="2" rx="1" fill="${shine}" opacity="${round(0.2 + next() * 0.4)}"/>`,
      );
    }
  }
  if (scene.foreground) parts.push(scene.foreground(next));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${parts.join("")}</svg>\n`;
}

function pines(next: () => number, y: number, count: number, color: string) {
  const trees: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const x = next() * WIDTH;
    const height = 50 + next() * 90;
    const half = height * 0.28;
    trees.push(
      `<path d="M${round(x)},${round(y - height)} L${round(x + half)},${round(y)} L${round(x - half)},${round(y)} Z" fill="${color}"/>`,
    );
  }
  return trees.join("");
}

function crowd(next: () => number, color: string) {
  const people: string[] = [];
  for (let x = -10; x < WIDTH + 20; x += 26 + next() * 18) {
    const top = HEIGHT - 70 - next() * 40;
    people.push(
      `<circle cx="${round(x)}" cy="${round(top)}" r="${round(13 + next() * 5)}" fill="${color}"/>`,
      `<rect x="${round(x - 22)}" y="${round(top + 12)}" width="44" height="${round(HEIGHT - top)}" rx="18" fill="${color}"/>`,
    );
    if (next() > 0.85) {
      people.push(
        `<rect x="${round(x + 8)}" y="${round(top - 70)}" width="9" height="80" rx="4" fill="${color}" transform="rotate(${round(10 + next() * 20)} ${round(x)} ${round(top)})"/>`,
      );
    }
  }
  return people.join("");
}

function stage(next: () => number, beams: string[], floor: string) {
  const parts: string[] = [];
  beams.forEach((color, index) => {
    const source =
      120 + (index * (WIDTH - 240)) / Math.max(1, beams.length - 1);
    const spread = 120 + next() * 120;
    const target = source + (next() - 0.5) * 500;
    parts.push(
      `<path d="M${round(source)},0 L${round(target + spread)},${HEIGHT - 150} L${round(target - spread)},${HEIGHT - 150} Z" fill="${color}" opacity=".28"/>`,
      `<circle cx="${round(source)}" cy="6" r="14" fill="${color}"/>`,
    );
  });
  parts.push(
    `<rect y="${HEIGHT - 170}" width="${WIDTH}" height="24" fill="${floor}"/>`,
  );
  return parts.join("");
}

function torii(x: number, base: number, color: string) {
  return [
    `<rect x="${x - 150}" y="${base - 240}" width="300" height="22" rx="6" fill="${color}"/>`,
    `<rect x="${x - 125}" y="${base - 195}" width="250" height="16" fill="${color}"/>`,
    `<rect x="${x - 105}" y="${base - 225}" width="22" height="225" fill="${color}"/>`,
    `<rect x="${x + 83}" y="${base - 225}" width="22" height="225" fill="${color}"/>`,
  ].join("");
}

function houses(next: () => number, base: number, palette: string[]) {
  const parts: string[] = [];
  for (let x = -20; x < WIDTH; x += 70 + next() * 50) {
    const width = 60 + next() * 50;
    const height = 70 + next() * 110;
    const color = palette[Math.floor(next() * palette.length)] ?? "#fff";
    parts.push(
      `<rect x="${round(x)}" y="${round(base - height)}" width="${round(width)}" height="${round(height + 40)}" fill="${color}"/>`,
      `<path d="M${round(x - 6)},${round(base - height)} L${round(x + width / 2)},${round(base - height - 30)} L${round(x + width + 6)},${round(base - height)} Z" fill="#9a3412"/>`,
    );
    for (let row = base - height + 18; row < base - 20; row += 34) {
      parts.push(
        `<rect x="${round(x + 12)}" y="${round(row)}" width="14" height="18" fill="#1e293b" opacity=".55"/>`,
        `<rect x="${round(x + width - 26)}" y="${round(row)}" width="14" height="18" fill="#1e293b" opacity=".55"/>`,
      );
    }
  }
  return parts.join("");
}

function tram(x: number, base: number) {
  return [
    `<rect x="${x}" y="${base - 120}" width="260" height="110" rx="18" fill="#facc15"/>`,
    `<rect x="${x}" y="${base - 48}" width="260" height="14" fill="#f8fafc"/>`,
    ...[0, 1, 2, 3].map(
      (index) =>
        `<rect x="${x + 18 + index * 60}" y="${base - 104}" width="44" height="40" rx="6" fill="#1e3a5f"/>`,
    ),
    `<circle cx="${x + 55}" cy="${base - 6}" r="14" fill="#0f172a"/>`,
    `<circle cx="${x + 205}" cy="${base - 6}" r="14" fill="#0f172a"/>`,
    `<path d="M${x + 130},${base - 120} L${x + 170},${base - 190}" stroke="#0f172a" stroke-width="5"/>`,
  ].join("");
}

function icebergs(next: () => number, y: number) {
  const parts: string[] = [];
  for (let index = 0; index < 6; index += 1) {
    const x = next() * WIDTH;
    const width = 60 + next() * 120;
    const height = 20 + next() * 50;
    parts.push(
      `<path d="M${round(x)},${y + 8} L${round(x + width * 0.25)},${round(y - height)} L${round(x + width * 0.6)},${round(y - height * 0.7)} L${round(x + width)},${y + 8} Z" fill="#e0f2fe"/>`,
      `<path d="M${round(x + width * 0.25)},${round(y - height)} L${round(x + width * 0.6)},${round(y - height * 0.7)} L${round(x + width * 0.45)},${y + 8} Z" fill="#7dd3fc" opacity=".6"/>`,
    );
  }
  return parts.join("");
}

function trail(next: () => number, color: string) {
  // A trail winding up to the horizon: the picture for the leadership and mentoring posts.
  const parts: string[] = [];
  let x = WIDTH / 2 + 160;
  let width = 240;
  for (let y = HEIGHT; y > 420; y -= 24) {
    const nextX = x + (next() - 0.5) * 60 - (x - WIDTH / 2) * 0.12;
    parts.push(
      `<path d="M${round(x - width / 2)},${y} L${round(x + width / 2)},${y} L${round(nextX + (width * 0.85) / 2)},${y - 24} L${round(nextX - (width * 0.85) / 2)},${y - 24} Z" fill="${color}" opacity="${round(0.5 + (y - 420) / 600)}"/>`,
    );
    x = nextX;
    width *= 0.85;
  }
  return parts.join("");
}

/** A stage seen from the crowd: coloured beams, the stage edge, silhouettes. */
function concert(
  sky: [string, string],
  beams: string[],
  floor: string,
  people: string,
): Scene {
  return {
    sky,
    foreground: (next) => stage(next, beams, floor) + crowd(next, people),
  };
}

const scenes: Record<string, { seed: number; scene: Scene }> = {
  "alpine-lakes-loop": {
    seed: 11,
    scene: {
      sky: ["#0c4a6e", "#7dd3fc"],
      sun: { x: 930, y: 150, r: 46, color: "#fef3c7", glow: "#fde68a" },
      ridges: [
        { base: 330, height: 150, color: "#64748b", step: 60 },
        { base: 390, height: 110, color: "#334155", step: 45 },
      ],
      water: { y: 400, color: "#0e7490", shine: "#cffafe" },
      foreground: (next) => pines(next, 700, 18, "#052e16"),
    },
  },
  "first-light-on-the-ridge": {
    seed: 21,
    scene: {
      sky: ["#1e1b4b", "#fb923c"],
      sun: { x: 300, y: 410, r: 60, color: "#fdba74", glow: "#f97316" },
      stars: 40,
      ridges: [
        { base: 440, height: 170, color: "#4c1d95", step: 50 },
        { base: 520, height: 130, color: "#2e1065", step: 70 },
        { base: 640, height: 90, color: "#0f0a1f", step: 90 },
      ],
    },
  },
  "morning-routines-that-stick": {
    seed: 41,
    scene: {
      sky: ["#fde68a", "#fff7ed"],
      sun: { x: 880, y: 330, r: 70, color: "#fbbf24", glow: "#f59e0b" },
      ridges: [
        { base: 470, height: 80, color: "#d6d3d1", step: 140 },
        { base: 560, height: 60, color: "#a8a29e", step: 110 },
      ],
      water: { y: 590, color: "#78716c", shine: "#fef3c7" },
    },
  },
  "wildflowers-at-table-rock": {
    seed: 31,
    scene: {
      sky: ["#38bdf8", "#e0f2fe"],
      sun: { x: 180, y: 120, r: 40, color: "#fefce8", glow: "#fef08a" },
      ridges: [
        { base: 420, height: 90, color: "#a3a380", step: 120 },
        { base: 540, height: 70, color: "#65a30d", step: 110 },
      ],
      foreground: (next) => {
        const flowers: string[] = [];
        for (let index = 0; index < 140; index += 1) {
          const colors = ["#facc15", "#f472b6", "#a78bfa", "#f8fafc"];
          flowers.push(
            `<circle cx="${round(next() * WIDTH)}" cy="${round(560 + next() * 115)}" r="${round(3 + next() * 5)}" fill="${colors[index % colors.length]}"/>`,
          );
        }
        return `<rect y="560" width="${WIDTH}" height="115" fill="#3f6212"/>${flowers.join("")}`;
      },
    },
  },
  "rain-day-on-the-payette": {
    seed: 41,
    scene: {
      sky: ["#475569", "#94a3b8"],
      ridges: [
        { base: 360, height: 120, color: "#64748b", step: 80 },
        { base: 450, height: 100, color: "#3f4f5f", step: 60 },
      ],
      water: { y: 470, color: "#334155", shine: "#cbd5e1" },
      foreground: (next) => {
        const rain: string[] = [];
        for (let index = 0; index < 120; index += 1) {
          const x = next() * WIDTH;
          const y = next() * HEIGHT;
          rain.push(
            `<path d="M${round(x)},${round(y)} l-8,26" stroke="#e2e8f0" stroke-width="1.5" opacity=".35"/>`,
          );
        }
        return pines(next, 560, 14, "#1e293b") + rain.join("");
      },
    },
  },
  "treefort-afternoon-sets": {
    seed: 51,
    scene: concert(
      ["#1e1b4b", "#7c2d12"],
      ["#f59e0b", "#ec4899", "#22d3ee", "#a3e635"],
      "#0f172a",
      "#020617",
    ),
  },
  "night-at-the-knitting-factory": {
    seed: 61,
    scene: concert(
      ["#0f0a1f", "#4c1d95"],
      ["#a855f7", "#f43f5e", "#a855f7"],
      "#1e1b4b",
      "#05030d",
    ),
  },
  "basement-jazz-quartet": {
    seed: 71,
    scene: concert(
      ["#1c1917", "#78350f"],
      ["#fbbf24", "#fbbf24"],
      "#292524",
      "#0c0a09",
    ),
  },
  "symphony-in-the-park": {
    seed: 81,
    scene: {
      sky: ["#020617", "#1e3a8a"],
      stars: 90,
      ridges: [{ base: 520, height: 60, color: "#14532d", step: 140 }],
      foreground: (next) =>
        `<path d="M380,520 Q600,300 820,520 Z" fill="#f8fafc" opacity=".9"/><path d="M420,520 Q600,350 780,520 Z" fill="#fde68a"/>` +
        crowd(next, "#020617"),
    },
  },
  "folk-night-at-the-grange": {
    seed: 91,
    scene: concert(
      ["#431407", "#c2410c"],
      ["#fde68a", "#fdba74", "#fde68a"],
      "#451a03",
      "#1c0a02",
    ),
  },
  "iceland-ring-road": {
    seed: 101,
    scene: {
      sky: ["#0f172a", "#0d9488"],
      stars: 30,
      ridges: [
        { base: 330, height: 120, color: "#e2e8f0", step: 70 },
        { base: 380, height: 80, color: "#475569", step: 50 },
      ],
      water: { y: 400, color: "#155e75", shine: "#a5f3fc" },
      foreground: (next) => icebergs(next, 470) + icebergs(next, 560),
    },
  },
  "kyoto-in-the-quiet-hours": {
    seed: 111,
    scene: {
      sky: ["#fecdd3", "#fff7ed"],
      sun: { x: 870, y: 200, r: 70, color: "#f43f5e", glow: "#fb7185" },
      ridges: [
        { base: 430, height: 90, color: "#a8a29e", step: 120 },
        { base: 510, height: 70, color: "#57534e", step: 100 },
      ],
      foreground: () =>
        `<rect y="600" width="${WIDTH}" height="75" fill="#292524"/>` +
        torii(420, 610, "#b91c1c"),
    },
  },
  "lisbon-on-tram-28": {
    seed: 121,
    scene: {
      sky: ["#0ea5e9", "#fde68a"],
      sun: { x: 1000, y: 140, r: 44, color: "#fffbeb", glow: "#fde047" },
      foreground: (next) =>
        houses(next, 560, [
          "#fef3c7",
          "#fca5a5",
          "#93c5fd",
          "#fde68a",
          "#f5f5f4",
        ]) +
        `<rect y="600" width="${WIDTH}" height="75" fill="#57534e"/><rect y="628" width="${WIDTH}" height="4" fill="#a8a29e"/>` +
        tram(480, 630),
    },
  },
  "leading-across-generations": {
    seed: 131,
    scene: {
      sky: ["#064e3b", "#fcd34d"],
      sun: { x: 600, y: 420, r: 80, color: "#fef3c7", glow: "#fbbf24" },
      ridges: [
        { base: 430, height: 60, color: "#065f46", step: 150 },
        { base: 480, height: 40, color: "#064e3b", step: 130 },
      ],
      foreground: (next) =>
        `<rect y="470" width="${WIDTH}" height="205" fill="#022c22"/>` +
        trail(next, "#fcd34d"),
    },
  },
  "the-mentor-who-changed-my-career": {
    seed: 141,
    scene: {
      sky: ["#1e293b", "#64748b"],
      sun: { x: 260, y: 170, r: 50, color: "#e2e8f0", glow: "#f1f5f9" },
      stars: 25,
      ridges: [
        { base: 450, height: 140, color: "#334155", step: 80 },
        { base: 520, height: 80, color: "#1e293b", step: 110 },
      ],
      foreground: (next) =>
        `<rect y="510" width="${WIDTH}" height="165" fill="#0f172a"/>` +
        trail(next, "#94a3b8"),
    },
  },
};

const fallback: Scene = {
  sky: ["#1e293b", "#334155"],
  sun: { x: 760, y: 250, r: 42, color: "#fcd34d", glow: "#fbbf24" },
  ridges: [
    { base: 470, height: 140, color: "#475569", step: 140 },
    { base: 560, height: 100, color: "#0f766e", step: 120 },
  ],
};

const root = path.resolve("public/images");
mkdirSync(path.join(root, "posts"), { recursive: true });
writeFileSync(path.join(root, "fallback.svg"), draw(fallback, 7));
for (const [slug, { seed, scene }] of Object.entries(scenes)) {
  writeFileSync(path.join(root, "posts", `${slug}.svg`), draw(scene, seed));
}
console.log(`wrote ${Object.keys(scenes).length + 1} images to ${root}`);
