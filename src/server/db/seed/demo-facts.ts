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

type Lab = NonNullable<DemoFacts['lab']>;
type FactRow = [
  name: string,
  brand: string,
  potency: DemoFacts['potency'] | null,
  net: DemoFacts['net'] | null,
  effects: Effect[] | null,
  lab: Lab | null,
];

/** One demo product per row; null where the label states nothing. */
// biome-ignore format: a table reads best one product per line
const FACT_ROWS: FactRow[] = [
  ['Blue Dream', 'Humboldt Farms', pct(21.4, 0.1), [3.5, 'g'], ['relaxed', 'happy', 'creative'], SC],
  ['Gelato #41', 'Cookies', pct(27.2), [3.5, 'g'], ['euphoric', 'relaxed', 'happy'], ANRESCO],
  ['Wedding Cake', 'Jungle Boys', pct(25.8), [3.5, 'g'], ['relaxed', 'hungry', 'happy'], SC],
  ['Sour Diesel', 'Glass House', pct(22.1), [3.5, 'g'], ['energetic', 'uplifted', 'focused'], STEEP],
  ['Granddaddy Purple', 'Humboldt Farms', pct(19.6, 0.2), [3.5, 'g'], ['sleepy', 'relaxed', 'hungry'], SC],
  ['Jack Herer', 'Alien Labs', pct(20.3), [3.5, 'g'], ['focused', 'creative', 'uplifted'], ANRESCO],
  ['OG Kush', 'Jungle Boys', pct(23.7), [3.5, 'g'], ['relaxed', 'euphoric', 'hungry'], STEEP],
  ['Northern Lights', 'Glass House', pct(18.2, 0.3), [3.5, 'g'], ['sleepy', 'relaxed'], SC],
  ['Green Crack', 'Glass House', pct(17.4), [3.5, 'g'], ['energetic', 'focused', 'uplifted'], null],
  ['Pineapple Express', 'Lowell Farms', pct(19.1), [3.5, 'g'], ['happy', 'creative', 'uplifted'], ANRESCO],
  ['Durban Poison', 'Lowell Farms', pct(16.8, 0.1), [3.5, 'g'], ['energetic', 'uplifted', 'talkative'], null],
  ['Bubba Kush', 'Humboldt Farms', pct(15.9), [3.5, 'g'], ['sleepy', 'relaxed', 'hungry'], STEEP],
  ['Girl Scout Cookies', 'Cookies', pct(26.4), [3.5, 'g'], ['euphoric', 'happy', 'relaxed'], SC],
  ['Strawberry Cough', 'Alien Labs', pct(18.9), [3.5, 'g'], ['uplifted', 'happy', 'talkative'], null],
  ['Purple Punch', 'Cookies', pct(20.7), [3.5, 'g'], ['sleepy', 'relaxed', 'happy'], ANRESCO],
  ['House Shake', 'Canopy House', pct(13.5), [28, 'g'], ['relaxed'], null],
  ['Classic Joint', 'Canopy House', pct(18.5), [1, 'g'], ['relaxed', 'happy'], null],
  ['Sativa Sunrise Joint', 'Lowell Farms', pct(20.2), [1, 'g'], ['energetic', 'uplifted', 'creative'], SC],
  ['Indica Nightcap Joint', 'Lowell Farms', pct(21.6), [1, 'g'], ['sleepy', 'relaxed'], SC],
  ['Infused Diamond Joint', 'Jeeter', pct(41.3), [1.3, 'g'], ['euphoric', 'relaxed', 'tingly'], ANRESCO],
  ['Mini Joints 5-Pack', 'Jeeter', pct(24.1), [2.5, 'g'], ['happy', 'talkative'], STEEP],
  ['Dogwalker 10-Pack', 'Canopy House', pct(19.4), [3.5, 'g'], ['relaxed', 'happy'], null],
  ['Live Resin Cart', 'Raw Garden', pct(78.4, 0.4), [1, 'g'], ['happy', 'uplifted', 'creative'], SC],
  ['Distillate Cart', 'Stiiizy', pct(88.6), [1, 'g'], ['focused', 'energetic'], ANRESCO],
  ['Disposable Vape Pen', 'Stiiizy', pct(84.2), [0.5, 'g'], ['happy', 'relaxed'], STEEP],
  ['Live Resin Sauce', 'Raw Garden', pct(72.5, 0.6), [1, 'g'], ['euphoric', 'relaxed', 'creative'], SC],
  ['Badder', 'Alien Labs', pct(76.9), [1, 'g'], ['relaxed', 'euphoric'], ANRESCO],
  ['Rosin Jam', 'Lowell Farms', pct(70.3, 0.2), [1, 'g'], ['calm', 'happy', 'creative'], STEEP],
  ['Shatter', 'Canopy House', pct(81.7), [1, 'g'], ['energetic', 'euphoric'], null],
  ['Sour Watermelon Gummies', 'Kiva', { unit: 'mg', thc: 100, thcServing: 10, serving: 'piece' }, [50, 'g'], ['happy', 'uplifted', 'talkative'], SC],
  ['Sleepy Berry Gummies', 'Wyld', { unit: 'mg', thc: 100, thcServing: 5, cbd: 40, cbdServing: 2, serving: 'piece' }, [60, 'g'], ['sleepy', 'relaxed', 'calm'], ANRESCO],
  ['Citrus Burst Gummies', 'Wyld', { unit: 'mg', thc: 100, thcServing: 10, serving: 'piece' }, [50, 'g'], ['energetic', 'happy'], STEEP],
  ['Micro-dose Mints', 'Kiva', { unit: 'mg', thc: 40, thcServing: 2.5, cbd: 40, cbdServing: 2.5, serving: 'mint' }, [20, 'g'], ['focused', 'calm'], SC],
  ['Dark Chocolate Bar', 'Kiva', { unit: 'mg', thc: 100, thcServing: 5, serving: 'square' }, [45, 'g'], ['relaxed', 'happy', 'euphoric'], ANRESCO],
  ['Milk Chocolate Bites', 'Plus Products', { unit: 'mg', thc: 100, thcServing: 10, serving: 'bite' }, [40, 'g'], ['happy', 'hungry'], null],
  ['Sea Salt Caramels', 'Plus Products', { unit: 'mg', thc: 50, thcServing: 5, serving: 'piece' }, [55, 'g'], ['relaxed', 'sleepy'], STEEP],
  ['Cold Brew Tincture', 'Canopy House', { unit: 'mg', thc: 300, thcServing: 10, cbd: 300, cbdServing: 10, serving: 'dropper' }, [30, 'ml'], ['focused', 'energetic', 'calm'], SC],
  ['Rolling Papers', 'RAW', null, [32, 'g'], null, null],
  ['Herb Grinder', 'Santa Cruz Shredder', null, null, null, null],
  ['Glass Pipe', 'Canopy House', null, null, null, null],
  ['Smell-Proof Pouch', 'Revelry', null, null, null, null],
  ['Pocket Lighter', 'Clipper', null, null, null, null],
  ['Hemp Wick', 'Bee Line', null, [200, 'g'], null, null],
];

export const DEMO_FACTS: Record<string, DemoFacts> = Object.fromEntries(
  FACT_ROWS.map(([name, brand, potency, net, effects, lab]) => [
    name,
    {
      brand,
      ...(potency && { potency }),
      ...(net && { net }),
      ...(effects && { effects }),
      ...(lab && { lab }),
    },
  ]),
);

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
