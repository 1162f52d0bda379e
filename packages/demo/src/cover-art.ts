/**
 * Generative cover art as SVG. A design depends on its key alone ('book-17'), so a cover
 * rendered once stays valid for any seed and the renderer can skip files that exist.
 *
 * There is no text: librsvg would need system fonts, which CI machines may not have, and
 * the store prints the title beside the cover anyway.
 */

import { createRng, hashString, type Rng } from './random';

export type CoverShape = 'book' | 'square';

export interface CoverArt {
  shape: CoverShape;
  /** dominant colour, '#rrggbb' */
  color: string;
  svg: string;
}

interface Palette {
  /** background, also the placeholder colour shown while the image loads */
  base: string;
  colors: readonly string[];
}

/** Hand-picked palettes: random HSL colours rarely look like a designer chose them. */
const PALETTES: readonly (readonly string[])[] = [
  ['#1d3557', '#457b9d', '#a8dadc', '#f1faee', '#e63946'],
  ['#264653', '#2a9d8f', '#e9c46a', '#f4a261', '#e76f51'],
  ['#2b2d42', '#8d99ae', '#edf2f4', '#ef233c', '#d90429'],
  ['#3d405b', '#81b29a', '#f2cc8f', '#e07a5f', '#f4f1de'],
  ['#0b132b', '#3a506b', '#5bc0be', '#f7e8a4', '#1c2541'],
  ['#5f0f40', '#9a031e', '#fb8b24', '#e36414', '#0f4c5c'],
  ['#003049', '#d62828', '#f77f00', '#fcbf49', '#eae2b7'],
  ['#22223b', '#4a4e69', '#9a8c98', '#c9ada7', '#f2e9e4'],
  ['#283618', '#606c38', '#fefae0', '#dda15e', '#bc6c25'],
  ['#03045e', '#0077b6', '#00b4d8', '#90e0ef', '#caf0f8'],
  ['#10002b', '#3c096c', '#7b2cbf', '#c77dff', '#e0aaff'],
  ['#582f0e', '#7f4f24', '#a68a64', '#ede0d4', '#936639'],
  ['#006d77', '#83c5be', '#edf6f9', '#ffddd2', '#e29578'],
  ['#1b263b', '#415a77', '#778da9', '#e0e1dd', '#f4a261'],
  ['#2d6a4f', '#40916c', '#95d5b2', '#d8f3dc', '#ffb703'],
  ['#370617', '#6a040f', '#d00000', '#f48c06', '#ffba08'],
  ['#0d1b2a', '#c1121f', '#fdf0d5', '#669bbc', '#003049'],
  ['#432818', '#99582a', '#bb9457', '#ffe6a7', '#6f1d1b'],
  ['#14213d', '#fca311', '#e5e5e5', '#f8f9fa', '#3d5a80'],
  ['#240046', '#5e60ce', '#48bfe3', '#72efdd', '#80ffdb'],
];

function paletteFor(rng: Rng): Palette {
  const [base, ...rest] = rng.pick(PALETTES);
  return { base: base as string, colors: rng.sample(rest, rest.length) };
}

/** Rounds coordinates so the SVG strings stay short. */
function n(value: number): string {
  return (Math.round(value * 10) / 10).toString();
}

function color(palette: Palette, index: number): string {
  return palette.colors[index % palette.colors.length] as string;
}

function svgDocument(width: number, height: number, defs: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs>${defs}</defs>${body}</svg>`
  );
}

function linearGradient(id: string, from: string, to: string, vertical = true): string {
  const direction = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="1"';
  return `<linearGradient id="${id}" ${direction}><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

/** Light along the spine and a soft shade at the bottom: makes flat art read as a book. */
function bookFinish(width: number, height: number): { defs: string; body: string } {
  const defs =
    '<linearGradient id="spine" x1="0" y1="0" x2="1" y2="0">' +
    '<stop offset="0" stop-color="#000" stop-opacity="0.35"/>' +
    '<stop offset="0.35" stop-color="#fff" stop-opacity="0.18"/>' +
    '<stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>' +
    '<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">' +
    '<stop offset="0.55" stop-color="#000" stop-opacity="0"/>' +
    '<stop offset="1" stop-color="#000" stop-opacity="0.25"/></linearGradient>';
  const body =
    `<rect width="${width}" height="${height}" fill="url(#shade)"/>` +
    `<rect width="22" height="${height}" fill="url(#spine)"/>` +
    `<rect x="22" width="1.5" height="${height}" fill="#000" opacity="0.18"/>`;
  return { defs, body };
}

// ---------------------------------------------------------------------------------------------
// Book-shaped styles (400 x 600)

type BookStyle = (rng: Rng, palette: Palette, width: number, height: number) => { defs: string; body: string };

function ridgePath(rng: Rng, width: number, height: number, baseY: number, amplitude: number): string {
  const steps = rng.int(4, 8);
  let d = `M0 ${n(height)} L0 ${n(baseY + rng.next() * amplitude)}`;
  for (let i = 1; i <= steps; i += 1) {
    const x = (width * i) / steps;
    const peak = baseY - rng.next() * amplitude;
    d += ` L${n(x - width / steps / 2)} ${n(peak)} L${n(x)} ${n(baseY + rng.next() * amplitude * 0.4)}`;
  }
  return `${d} L${width} ${height} Z`;
}

const landscape: BookStyle = (rng, palette, width, height) => {
  const sky = linearGradient('sky', palette.base, color(palette, 2));
  const sunColor = color(palette, 3);
  const sunX = width * (0.25 + rng.next() * 0.5);
  const sunY = height * (0.22 + rng.next() * 0.15);
  let body = `<rect width="${width}" height="${height}" fill="url(#sky)"/>`;
  body += `<circle cx="${n(sunX)}" cy="${n(sunY)}" r="${n(width * 0.26)}" fill="${sunColor}" opacity="0.18"/>`;
  body += `<circle cx="${n(sunX)}" cy="${n(sunY)}" r="${n(width * 0.15)}" fill="${sunColor}"/>`;
  const layers = rng.int(3, 5);
  for (let i = 0; i < layers; i += 1) {
    const baseY = height * (0.5 + (i * 0.4) / layers);
    const fill = i === layers - 1 ? palette.base : color(palette, i);
    const opacity = 0.55 + (0.45 * (i + 1)) / layers;
    body += `<path d="${ridgePath(rng, width, height, baseY, height * 0.12)}" fill="${fill}" opacity="${n(opacity)}"/>`;
  }
  return { defs: sky, body };
};

const bauhaus: BookStyle = (rng, palette, width, height) => {
  const columns = rng.pick([2, 3, 4]);
  const size = width / columns;
  const rows = Math.ceil(height / size);
  let body = `<rect width="${width}" height="${height}" fill="${palette.base}"/>`;
  for (let row = 0; row < rows; row += 1) {
    for (let col = 0; col < columns; col += 1) {
      const x = col * size;
      const y = row * size;
      const fill = color(palette, rng.int(0, 3));
      const rotation = rng.int(0, 3) * 90;
      const transform = `transform="rotate(${rotation} ${n(x + size / 2)} ${n(y + size / 2)})"`;
      switch (rng.int(0, 5)) {
        case 0:
          body += `<circle cx="${n(x + size / 2)}" cy="${n(y + size / 2)}" r="${n(size * 0.42)}" fill="${fill}"/>`;
          break;
        case 1:
          body += `<path d="M${n(x)} ${n(y)} L${n(x + size)} ${n(y)} A${n(size)} ${n(size)} 0 0 1 ${n(x)} ${n(y + size)} Z" fill="${fill}" ${transform}/>`;
          break;
        case 2:
          body += `<path d="M${n(x)} ${n(y + size)} L${n(x + size / 2)} ${n(y)} L${n(x + size)} ${n(y + size)} Z" fill="${fill}" ${transform}/>`;
          break;
        case 3:
          body += `<path d="M${n(x)} ${n(y + size / 2)} A${n(size / 2)} ${n(size / 2)} 0 0 1 ${n(x + size)} ${n(y + size / 2)} Z" fill="${fill}" ${transform}/>`;
          break;
        case 4:
          body += `<rect x="${n(x + size * 0.15)}" y="${n(y + size * 0.15)}" width="${n(size * 0.7)}" height="${n(size * 0.7)}" fill="${fill}"/>`;
          break;
        default:
          body += `<circle cx="${n(x + size / 2)}" cy="${n(y + size / 2)}" r="${n(size * 0.4)}" fill="none" stroke="${fill}" stroke-width="${n(size * 0.1)}"/>`;
      }
    }
  }
  return { defs: '', body };
};

const orbits: BookStyle = (rng, palette, width, height) => {
  const background = linearGradient('bg', palette.base, color(palette, 0), false);
  const cx = width * (0.3 + rng.next() * 0.4);
  const cy = height * (0.35 + rng.next() * 0.3);
  let body = `<rect width="${width}" height="${height}" fill="url(#bg)"/>`;
  const rings = rng.int(5, 9);
  for (let i = rings; i > 0; i -= 1) {
    const r = (width * 0.9 * i) / rings;
    body += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="none" stroke="${color(palette, 2)}" stroke-opacity="0.35" stroke-width="1.5"/>`;
  }
  const bodies = rng.int(3, 6);
  for (let i = 0; i < bodies; i += 1) {
    const angle = rng.next() * Math.PI * 2;
    const distance = (width * 0.9 * rng.int(1, rings)) / rings;
    const r = width * (0.03 + rng.next() * 0.07);
    body += `<circle cx="${n(cx + Math.cos(angle) * distance)}" cy="${n(cy + Math.sin(angle) * distance)}" r="${n(r)}" fill="${color(palette, i + 1)}"/>`;
  }
  body += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(width * 0.16)}" fill="${color(palette, 3)}"/>`;
  return { defs: background, body };
};

const waves: BookStyle = (rng, palette, width, height) => {
  let body = `<rect width="${width}" height="${height}" fill="${palette.base}"/>`;
  const bands = rng.int(5, 8);
  const top = height * (0.25 + rng.next() * 0.2);
  for (let i = 0; i < bands; i += 1) {
    const y = top + ((height - top) * i) / bands;
    const amplitude = 20 + rng.next() * 40;
    const phase = rng.next() * width;
    const d =
      `M0 ${n(y)} C${n(width * 0.3 + phase * 0.1)} ${n(y - amplitude)} ${n(width * 0.6 - phase * 0.1)} ${n(y + amplitude)} ${width} ${n(y - amplitude * 0.3)}` +
      ` L${width} ${height} L0 ${height} Z`;
    body += `<path d="${d}" fill="${color(palette, i)}" opacity="${n(0.75 + (0.25 * i) / bands)}"/>`;
  }
  body += `<circle cx="${n(width * (0.2 + rng.next() * 0.6))}" cy="${n(top * 0.55)}" r="${n(width * 0.1)}" fill="${color(palette, 3)}"/>`;
  return { defs: '', body };
};

const night: BookStyle = (rng, palette, width, height) => {
  const sky = linearGradient('night', palette.base, color(palette, 0));
  let body = `<rect width="${width}" height="${height}" fill="url(#night)"/>`;
  const stars = rng.int(40, 80);
  for (let i = 0; i < stars; i += 1) {
    const r = 0.6 + rng.next() * 1.8;
    body += `<circle cx="${n(rng.next() * width)}" cy="${n(rng.next() * height * 0.7)}" r="${n(r)}" fill="#fff" opacity="${n(0.4 + rng.next() * 0.6)}"/>`;
  }
  const moonX = width * (0.55 + rng.next() * 0.25);
  const moonY = height * (0.15 + rng.next() * 0.15);
  const moonR = width * 0.12;
  const moonColor = color(palette, 3);
  body += `<circle cx="${n(moonX)}" cy="${n(moonY)}" r="${n(moonR * 1.8)}" fill="${moonColor}" opacity="0.12"/>`;
  body += `<circle cx="${n(moonX)}" cy="${n(moonY)}" r="${n(moonR)}" fill="${moonColor}"/>`;
  if (rng.chance(0.6)) {
    body += `<circle cx="${n(moonX - moonR * 0.45)}" cy="${n(moonY - moonR * 0.2)}" r="${n(moonR * 0.9)}" fill="${palette.base}"/>`;
  }
  body += `<path d="${ridgePath(rng, width, height, height * 0.82, height * 0.08)}" fill="#000" opacity="0.55"/>`;
  return { defs: sky, body };
};

/** A key-pattern frame (алхан хээ) around a medallion, after traditional Mongolian ornament. */
const ornament: BookStyle = (rng, palette, width, height) => {
  const ink = color(palette, 3);
  const accent = color(palette, 1);
  const step = 20;
  const margin = 30;
  let meander = '';
  for (let x = margin; x < width - margin - step; x += step) {
    meander += `M${x} ${margin + step} v${-step} h${step * 0.75} v${step * 0.5} h${-step * 0.4} `;
  }
  let body = `<rect width="${width}" height="${height}" fill="${palette.base}"/>`;
  const frame = `<path d="${meander}" fill="none" stroke="${ink}" stroke-width="3"/>`;
  body += frame;
  body += `<g transform="rotate(180 ${width / 2} ${height / 2})">${frame}</g>`;
  body += `<rect x="${margin}" y="${margin + step + 8}" width="${width - 2 * margin}" height="${height - 2 * (margin + step + 8)}" fill="none" stroke="${ink}" stroke-width="2"/>`;
  const cx = width / 2;
  const cy = height / 2;
  const rings = rng.int(3, 5);
  for (let i = rings; i > 0; i -= 1) {
    const r = (width * 0.32 * i) / rings;
    body += `<circle cx="${cx}" cy="${cy}" r="${n(r)}" fill="${i % 2 === 0 ? accent : color(palette, 2)}"/>`;
  }
  const petals = rng.pick([4, 6, 8]);
  for (let i = 0; i < petals; i += 1) {
    const angle = (360 * i) / petals;
    body += `<ellipse cx="${cx}" cy="${n(cy - width * 0.2)}" rx="${n(width * 0.045)}" ry="${n(width * 0.09)}" fill="${ink}" transform="rotate(${angle} ${cx} ${cy})"/>`;
  }
  body += `<rect x="${n(cx - width * 0.06)}" y="${n(cy - width * 0.06)}" width="${n(width * 0.12)}" height="${n(width * 0.12)}" fill="${palette.base}" transform="rotate(45 ${cx} ${cy})"/>`;
  return { defs: '', body };
};

const stripes: BookStyle = (rng, palette, width, height) => {
  let body = `<rect width="${width}" height="${height}" fill="${palette.base}"/>`;
  const count = rng.int(5, 9);
  const band = (width + height) / count;
  let shapes = '';
  for (let i = 0; i < count; i += 1) {
    if (i % 2 === 1) continue;
    const offset = i * band;
    shapes += `<path d="M${n(offset)} 0 L${n(offset + band)} 0 L${n(offset + band - height)} ${height} L${n(offset - height)} ${height} Z" fill="${color(palette, i / 2)}"/>`;
  }
  body += `<g opacity="0.9">${shapes}</g>`;
  const r = width * (0.18 + rng.next() * 0.1);
  body += `<circle cx="${n(width / 2)}" cy="${n(height * (0.3 + rng.next() * 0.4))}" r="${n(r)}" fill="${palette.base}" stroke="${color(palette, 3)}" stroke-width="10"/>`;
  return { defs: '', body };
};

const BOOK_STYLES: readonly BookStyle[] = [landscape, bauhaus, orbits, waves, night, ornament, stripes];

function bookCover(rng: Rng, palette: Palette, width: number, height: number): string {
  const art = rng.pick(BOOK_STYLES)(rng, palette, width, height);
  const finish = bookFinish(width, height);
  return svgDocument(width, height, art.defs + finish.defs, art.body + finish.body);
}

// ---------------------------------------------------------------------------------------------
// Square styles (400 x 400)

function podcastCover(rng: Rng, palette: Palette, size: number): string {
  const defs = linearGradient('bg', palette.base, color(palette, 0), false);
  let body = `<rect width="${size}" height="${size}" fill="url(#bg)"/>`;
  for (let i = 4; i > 0; i -= 1) {
    body += `<circle cx="${size / 2}" cy="${size / 2}" r="${n(size * 0.12 * i)}" fill="none" stroke="${color(palette, 2)}" stroke-opacity="${n(0.12 * (5 - i))}" stroke-width="2"/>`;
  }
  const bars = rng.pick([13, 17, 21]);
  const barWidth = (size * 0.6) / (bars * 1.6);
  const start = size * 0.2;
  for (let i = 0; i < bars; i += 1) {
    // Bars rise towards the middle like a voice waveform, with a little jitter.
    const centreness = 1 - Math.abs(i - (bars - 1) / 2) / (bars / 2);
    const barHeight = size * (0.08 + 0.42 * centreness * (0.5 + rng.next() * 0.5));
    const x = start + i * barWidth * 1.6;
    body += `<rect x="${n(x)}" y="${n(size / 2 - barHeight / 2)}" width="${n(barWidth)}" height="${n(barHeight)}" rx="${n(barWidth / 2)}" fill="${color(palette, 3)}"/>`;
  }
  return svgDocument(size, size, defs, body);
}

function bundleCover(rng: Rng, palette: Palette, size: number): string {
  const defs = linearGradient('bg', color(palette, 3), color(palette, 2));
  let body = `<rect width="${size}" height="${size}" fill="url(#bg)"/>`;
  const shelfY = size * 0.8;
  body += `<rect x="${n(size * 0.08)}" y="${n(shelfY)}" width="${n(size * 0.84)}" height="${n(size * 0.035)}" fill="${palette.base}"/>`;
  let x = size * 0.14;
  const books = rng.int(4, 6);
  for (let i = 0; i < books; i += 1) {
    const bookWidth = size * (0.09 + rng.next() * 0.05);
    const bookHeight = size * (0.38 + rng.next() * 0.22);
    const fill = i % 2 === 0 ? palette.base : color(palette, i);
    const lean = i === books - 1 && rng.chance(0.6) ? `transform="rotate(12 ${n(x)} ${n(shelfY)})"` : '';
    body +=
      `<g ${lean}><rect x="${n(x)}" y="${n(shelfY - bookHeight)}" width="${n(bookWidth)}" height="${n(bookHeight)}" rx="3" fill="${fill}"/>` +
      `<rect x="${n(x + bookWidth * 0.2)}" y="${n(shelfY - bookHeight * 0.8)}" width="${n(bookWidth * 0.6)}" height="4" fill="#fff" opacity="0.55"/>` +
      `<rect x="${n(x + bookWidth * 0.2)}" y="${n(shelfY - bookHeight * 0.25)}" width="${n(bookWidth * 0.6)}" height="4" fill="#fff" opacity="0.55"/></g>`;
    x += bookWidth + size * 0.012;
  }
  return svgDocument(size, size, defs, body);
}

function personPortrait(rng: Rng, palette: Palette, size: number): string {
  const defs = linearGradient('bg', color(palette, 2), color(palette, 0));
  const skin = rng.pick(['#f1c7a5', '#e0ac84', '#c98e66', '#a86f4c', '#f5d2b8']);
  const hair = rng.pick(['#1b1b1b', '#2e2019', '#4a3426', '#6b4f3a', '#8d8d8d']);
  const cloth = palette.base;
  const cx = size / 2;
  const headY = size * 0.42;
  const headR = size * 0.16;
  let body = `<rect width="${size}" height="${size}" fill="url(#bg)"/>`;
  body += `<path d="M${n(size * 0.14)} ${size} C${n(size * 0.16)} ${n(size * 0.7)} ${n(size * 0.84)} ${n(size * 0.7)} ${n(size * 0.86)} ${size} Z" fill="${cloth}"/>`;
  const longHair = rng.chance(0.45);
  if (longHair) {
    body += `<path d="M${n(cx - headR * 1.15)} ${n(headY)} Q${n(cx - headR * 1.3)} ${n(headY + headR * 2)} ${n(cx - headR * 0.6)} ${n(headY + headR * 1.9)} L${n(cx + headR * 0.6)} ${n(headY + headR * 1.9)} Q${n(cx + headR * 1.3)} ${n(headY + headR * 2)} ${n(cx + headR * 1.15)} ${n(headY)} Z" fill="${hair}"/>`;
  }
  // The neck goes over long hair, or the hair would read as a beard.
  body += `<rect x="${n(cx - headR * 0.4)}" y="${n(headY + headR * 0.6)}" width="${n(headR * 0.8)}" height="${n(headR * 0.8)}" fill="${skin}"/>`;
  body += `<circle cx="${cx}" cy="${n(headY)}" r="${n(headR)}" fill="${skin}"/>`;
  body += `<path d="M${n(cx - headR * 1.05)} ${n(headY - headR * 0.05)} A${n(headR * 1.05)} ${n(headR * 1.1)} 0 0 1 ${n(cx + headR * 1.05)} ${n(headY - headR * 0.05)} Q${n(cx)} ${n(headY - headR * 0.6)} ${n(cx - headR * 1.05)} ${n(headY - headR * 0.05)} Z" fill="${hair}"/>`;
  return svgDocument(size, size, defs, body);
}

function publisherLogo(rng: Rng, palette: Palette, size: number): string {
  const paper = color(palette, 3);
  const ink = palette.base;
  const accent = color(palette, 0);
  const c = size / 2;
  let body = `<rect width="${size}" height="${size}" fill="${paper}"/>`;
  body += `<circle cx="${c}" cy="${c}" r="${n(size * 0.36)}" fill="${ink}"/>`;
  switch (rng.int(0, 2)) {
    case 0: // an open book
      body +=
        `<path d="M${n(c)} ${n(c + size * 0.12)} Q${n(c - size * 0.1)} ${n(c + size * 0.04)} ${n(c - size * 0.22)} ${n(c + size * 0.1)} L${n(c - size * 0.22)} ${n(c - size * 0.12)} Q${n(c - size * 0.1)} ${n(c - size * 0.18)} ${n(c)} ${n(c - size * 0.1)} Z" fill="${paper}"/>` +
        `<path d="M${n(c)} ${n(c + size * 0.12)} Q${n(c + size * 0.1)} ${n(c + size * 0.04)} ${n(c + size * 0.22)} ${n(c + size * 0.1)} L${n(c + size * 0.22)} ${n(c - size * 0.12)} Q${n(c + size * 0.1)} ${n(c - size * 0.18)} ${n(c)} ${n(c - size * 0.1)} Z" fill="${accent}"/>`;
      break;
    case 1: // a sun over a mountain
      body +=
        `<circle cx="${n(c + size * 0.08)}" cy="${n(c - size * 0.08)}" r="${n(size * 0.08)}" fill="${accent}"/>` +
        `<path d="M${n(c - size * 0.26)} ${n(c + size * 0.14)} L${n(c - size * 0.06)} ${n(c - size * 0.1)} L${n(c + size * 0.06)} ${n(c + size * 0.04)} L${n(c + size * 0.14)} ${n(c - size * 0.03)} L${n(c + size * 0.26)} ${n(c + size * 0.14)} Z" fill="${paper}"/>`;
      break;
    default: // stacked diamonds
      for (let i = 0; i < 3; i += 1) {
        const y = c - size * 0.12 + i * size * 0.12;
        body += `<rect x="${n(c - size * 0.07)}" y="${n(y - size * 0.07)}" width="${n(size * 0.14)}" height="${n(size * 0.14)}" fill="${i === 1 ? accent : paper}" transform="rotate(45 ${n(c)} ${n(y)})"/>`;
      }
  }
  return svgDocument(size, size, '', body);
}

// ---------------------------------------------------------------------------------------------

export const BOOK_WIDTH = 400;
export const BOOK_HEIGHT = 600;
export const SQUARE_SIZE = 400;

/** The key's prefix decides what is drawn: 'book-3', 'summary-1', 'podcast-2', 'person-7' ... */
function kindOf(key: string): string {
  return key.slice(0, key.lastIndexOf('-'));
}

export function shapeForKey(key: string): CoverShape {
  const kind = kindOf(key);
  return kind === 'book' || kind === 'summary' ? 'book' : 'square';
}

function artRng(key: string): Rng {
  return createRng(hashString(key));
}

/** The placeholder colour of a key, without drawing the whole design. */
export function coverColorFor(key: string): string {
  return paletteFor(artRng(key)).base;
}

export function coverArt(key: string): CoverArt {
  const rng = artRng(key);
  const palette = paletteFor(rng);
  const shape = shapeForKey(key);
  let svg: string;
  switch (kindOf(key)) {
    case 'podcast':
      svg = podcastCover(rng, palette, SQUARE_SIZE);
      break;
    case 'bundle':
      svg = bundleCover(rng, palette, SQUARE_SIZE);
      break;
    case 'person':
      svg = personPortrait(rng, palette, SQUARE_SIZE);
      break;
    case 'publisher':
      svg = publisherLogo(rng, palette, SQUARE_SIZE);
      break;
    default:
      svg = bookCover(rng, palette, BOOK_WIDTH, BOOK_HEIGHT);
  }
  return { shape, color: palette.base, svg };
}
