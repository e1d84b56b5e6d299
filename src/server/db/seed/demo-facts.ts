import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Effect, NetUnit, PotencyUnit } from '../../../shared/product-facts';
import type { ProductsTable } from '../schema';

/** Plausible, varied facts for every demo product, by name. */
interface DemoFacts {
  brand: string;
  potency?: {
    unit: PotencyUnit;
    thc?: number;
    thcServing?: number;
    cbd?: number;
    cbdServing?: number;
    serving?: string;
  };
  net?: [number, NetUnit];
  effects?: Effect[];
  lab?: { name: string; testedOn: string };
}

const SC = { name: 'SC Labs', testedOn: '2026-10-14' };
const ANRESCO = { name: 'Anresco Laboratories', testedOn: '2026-10-28' };
const STEEP = { name: 'Steep Hill', testedOn: '2026-11-06' };
const pct = (thc: number, cbd?: number) => ({ unit: '%' as const, thc, cbd });

export const DEMO_FACTS: Record<string, DemoFacts> = {
  'Blue Dream': {
    brand: 'Humboldt Farms',
    potency: pct(21.4, 0.1),
    net: [3.5, 'g'],
    effects: ['relaxed', 'happy', 'creative'],
    lab: SC,
  },
  'Gelato #41': {
    brand: 'Cookies',
    potency: pct(27.2),
    net: [3.5, 'g'],
    effects: ['euphoric', 'relaxed', 'happy'],
    lab: ANRESCO,
  },
  'Wedding Cake': {
    brand: 'Jungle Boys',
    potency: pct(25.8),
    net: [3.5, 'g'],
    effects: ['relaxed', 'hungry', 'happy'],
    lab: SC,
  },
  'Sour Diesel': {
    brand: 'Glass House',
    potency: pct(22.1),
    net: [3.5, 'g'],
    effects: ['energetic', 'uplifted', 'focused'],
    lab: STEEP,
  },
  'Granddaddy Purple': {
    brand: 'Humboldt Farms',
    potency: pct(19.6, 0.2),
    net: [3.5, 'g'],
    effects: ['sleepy', 'relaxed', 'hungry'],
    lab: SC,
  },
  'Jack Herer': {
    brand: 'Alien Labs',
    potency: pct(20.3),
    net: [3.5, 'g'],
    effects: ['focused', 'creative', 'uplifted'],
    lab: ANRESCO,
  },
  'OG Kush': {
    brand: 'Jungle Boys',
    potency: pct(23.7),
    net: [3.5, 'g'],
    effects: ['relaxed', 'euphoric', 'hungry'],
    lab: STEEP,
  },
  'Northern Lights': {
    brand: 'Glass House',
    potency: pct(18.2, 0.3),
    net: [3.5, 'g'],
    effects: ['sleepy', 'relaxed'],
    lab: SC,
  },
  'Green Crack': {
    brand: 'Glass House',
    potency: pct(17.4),
    net: [3.5, 'g'],
    effects: ['energetic', 'focused', 'uplifted'],
  },
  'Pineapple Express': {
    brand: 'Lowell Farms',
    potency: pct(19.1),
    net: [3.5, 'g'],
    effects: ['happy', 'creative', 'uplifted'],
    lab: ANRESCO,
  },
  'Durban Poison': {
    brand: 'Lowell Farms',
    potency: pct(16.8, 0.1),
    net: [3.5, 'g'],
    effects: ['energetic', 'uplifted', 'talkative'],
  },
  'Bubba Kush': {
    brand: 'Humboldt Farms',
    potency: pct(15.9),
    net: [3.5, 'g'],
    effects: ['sleepy', 'relaxed', 'hungry'],
    lab: STEEP,
  },
  'Girl Scout Cookies': {
    brand: 'Cookies',
    potency: pct(26.4),
    net: [3.5, 'g'],
    effects: ['euphoric', 'happy', 'relaxed'],
    lab: SC,
  },
  'Strawberry Cough': {
    brand: 'Alien Labs',
    potency: pct(18.9),
    net: [3.5, 'g'],
    effects: ['uplifted', 'happy', 'talkative'],
  },
  'Purple Punch': {
    brand: 'Cookies',
    potency: pct(20.7),
    net: [3.5, 'g'],
    effects: ['sleepy', 'relaxed', 'happy'],
    lab: ANRESCO,
  },
  'House Shake': {
    brand: 'Canopy House',
    potency: pct(13.5),
    net: [28, 'g'],
    effects: ['relaxed'],
  },
  'Classic Joint': {
    brand: 'Canopy House',
    potency: pct(18.5),
    net: [1, 'g'],
    effects: ['relaxed', 'happy'],
  },
  'Sativa Sunrise Joint': {
    brand: 'Lowell Farms',
    potency: pct(20.2),
    net: [1, 'g'],
    effects: ['energetic', 'uplifted', 'creative'],
    lab: SC,
  },
  'Indica Nightcap Joint': {
    brand: 'Lowell Farms',
    potency: pct(21.6),
    net: [1, 'g'],
    effects: ['sleepy', 'relaxed'],
    lab: SC,
  },
  'Infused Diamond Joint': {
    brand: 'Jeeter',
    potency: pct(41.3),
    net: [1.3, 'g'],
    effects: ['euphoric', 'relaxed', 'tingly'],
    lab: ANRESCO,
  },
  'Mini Joints 5-Pack': {
    brand: 'Jeeter',
    potency: pct(24.1),
    net: [2.5, 'g'],
    effects: ['happy', 'talkative'],
    lab: STEEP,
  },
  'Dogwalker 10-Pack': {
    brand: 'Canopy House',
    potency: pct(19.4),
    net: [3.5, 'g'],
    effects: ['relaxed', 'happy'],
  },
  'Live Resin Cart': {
    brand: 'Raw Garden',
    potency: pct(78.4, 0.4),
    net: [1, 'g'],
    effects: ['happy', 'uplifted', 'creative'],
    lab: SC,
  },
  'Distillate Cart': {
    brand: 'Stiiizy',
    potency: pct(88.6),
    net: [1, 'g'],
    effects: ['focused', 'energetic'],
    lab: ANRESCO,
  },
  'Disposable Vape Pen': {
    brand: 'Stiiizy',
    potency: pct(84.2),
    net: [0.5, 'g'],
    effects: ['happy', 'relaxed'],
    lab: STEEP,
  },
  'Live Resin Sauce': {
    brand: 'Raw Garden',
    potency: pct(72.5, 0.6),
    net: [1, 'g'],
    effects: ['euphoric', 'relaxed', 'creative'],
    lab: SC,
  },
  Badder: {
    brand: 'Alien Labs',
    potency: pct(76.9),
    net: [1, 'g'],
    effects: ['relaxed', 'euphoric'],
    lab: ANRESCO,
  },
  'Rosin Jam': {
    brand: 'Lowell Farms',
    potency: pct(70.3, 0.2),
    net: [1, 'g'],
    effects: ['calm', 'happy', 'creative'],
    lab: STEEP,
  },
  Shatter: {
    brand: 'Canopy House',
    potency: pct(81.7),
    net: [1, 'g'],
    effects: ['energetic', 'euphoric'],
  },
  'Sour Watermelon Gummies': {
    brand: 'Kiva',
    potency: { unit: 'mg', thc: 100, thcServing: 10, serving: 'piece' },
    net: [50, 'g'],
    effects: ['happy', 'uplifted', 'talkative'],
    lab: SC,
  },
  'Sleepy Berry Gummies': {
    brand: 'Wyld',
    potency: { unit: 'mg', thc: 100, thcServing: 5, cbd: 40, cbdServing: 2, serving: 'piece' },
    net: [60, 'g'],
    effects: ['sleepy', 'relaxed', 'calm'],
    lab: ANRESCO,
  },
  'Citrus Burst Gummies': {
    brand: 'Wyld',
    potency: { unit: 'mg', thc: 100, thcServing: 10, serving: 'piece' },
    net: [50, 'g'],
    effects: ['energetic', 'happy'],
    lab: STEEP,
  },
  'Micro-dose Mints': {
    brand: 'Kiva',
    potency: { unit: 'mg', thc: 40, thcServing: 2.5, cbd: 40, cbdServing: 2.5, serving: 'mint' },
    net: [20, 'g'],
    effects: ['focused', 'calm'],
    lab: SC,
  },
  'Dark Chocolate Bar': {
    brand: 'Kiva',
    potency: { unit: 'mg', thc: 100, thcServing: 5, serving: 'square' },
    net: [45, 'g'],
    effects: ['relaxed', 'happy', 'euphoric'],
    lab: ANRESCO,
  },
  'Milk Chocolate Bites': {
    brand: 'Plus Products',
    potency: { unit: 'mg', thc: 100, thcServing: 10, serving: 'bite' },
    net: [40, 'g'],
    effects: ['happy', 'hungry'],
  },
  'Sea Salt Caramels': {
    brand: 'Plus Products',
    potency: { unit: 'mg', thc: 50, thcServing: 5, serving: 'piece' },
    net: [55, 'g'],
    effects: ['relaxed', 'sleepy'],
    lab: STEEP,
  },
  'Cold Brew Tincture': {
    brand: 'Canopy House',
    potency: { unit: 'mg', thc: 300, thcServing: 10, cbd: 300, cbdServing: 10, serving: 'dropper' },
    net: [30, 'ml'],
    effects: ['focused', 'energetic', 'calm'],
    lab: SC,
  },
  'Rolling Papers': { brand: 'RAW', net: [32, 'g'] },
  'Herb Grinder': { brand: 'Santa Cruz Shredder' },
  'Glass Pipe': { brand: 'Canopy House' },
  'Smell-Proof Pouch': { brand: 'Revelry' },
  'Pocket Lighter': { brand: 'Clipper' },
  'Hemp Wick': { brand: 'Bee Line', net: [200, 'g'] },
};

/** A one-page certificate of analysis as a PDF (standard Helvetica, nothing embedded). */
export function certificatePdf(lines: string[]): Buffer {
  const pdfText = (t: string) => t.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = [
    'BT /F1 22 Tf 72 740 Td (Certificate of Analysis) Tj ET',
    ...lines.map((line, i) => `BT /F1 13 Tf 72 ${700 - i * 22} Td (${pdfText(line)}) Tj ET`),
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

type FactColumns = Pick<
  ProductsTable,
  | 'brand'
  | 'potency_unit'
  | 'thc'
  | 'thc_per_serving'
  | 'cbd'
  | 'cbd_per_serving'
  | 'serving_name'
  | 'net_amount'
  | 'net_unit'
  | 'lab_document'
  | 'lab_name'
  | 'lab_tested_on'
> & { effects: string };

/** The fact columns of one demo product, writing its lab certificate under the media folder. */
export async function demoFactColumns(
  mediaDir: string,
  productName: string,
  index: number,
): Promise<FactColumns> {
  const facts = DEMO_FACTS[productName];
  let labDocument: string | null = null;
  if (facts?.lab) {
    const name = `demo-lab-${index + 1}.pdf`;
    const file = path.join(mediaDir, name);
    if (!existsSync(file)) {
      const p = facts.potency;
      const amount = (v: number | undefined) =>
        v === undefined ? 'not detected' : `${v}${p?.unit === '%' ? '%' : ' mg'}`;
      await writeFile(
        file,
        certificatePdf([
          `Product: ${productName}`,
          `Brand: ${facts.brand}`,
          `Laboratory: ${facts.lab.name}`,
          `Tested: ${facts.lab.testedOn}`,
          `Total THC: ${amount(p?.thc)}`,
          `Total CBD: ${amount(p?.cbd)}`,
          'Pesticides, heavy metals, microbials: pass',
        ]),
      );
    }
    labDocument = `/media/${name}`;
  }
  const p = facts?.potency;
  return {
    brand: facts?.brand ?? null,
    potency_unit: p?.unit ?? null,
    thc: p?.thc ?? null,
    thc_per_serving: p?.thcServing ?? null,
    cbd: p?.cbd ?? null,
    cbd_per_serving: p?.cbdServing ?? null,
    serving_name: p?.serving ?? null,
    net_amount: facts?.net?.[0] ?? null,
    net_unit: facts?.net?.[1] ?? null,
    effects: JSON.stringify(facts?.effects ?? []),
    lab_document: labDocument,
    lab_name: facts?.lab?.name ?? null,
    lab_tested_on: facts?.lab?.testedOn ?? null,
  };
}
